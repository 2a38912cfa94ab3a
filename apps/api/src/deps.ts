import type { CacheHub } from '@podo/cache';
import type { AppConfig } from '@podo/config';
import type { DbHandle } from '@podo/db';
import type { TokenService } from './lib/auth';
import type { Notifier } from './lib/notify';

/**
 * What the services are given: configuration, database, token service, delivery and caches. A leaf file (it imports no
 * module), so services can name it without importing the app that registers them.
 */
export interface AppDeps {
  config: AppConfig;
  db: DbHandle;
  tokens: TokenService;
  /** E-mail (SMTP) and SMS delivery. */
  notifier: Notifier;
  /** The caches of this database, invalidated across the server processes on it (lib/cache.ts). */
  cache: CacheHub;
  startedAt: number;
}
