/**
 * Batched writes for big exchanges (10,000 people): one multi-row INSERT per thousand rows.
 * Prisma's createMany took 1.8 s for 10,000 people here (npm run bench:exchange); the same rows as
 * plain multi-row inserts take a fraction of that. Table and column names are constants of the
 * callers, never input; values are always bound parameters.
 */
import type { TDb } from '../../db/client';
import { Prisma } from '../../generated/prisma/client';

type TTx = Pick<TDb, '$executeRaw'>;

const CHUNK = 1000;

export function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) out.push(items.slice(start, start + CHUNK));
  return out;
}

export async function insertRows(
  tx: TTx,
  table: string,
  columns: string[],
  rows: unknown[][],
  options: { ignoreDuplicates?: boolean } = {},
): Promise<void> {
  const verb = Prisma.raw(options.ignoreDuplicates ? 'INSERT IGNORE' : 'INSERT');
  for (const part of chunks(rows)) {
    const values = part.map((row) => Prisma.sql`(${Prisma.join(row)})`);
    await tx.$executeRaw`${verb} INTO ${Prisma.raw(table)} (${Prisma.raw(columns.join(', '))}) VALUES ${Prisma.join(values)}`;
  }
}
