import type { AppConfig } from '@podo/config';
import type { ServiceCtx } from '../deps';

/** What a job's handler is given: the services' context, and which attempt this is. */
export interface JobCtx extends ServiceCtx {
  jobId: string;
  /** 0 for the first run, then 1, 2, … for the retries. */
  attempt: number;
  /** No retry follows this attempt: when it fails, the job is failed for good. */
  lastAttempt: boolean;
}

/**
 * One kind of background work. Scheduled jobs run once per occurrence of their cron expression (Korea time) across
 * every worker process; triggered ones run once per `ctx.jobs.send`. A failed run is retried after `retry.delaySeconds`
 * (doubling with `backoff`), `retry.limit` times; a run longer than `expireInSeconds` counts as failed. Handlers must
 * be safe to run again after a worker died in the middle (their claims, not the queue, make them run once).
 */
export interface JobDefinition<D extends object = object> {
  /** The queue's name: letters, digits and hyphens. */
  name: string;
  /** What it does (docs/operations.md lists it). */
  about: string;
  /** Five-field cron expression in Asia/Seoul; `catchUp`: one run for occurrences missed while no worker ran. */
  schedule?: { cron: string; catchUp?: boolean };
  /** `delaySeconds` may be read from the configuration. */
  retry: { limit: number; delaySeconds: number | ((config: AppConfig) => number); backoff?: boolean; maxDelaySeconds?: number };
  expireInSeconds: number;
  /**
   * `stately`: at most one waiting and one running job (sweeps: a second occurrence while one runs is dropped).
   * `standard`: every sent job waits its turn.
   */
  policy: 'standard' | 'stately';
  /** Jobs run at the same time by one worker process. */
  concurrency?: number;
  /**
   * Jobs each of those takes at a time and runs one after the other; while a batch comes back full the next is
   * fetched at once, without the poll interval's wait (a backlog: the outbox). Each job is settled on its own.
   */
  batchSize?: number;
  handler(ctx: JobCtx, data: D): Promise<void>;
  /**
   * With `batchSize`: runs a whole batch at once instead of `handler` for each job (one statement for many jobs),
   * returning each job's error or undefined, in order. `ctx.lastAttempt` is the first job's; each item says its own.
   */
  handleBatch?(ctx: JobCtx, jobs: readonly BatchItem<D>[]): Promise<unknown[]>;
}

/** One job of a batch given to `handleBatch`. */
export interface BatchItem<D> {
  data: D;
  lastAttempt: boolean;
}

/** A job of any data, as the queue holds them (it passes each job the data it was sent with). */
export type AnyJobDefinition = Omit<JobDefinition, 'handler' | 'handleBatch'> & {
  handler(ctx: JobCtx, data: never): Promise<void>;
  handleBatch?(ctx: JobCtx, jobs: readonly BatchItem<never>[]): Promise<unknown[]>;
};

/** Declares a job (listed in jobs/index.ts); the type of `data` is what `send` must pass. */
export const defineJob = <D extends object = Record<string, never>>(def: JobDefinition<D>): JobDefinition<D> => def;

/** Every job's cron expressions are read in Korea time. */
export const JOB_TIME_ZONE = 'Asia/Seoul';
