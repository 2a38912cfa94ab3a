import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { outboxCounts } from './outbox';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export interface Metrics {
  registry: Registry;
  /** Answers served by a cache without the handler (the answer cache of the catalogue). */
  cacheHits: Counter<'cache'>;
  /** A background job's run ended: completed, failed and retried, or failed for good. */
  jobRun(name: string, outcome: 'completed' | 'retried' | 'failed', seconds: number): void;
}

/** The route pattern of a request (`/api/v1/wineries/:id`), never its URL: one series per route, not per id. */
const routeOf = (req: FastifyRequest) => req.routeOptions.url ?? 'unmatched';

/**
 * GET /metrics in Prometheus' text format (prom-client), one registry per app: requests by route, method and
 * status with their durations, the database pool's connections and waits, cache hits, and the process' own
 * figures. Open on a plain `npm start`; with METRICS_TOKEN set only to `Authorization: Bearer <token>`; with
 * NODE_ENV=production and no token, not served (404).
 */
export function installMetrics(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const cacheHits = new Counter({
    name: 'cache_hits_total',
    help: 'Answers served from a cache without running their handler',
    labelNames: ['cache'] as const,
    registers: [registry],
  });
  const { db } = app.deps;
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool: connections open, idle, the pool size, and statements waiting for a connection',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const s = db.poolStats?.();
      if (!s) return;
      this.set({ state: 'open' }, s.open);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'max' }, s.max);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Background job runs in this process, by job and outcome (completed, retried, failed for good)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobDurations = new Histogram({
    name: 'job_run_duration_seconds',
    help: 'Time a background job run took in this process, by job',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
    registers: [registry],
  });
  const { jobs } = app.deps;
  new Gauge({
    name: 'job_queue_jobs',
    help: 'Jobs in the queue (all processes): waiting to run (queued), running (active), failed for good (kept a week)',
    labelNames: ['job', 'state'] as const,
    registers: [registry],
    async collect() {
      // A database fault must not take the other metrics down with it, nor leave old figures standing.
      const counts = await jobs.counts().catch(() => []);
      this.reset();
      for (const c of counts) {
        this.set({ job: c.name, state: 'queued' }, c.queued);
        this.set({ job: c.name, state: 'active' }, c.active);
        this.set({ job: c.name, state: 'failed' }, c.failed);
      }
    },
  });
  new Gauge({
    name: 'outbox_messages',
    help: 'E-mails and SMS in the outbox by state: pending (waiting or between retries), sending, failed (after the last retry), sent',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const counts = await outboxCounts(app.deps.db.db).catch(() => null);
      this.reset();
      if (counts) for (const [state, n] of Object.entries(counts)) this.set({ state }, n);
    },
  });
  const jobRun: Metrics['jobRun'] = (name, outcome, seconds) => {
    jobRuns.inc({ job: name, outcome });
    jobDurations.observe({ job: name }, seconds);
  };
  app.decorate('metrics', { registry, cacheHits, jobRun } satisfies Metrics);

  app.addHook('onResponse', async (req, reply) => {
    const labels = { route: routeOf(req), method: req.method, status: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  const { token, open } = app.deps.config.metrics;
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!expected && !open) return reply.callNotFound();
    if (expected) {
      const given = Buffer.from(req.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return reply.status(401).header('www-authenticate', 'Bearer').type('text/plain').send('metrics need the token\n');
    }
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}
