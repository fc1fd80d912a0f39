/**
 * Configuration, read from the environment once at start and validated with zod. A bad value stops
 * the process with a message naming the variable.
 */
import { z } from 'zod';

const ZBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  DATABASE_URL: z
    .string()
    .regex(/^(mysql|mariadb):\/\//, 'must start with mysql:// or mariadb://')
    .refine((value) => URL.canParse(value), 'must be a valid URL'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1, 'must be a positive number of milliseconds').default(30_000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  RENDERER_DIST: z.string().default('renderer/dist'),
  TRUST_PROXY: ZBoolean.default(false),
  /** Header set by the edge with the visitor's country (used by /v1/auth/.where-am-i). */
  COUNTRY_HEADER: z.string().default('cf-ipcountry'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
  APP_VERSION: z.string().default('0.1.0'),
});

export type TConfig = {
  nodeEnv: 'development' | 'test' | 'production';
  host: string;
  port: number;
  publicUrl: string;
  databaseUrl: string;
  databasePoolSize: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  requestTimeoutMs: number;
  shutdownGraceMs: number;
  rendererDist: string;
  trustProxy: boolean;
  countryHeader: string;
  redisUrl: string | undefined;
  appVersion: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration; throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): TConfig {
  // Empty strings count as unset so `FOO= npm start` falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ZConfig.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const value = cleaned[name];
      const shown = value === undefined ? 'is not set' : `is ${JSON.stringify(value)}`;
      return `${name} ${shown}: ${issue.message}`;
    });
    throw new ConfigError(problems);
  }
  const c = parsed.data;
  return {
    nodeEnv: c.NODE_ENV,
    host: c.HOST,
    port: c.PORT,
    publicUrl: c.PUBLIC_URL.replace(/\/+$/, ''),
    databaseUrl: c.DATABASE_URL,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    logLevel: c.LOG_LEVEL,
    requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
    shutdownGraceMs: c.SHUTDOWN_GRACE_MS,
    rendererDist: c.RENDERER_DIST,
    trustProxy: c.TRUST_PROXY,
    countryHeader: c.COUNTRY_HEADER.toLowerCase(),
    redisUrl: c.REDIS_URL,
    appVersion: c.APP_VERSION,
  };
}
