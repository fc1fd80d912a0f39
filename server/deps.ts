/** What every service call needs from the process: the database, caches, mail, limits and configuration. */
import type { Redis } from 'ioredis';
import type { TRateLimiter } from './auth/rate-limit';
import type { TCache } from './cache';
import type { TConfig } from './config';
import type { TDb } from './db/client';
import type { TReplication } from './db/replicas';
import type { TMailer } from './mail/mailer';
import type { TRealtimeBus } from './realtime/bus';

export interface TAppDeps {
  /**
   * The database: the primary, or with DATABASE_REPLICA_URLS a client that sends a read request's
   * reads to a replica (server/db/replicas.ts).
   */
  db: TDb;
  /** The read replicas' routing and health, when DATABASE_REPLICA_URLS is set. */
  replication?: TReplication;
  cache: TCache;
  config: TConfig;
  mailer: TMailer;
  /** Live events for subscriptions: in process, or Redis pub/sub across instances (server/realtime). */
  bus: TRealtimeBus;
  limits: {
    /** Wrong passwords per account and client address (growing lock; see server/auth/password-throttle.ts). */
    loginAccountClient: TRateLimiter;
    /** Wrong passwords per account, from every client. */
    loginAccount: TRateLimiter;
    /** Wrong passwords per client address, across accounts. */
    loginAddress: TRateLimiter;
    /** Account e-mails per recipient, and per client address (no mail bombing through us). */
    mailPerRecipient: TRateLimiter;
    mailPerClient: TRateLimiter;
  };
  /** The shared Redis connection when REDIS_URL is set (rate limits of the HTTP layer use it too). */
  redis: Redis | null;
  /** The server's logger (pino) once the HTTP server is built; services log degradations to it. */
  log?: { warn(object: object, message: string): void; error(object: object, message: string): void };
  /** Closes what the dependencies opened (mail transport, Redis); the database is closed by its owner. */
  dispose(): Promise<void>;
}
