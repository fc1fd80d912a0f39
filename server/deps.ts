/** What every service call needs from the process: the database, caches and configuration. */
import type { TCache } from './cache';
import type { TConfig } from './config';
import type { TDb } from './db/client';

export interface TAppDeps {
  db: TDb;
  cache: TCache;
  config: TConfig;
}
