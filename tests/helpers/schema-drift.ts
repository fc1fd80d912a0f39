/**
 * Compares prisma/schema.prisma (read through Prisma's own DMMF) with a migrated database's
 * information_schema: every model has its table, every scalar field its column with a compatible
 * type and nullability, every @id/@unique/@@unique/@@index its index, every relation its foreign key.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import internals from '@prisma/internals';
import mysql from 'mysql2/promise';
import { parseDatabaseUrl } from '../../server/db/database-url';

const SCHEMA_PATH = path.resolve(import.meta.dirname, '../../prisma/schema.prisma');

interface TDmmfField {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'object' | 'enum' | 'unsupported';
  type: string;
  isRequired: boolean;
  isList: boolean;
  isId: boolean;
  isUnique: boolean;
  nativeType?: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
}
interface TDmmfModel {
  name: string;
  dbName: string | null;
  fields: TDmmfField[];
  primaryKey: { fields: string[] } | null;
  uniqueFields: string[][];
}
interface TDmmfIndex {
  model: string;
  type: 'id' | 'normal' | 'unique' | 'fulltext';
  isDefinedOnField: boolean;
  dbName?: string | null;
  fields: { name: string }[];
}

/** Which information_schema DATA_TYPEs a Prisma scalar (or native type) may be stored as. */
function compatibleTypes(field: TDmmfField): string[] {
  const native = field.nativeType?.[0]?.toLowerCase();
  if (native) {
    const map: Record<string, string[]> = {
      char: ['char'],
      varchar: ['varchar'],
      text: ['text'],
      mediumtext: ['mediumtext'],
      longtext: ['longtext'],
      tinyint: ['tinyint'],
      smallint: ['smallint'],
      int: ['int'],
      unsignedint: ['int'],
      bigint: ['bigint'],
      datetime: ['datetime'],
      date: ['date'],
      timestamp: ['timestamp'],
      json: ['json', 'longtext'],
      binary: ['binary'],
      varbinary: ['varbinary'],
      decimal: ['decimal'],
      double: ['double'],
    };
    return map[native] ?? [native];
  }
  switch (field.type) {
    case 'String':
      return ['varchar'];
    case 'Int':
      return ['int'];
    case 'BigInt':
      return ['bigint'];
    case 'Boolean':
      return ['tinyint'];
    case 'DateTime':
      return ['datetime'];
    case 'Float':
      return ['double'];
    case 'Decimal':
      return ['decimal'];
    case 'Json':
      return ['json', 'longtext'];
    case 'Bytes':
      return ['longblob'];
    default:
      return field.kind === 'enum' ? ['enum'] : [field.type.toLowerCase()];
  }
}

export async function readDmmf(schemaPath = SCHEMA_PATH): Promise<{ models: TDmmfModel[]; indexes: TDmmfIndex[] }> {
  const dmmf = await internals.getDMMF({ datamodel: await readFile(schemaPath, 'utf8') });
  const datamodel = dmmf.datamodel as unknown as { models: TDmmfModel[]; indexes: TDmmfIndex[] };
  return { models: datamodel.models, indexes: datamodel.indexes };
}

export async function findSchemaDrift(databaseUrl: string, schemaPath = SCHEMA_PATH): Promise<string[]> {
  const { models, indexes } = await readDmmf(schemaPath);
  const options = parseDatabaseUrl(databaseUrl);
  const connection = await mysql.createConnection(options);
  const problems: string[] = [];
  try {
    const [columns] = await connection.query<mysql.RowDataPacket[]>(
      'SELECT TABLE_NAME, COLUMN_NAME, DATA_TYPE, IS_NULLABLE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ?',
      [options.database],
    );
    const [statistics] = await connection.query<mysql.RowDataPacket[]>(
      'SELECT TABLE_NAME, INDEX_NAME, NON_UNIQUE, SEQ_IN_INDEX, COLUMN_NAME FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX',
      [options.database],
    );
    const [foreignKeys] = await connection.query<mysql.RowDataPacket[]>(
      'SELECT TABLE_NAME, COLUMN_NAME, REFERENCED_TABLE_NAME, REFERENCED_COLUMN_NAME FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = ? AND REFERENCED_TABLE_NAME IS NOT NULL',
      [options.database],
    );

    const tableColumns = new Map<string, Map<string, { type: string; nullable: boolean }>>();
    for (const row of columns) {
      const table = String(row.TABLE_NAME);
      if (!tableColumns.has(table)) tableColumns.set(table, new Map());
      tableColumns.get(table)!.set(String(row.COLUMN_NAME), {
        type: String(row.DATA_TYPE).toLowerCase(),
        nullable: row.IS_NULLABLE === 'YES',
      });
    }
    const tableIndexes = new Map<string, { columns: string[]; unique: boolean }[]>();
    const grouped = new Map<string, { table: string; columns: string[]; unique: boolean }>();
    for (const row of statistics) {
      const key = `${row.TABLE_NAME}.${row.INDEX_NAME}`;
      if (!grouped.has(key))
        grouped.set(key, { table: String(row.TABLE_NAME), columns: [], unique: Number(row.NON_UNIQUE) === 0 });
      grouped.get(key)!.columns.push(String(row.COLUMN_NAME));
    }
    for (const index of grouped.values()) {
      if (!tableIndexes.has(index.table)) tableIndexes.set(index.table, []);
      tableIndexes.get(index.table)!.push(index);
    }

    const modelByName = new Map(models.map((model) => [model.name, model]));
    const tableOf = (model: TDmmfModel): string => model.dbName ?? model.name;
    const columnOf = (model: TDmmfModel, fieldName: string): string => {
      const field = model.fields.find((candidate) => candidate.name === fieldName);
      return field?.dbName ?? fieldName;
    };

    for (const model of models) {
      const table = tableOf(model);
      const dbColumns = tableColumns.get(table);
      if (!dbColumns) {
        problems.push(`table ${table} (model ${model.name}) is missing`);
        continue;
      }
      for (const field of model.fields) {
        if (field.kind === 'object') continue;
        const column = field.dbName ?? field.name;
        const dbColumn = dbColumns.get(column);
        if (!dbColumn) {
          problems.push(`column ${table}.${column} (${model.name}.${field.name}) is missing`);
          continue;
        }
        const allowed = compatibleTypes(field);
        if (!allowed.includes(dbColumn.type)) {
          problems.push(`column ${table}.${column} is ${dbColumn.type}, schema expects ${allowed.join(' or ')}`);
        }
        if (dbColumn.nullable === field.isRequired) {
          problems.push(
            `column ${table}.${column} is ${dbColumn.nullable ? 'NULL' : 'NOT NULL'}, schema says ${field.isRequired ? 'required' : 'optional'}`,
          );
        }
      }
      for (const column of dbColumns.keys()) {
        const known = model.fields.some((field) => field.kind !== 'object' && (field.dbName ?? field.name) === column);
        if (!known) problems.push(`column ${table}.${column} exists in the database but not in model ${model.name}`);
      }
      // Relations: every relation field holding the foreign key has a matching constraint.
      for (const field of model.fields) {
        if (field.kind !== 'object' || !field.relationFromFields?.length) continue;
        const target = modelByName.get(field.type);
        if (!target) continue;
        field.relationFromFields.forEach((from, position) => {
          const to = field.relationToFields?.[position] ?? 'id';
          const fromColumn = columnOf(model, from);
          const toColumn = columnOf(target, to);
          const found = foreignKeys.some(
            (row) =>
              row.TABLE_NAME === table &&
              row.COLUMN_NAME === fromColumn &&
              row.REFERENCED_TABLE_NAME === tableOf(target) &&
              row.REFERENCED_COLUMN_NAME === toColumn,
          );
          if (!found)
            problems.push(
              `foreign key ${table}.${fromColumn} → ${tableOf(target)}.${toColumn} (${model.name}.${field.name}) is missing`,
            );
        });
      }
    }

    for (const index of indexes) {
      const model = modelByName.get(index.model);
      if (!model || index.type === 'fulltext') continue;
      const table = tableOf(model);
      const wanted = index.fields.map((field) => columnOf(model, field.name));
      const candidates = tableIndexes.get(table) ?? [];
      const unique = index.type === 'id' || index.type === 'unique';
      const found = candidates.some(
        (candidate) => candidate.columns.join(',') === wanted.join(',') && (!unique || candidate.unique),
      );
      if (!found)
        problems.push(`${index.type === 'normal' ? 'index' : index.type} on ${table}(${wanted.join(', ')}) is missing`);
    }
  } finally {
    await connection.end();
  }
  return problems;
}
