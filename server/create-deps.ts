import { Redis } from 'ioredis';
import {
  createRateLimiter,
  createRedisRateLimiter,
  type TRateLimitOptions,
  type TRateLimiter,
} from './auth/rate-limit';
import { createMemoryCache, createRedisCache } from './cache';
import type { TConfig } from './config';
import { createDb, type TDb } from './db/client';
import { createReplication } from './db/replicas';
import type { TAppDeps } from './deps';
import { createMailPolicy } from './mail/deliverability';
import { createMailer } from './mail/mailer';
import { createMemoryBus, createRedisBus } from './realtime/bus';

/** The longest a client waits after repeated wrong passwords for one account. */
const LOGIN_LOCK_MAX_MS = 24 * 3_600_000;

/**
 * Builds the process-wide dependencies from configuration. With REDIS_URL, caches and rate limits
 * (and the live events' pub/sub) live in Redis so several instances can run side by side; without it they stay in process.
 * With DATABASE_REPLICA_URLS, `db` reads from replicas in read requests (server/db/replicas.ts).
 */
export function createDeps(config: TConfig, overrides: { db?: TDb } = {}): TAppDeps {
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableAutoPipelining: true })
    : null;
  const limiter = (options: TRateLimitOptions): TRateLimiter =>
    redis ? createRedisRateLimiter(redis, { ...options, prefix: config.redisKeyPrefix }) : createRateLimiter(options);
  const primary = overrides.db ?? createDb(config.databaseUrl, config.databasePoolSize);
  const replication =
    config.databaseReplicaUrls.length > 0
      ? createReplication({
          primary,
          primaryUrl: config.databaseUrl,
          replicaUrls: config.databaseReplicaUrls,
          poolSize: config.databasePoolSize,
          maxLagMs: config.databaseReplicaMaxLagMs,
          waitMs: config.databaseReplicaWaitMs,
          redis,
          redisKeyPrefix: config.redisKeyPrefix,
        })
      : undefined;
  const db = replication?.db ?? primary;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dkim: config.dkim,
    policy: createMailPolicy(db, config),
  });
  const bus = redis ? createRedisBus(redis, config.redisKeyPrefix) : createMemoryBus();
  return {
    db,
    ...(replication ? { replication } : {}),
    cache: redis ? createRedisCache(redis, config.redisKeyPrefix) : createMemoryCache(),
    config,
    mailer,
    bus,
    redis,
    limits: {
      loginAccountClient: limiter({
        max: config.loginMaxFailures,
        windowMs: config.loginWindowMs,
        backoff: { maxMs: LOGIN_LOCK_MAX_MS },
      }),
      loginAccount: limiter({ max: config.loginMaxFailuresPerAccount, windowMs: config.loginWindowMs }),
      loginAddress: limiter({ max: config.loginMaxFailuresPerAddress, windowMs: config.loginWindowMs }),
      mailPerRecipient: limiter({ max: config.mailMaxPerRecipient, windowMs: 15 * 60_000 }),
      mailPerClient: limiter({ max: config.mailMaxPerClient, windowMs: 15 * 60_000 }),
    },
    async dispose() {
      mailer.close();
      await bus.close();
      await replication?.close();
      if (redis) await redis.quit();
    },
  };
}
