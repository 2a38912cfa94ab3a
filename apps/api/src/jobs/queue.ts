import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, PgBoss, type JobResult, type JobWithMetadata } from 'pg-boss';
import { JOBS_SCHEMA, type Database } from '@podo/db';
import { serviceCtx, type AppDeps, type JobQueue, type JobQueueCounts } from '../deps';
import { JOB_TIME_ZONE, type AnyJobDefinition, type JobCtx } from './define';

export type JobOutcome = 'completed' | 'retried' | 'failed';

export interface JobQueueOptions {
  /** `web`: queues jobs only; `worker` and `both` also run them and keep their schedules. */
  role: 'web' | 'worker' | 'both';
  /** An idle worker's look for new jobs, in seconds. */
  pollSeconds: number;
  /** How often a worker looks for jobs whose worker stopped beating, in seconds. */
  superviseSeconds: number;
  /** Told of every run that ended: for the metrics. */
  observe?: (name: string, outcome: JobOutcome, seconds: number) => void;
}

const JOB_HEARTBEAT_SECONDS = 10;

type QueueDeps = Omit<AppDeps, 'jobs' | 'cache' | 'startedAt' | 'lifecycle'>;

/**
 * Starts pg-boss on the app's own database handle (the PostgreSQL pool, or the embedded PGlite in this process), so
 * the queue needs no connection or server of its own. Every role can queue jobs; `worker` and `both` run them: each
 * declared queue is worked, and the schedules are kept in the database, where pg-boss makes each occurrence one job
 * across all the processes. Schedules of `retired` jobs are removed.
 */
export async function startJobQueue(
  deps: QueueDeps,
  log: FastifyBaseLogger,
  definitions: readonly AnyJobDefinition[],
  options: JobQueueOptions,
  /** Names of jobs no longer declared whose schedules are removed. */
  retired: readonly string[] = [],
): Promise<JobQueue> {
  const runs = options.role !== 'web';
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const boss = new PgBoss({
    db: { executeSql: (text, values) => deps.db.runText(text, values) },
    backend: deps.db.kind === 'pglite' ? 'pglite' : 'postgres',
    schema: JOBS_SCHEMA,
    // The migration step (migrateDatabase) installs and migrates the queue's tables, without request time limits.
    migrate: false,
    // Maintenance (expiring, retrying and deleting old jobs) and the schedules need only run where jobs run.
    supervise: runs,
    superviseIntervalSeconds: options.superviseSeconds,
    monitorIntervalSeconds: options.superviseSeconds,
    schedule: runs,
    // Schedules are checked as often as the rest (at most every 30 s): an occurrence becomes a job within that time.
    cronMonitorIntervalSeconds: Math.min(30, options.superviseSeconds),
    cronWorkerIntervalSeconds: Math.min(5, options.superviseSeconds),
    instanceName: options.role,
  });
  boss.on('error', (err) => log.warn({ err }, 'job queue error'));
  boss.on('warning', (w) => log.warn({ warning: w }, `job queue: ${w.message}`));
  await boss.start();

  const queue: JobQueue = {
    async send(db: Database, name: string, data: object = {}, opts = {}) {
      if (!byName.has(name)) throw new Error(`no job is declared as ${name} (jobs/index.ts)`);
      return boss.send(name, data, {
        ...(db === deps.db.db ? {} : { db: fromDrizzle(db as never, sql) }),
        ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      });
    },
    async drain(name: string) {
      const def = byName.get(name);
      if (!def) throw new Error(`no job is declared as ${name}`);
      let ran = 0;
      // One at a time: a fetched job is this attempt's until it is settled, and settling names the attempt.
      for (;;) {
        const [job] = await boss.fetch<object>(name, { includeMetadata: true });
        if (!job) return ran;
        ran++;
        let failure: { message: string } | undefined;
        try {
          await run(def, job);
        } catch (err) {
          failure = { message: err instanceof Error ? err.message : String(err) };
        }
        if (failure) await boss.fail(name, job, failure);
        else await boss.complete(name, job);
      }
    },
    async counts(): Promise<JobQueueCounts[]> {
      const { rows } = await deps.db.runText(
        `select name, count(*) filter (where state in ('created', 'retry'))::int as queued,
                count(*) filter (where state = 'active')::int as active,
                count(*) filter (where state = 'failed')::int as failed
         from ${JOBS_SCHEMA}.job where name = any($1::text[]) group by name`,
        [[...byName.keys()]],
      );
      const found = new Map((rows as JobQueueCounts[]).map((r) => [r.name, r]));
      return [...byName.keys()].map((name) => found.get(name) ?? { name, queued: 0, active: 0, failed: 0 });
    },
    async stop() {
      // Running jobs get the shutdown's time to finish; one still running then is failed, and retried by a worker.
      await boss.stop({ graceful: true, timeout: deps.config.shutdown.timeoutMs, close: false });
    },
  };

  /** Logs and counts how a run of `job` ended (`err` undefined: completed); the failure message for pg-boss. */
  function settle(def: AnyJobDefinition, job: JobWithMetadata<object>, jobLog: FastifyBaseLogger, seconds: number, err?: unknown) {
    if (err === undefined) {
      options.observe?.(def.name, 'completed', seconds);
      return undefined;
    }
    const lastAttempt = job.retryCount >= job.retryLimit;
    if (lastAttempt) jobLog.error({ err, jobId: job.id, attempt: job.retryCount }, `job ${def.name} failed for good`);
    else jobLog.warn({ err, jobId: job.id, attempt: job.retryCount }, `job ${def.name} failed; it will be retried`);
    options.observe?.(def.name, lastAttempt ? 'failed' : 'retried', seconds);
    return { message: err instanceof Error ? err.message : String(err) };
  }

  async function run(def: AnyJobDefinition, job: JobWithMetadata<object>) {
    const t0 = performance.now();
    const jobLog = log.child({ job: def.name, jobId: job.id });
    const lastAttempt = job.retryCount >= job.retryLimit;
    const ctx: JobCtx = { ...serviceCtx({ ...deps, jobs: queue }, jobLog), jobId: job.id, attempt: job.retryCount, lastAttempt };
    try {
      await def.handler(ctx, (job.data ?? {}) as never);
    } catch (err) {
      settle(def, job, jobLog, (performance.now() - t0) / 1000, err);
      throw err;
    }
    settle(def, job, jobLog, (performance.now() - t0) / 1000);
  }

  async function runBatch(def: AnyJobDefinition, jobs: JobWithMetadata<object>[]): Promise<JobResult[]> {
    const t0 = performance.now();
    const first = jobs[0]!;
    const jobLog = log.child({ job: def.name, jobIds: jobs.map((j) => j.id) });
    const last = (job: JobWithMetadata<object>) => job.retryCount >= job.retryLimit;
    const ctx: JobCtx = {
      ...serviceCtx({ ...deps, jobs: queue }, jobLog),
      jobId: first.id,
      attempt: first.retryCount,
      lastAttempt: last(first),
    };
    let errors: unknown[];
    try {
      errors = await def.handleBatch!(
        ctx,
        jobs.map((job) => ({ data: (job.data ?? {}) as never, lastAttempt: last(job) })),
      );
    } catch (err) {
      errors = jobs.map(() => err);
    }
    const seconds = (performance.now() - t0) / 1000;
    return jobs.map((job, i) => {
      const failure = settle(def, job, jobLog, seconds, errors[i]);
      return failure ? { id: job.id, status: 'failed' as const, output: failure } : { id: job.id, status: 'completed' as const };
    });
  }

  // A queue that cannot be set up leaves no timers behind.
  const setUp = async () => {
    for (const def of definitions) {
      const settings = {
        retryLimit: def.retry.limit,
        retryDelay: typeof def.retry.delaySeconds === 'function' ? def.retry.delaySeconds(deps.config) : def.retry.delaySeconds,
        retryBackoff: def.retry.backoff ?? false,
        expireInSeconds: def.expireInSeconds,
        // A running job's worker beats every 5 s; a job whose worker died (killed, lost) is retried 10 s after its last beat.
        heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
        ...(def.retry.maxDelaySeconds ? { retryDelayMax: def.retry.maxDelaySeconds } : {}),
      };
      await boss.createQueue(def.name, { ...settings, policy: def.policy });
      // A queue made by an earlier version takes this version's retry settings (its policy stays).
      if (runs) await boss.updateQueue(def.name, settings);
    }
    if (runs) {
      for (const def of definitions) {
        if (!def.schedule) continue;
        await boss.schedule(def.name, def.schedule.cron, null, { tz: JOB_TIME_ZONE, missed: def.schedule.catchUp ? 'once' : 'skip' });
      }
      // Only schedules of jobs this version retired: an older version starting during a rolling deploy must not remove
      // a newer one's schedules.
      for (const s of await boss.getSchedules()) if (retired.includes(s.name)) await boss.unschedule(s.name, s.key);
      for (const def of definitions) {
        const common = {
          includeMetadata: true as const,
          pollingIntervalSeconds: options.pollSeconds,
          localConcurrency: def.concurrency ?? 1,
        };
        if ((def.batchSize ?? 1) === 1) {
          await boss.work<object, void, typeof common & { batchSize: 1 }>(def.name, { ...common, batchSize: 1 }, async ([job]) => {
            if (job) await run(def, job);
          });
          continue;
        }
        // pg-boss waits the poll interval after every fetch unless a full batch says more is waiting: a backlog of
        // single jobs would go at one per interval per worker.
        await boss.work<object, JobResult[], typeof common & { batchSize: number; burstWhenBatchFull: true; perJobResults: true }>(
          def.name,
          { ...common, batchSize: def.batchSize ?? 1, burstWhenBatchFull: true, perJobResults: true },
          async (jobs) => {
            if (def.handleBatch) return runBatch(def, jobs);
            const results: JobResult[] = [];
            for (const job of jobs) {
              try {
                await run(def, job);
                results.push({ id: job.id, status: 'completed' });
              } catch (err) {
                results.push({ id: job.id, status: 'failed', output: { message: err instanceof Error ? err.message : String(err) } });
              }
            }
            return results;
          },
        );
      }
    }
  };
  try {
    await setUp();
  } catch (e) {
    await boss.stop({ graceful: false, close: false }).catch(() => {});
    throw e;
  }
  return queue;
}
