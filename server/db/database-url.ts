/** Parses mysql:// and mariadb:// URLs into connection options shared by Prisma's adapter and mysql2. */
export interface TConnectionOptions {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  socketPath?: string;
}

export function parseDatabaseUrl(databaseUrl: string): TConnectionOptions {
  const url = new URL(databaseUrl);
  const socket = url.searchParams.get('socket') ?? url.searchParams.get('socketPath') ?? undefined;
  return {
    host: url.hostname || '127.0.0.1',
    port: url.port ? Number(url.port) : 3306,
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.replace(/^\//, '')),
    ...(socket ? { socketPath: socket } : {}),
  };
}

/** The same URL pointing at another database on the same server. */
export function withDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/** Database names we create are restricted to safe identifiers. */
export function assertSafeDatabaseName(name: string): string {
  if (!/^[A-Za-z0-9_]{1,64}$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  return name;
}
