import type { CacheHub } from '@podo/cache';
import type { AppConfig } from '@podo/config';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbHandle } from '@podo/db';
import type { Language } from '@podo/i18n';
import type { TokenService } from './lib/auth';
import type { Notifier } from './lib/notify';
import { createFileStorage, type FileStorage } from './lib/storage';

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
  /** Where uploaded files are kept: DATA_DIR/uploads, or S3-compatible storage shared by the processes (lib/storage.ts). */
  storage: FileStorage;
  startedAt: number;
  /** The background job queue (pg-boss): queue jobs here, in the transaction that causes them (jobs/queue.ts). */
  jobs: JobQueue;
  /** Draining: the process is shutting down (SIGTERM); readiness answers 503 and answers close their connection. */
  lifecycle: { draining: boolean };
}

/** When a queued job may run at the earliest, and a key that keeps a second copy of it from being queued. */
export interface JobSendOptions {
  startAfter?: Date;
  singletonKey?: string;
}

/** One queue's jobs now: waiting to run, running, and failed for good (kept for a week). */
export interface JobQueueCounts {
  name: string;
  queued: number;
  active: number;
  failed: number;
}

/** The background job queue (pg-boss) as the services see it. */
export interface JobQueue {
  /**
   * Queues a job of a declared name (jobs/index.ts). With `db` a transaction, the job is part of it: it exists only
   * if the transaction commits. Returns the job's id, or null when a job with the same singleton key is waiting.
   */
  send(db: Database, name: string, data?: object, options?: JobSendOptions): Promise<string | null>;
  /** Runs the waiting jobs of a queue now, in this process, whatever its role (tests); how many ran. */
  drain(name: string): Promise<number>;
  counts(): Promise<JobQueueCounts[]>;
  stop(): Promise<void>;
}

/**
 * What every service is given: configuration, the database (or the transaction it runs in), tokens, delivery,
 * the caller's language and a logger. One shape for every call; services take what they use of it.
 */
export interface ServiceCtx {
  config: AppConfig;
  /** The database, or inside a transaction the transaction (see withDb). */
  db: Database;
  /** The connection pool itself: health checks, listening connections. */
  dbHandle: DbHandle;
  tokens: TokenService;
  notifier: Notifier;
  /** The bytes of uploaded files (lib/uploads.ts stores, opens and sends them through it). */
  storage: FileStorage;
  /** The background job queue: `ctx.jobs.send(ctx.db, …)` inside a transaction queues the job only if it commits. */
  jobs: JobQueue;
  lang: Language;
  log: FastifyBaseLogger;
}

/** The same context on another database handle (a transaction). */
export const withDb = <C extends ServiceCtx>(ctx: C, db: Database): C => ({ ...ctx, db });

/** A service context outside a request (the admin CLI, jobs, tests); without a storage, the configured one is made. */
export function serviceCtx(
  deps: Pick<AppDeps, 'config' | 'db' | 'tokens' | 'notifier' | 'jobs'> & Partial<Pick<AppDeps, 'storage'>>,
  log: FastifyBaseLogger,
  lang: Language = 'ko-KR',
): ServiceCtx {
  return {
    config: deps.config,
    db: deps.db.db,
    dbHandle: deps.db,
    tokens: deps.tokens,
    notifier: deps.notifier,
    storage: deps.storage ?? createFileStorage(deps.config),
    jobs: deps.jobs,
    lang,
    log,
  };
}
