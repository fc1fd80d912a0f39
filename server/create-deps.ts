import { createRateLimiter } from './auth/rate-limit';
import { createMemoryCache } from './cache';
import type { TConfig } from './config';
import { createDb, type TDb } from './db/client';
import type { TAppDeps } from './deps';
import { createMailer } from './mail/mailer';

/** Builds the process-wide dependencies from configuration. */
export function createDeps(config: TConfig, overrides: { db?: TDb } = {}): TAppDeps {
  return {
    db: overrides.db ?? createDb(config.databaseUrl, config.databasePoolSize),
    cache: createMemoryCache(),
    config,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
    limits: {
      loginAccount: createRateLimiter({ max: config.loginMaxFailures, windowMs: config.loginWindowMs }),
      loginAddress: createRateLimiter({ max: config.loginMaxFailuresPerAddress, windowMs: config.loginWindowMs }),
      clientLogs: createRateLimiter({ max: config.clientLogRatePerMinute, windowMs: 60_000 }),
    },
  };
}
