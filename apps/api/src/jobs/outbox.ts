import { DELIVER_JOB, deliverMany, deliverQueued } from '../lib/outbox';
import { defineJob } from './define';

/** The outbox's delivery (lib/outbox.ts). */
export const outboxJobs = [
  defineJob<{ id: number }>({
    name: DELIVER_JOB,
    about:
      'For each e-mail and SMS written to the outbox: hands it to the SMTP server or the SMS provider; retried with a growing wait for about a day (a mail server down for an hour loses nothing), then marked failed (`npm run admin -- outbox`).',
    // OUTBOX_RETRY_SECONDS (30 s), then twice as long each time, at most an hour apart: 30 attempts span about a day.
    retry: { limit: 30, delaySeconds: (config) => config.jobs.outboxRetrySeconds, backoff: true, maxDelaySeconds: 3600 },
    // A batch of ten, its hand-overs side by side, each bounded at 30 s (notify.ts).
    expireInSeconds: 600,
    policy: 'standard',
    // Eight hand-overs at a time, each taking ten queued messages at once (a backlog drains without pauses; more
    // did not drain faster on two cores: docs/benchmarks.md).
    concurrency: 8,
    batchSize: 10,
    handler: async (ctx, { id }) => {
      await deliverQueued(ctx, id, ctx.lastAttempt);
    },
    // A batch is claimed and marked sent with one statement each.
    handleBatch: async (ctx, jobs) => {
      const outcomes = await deliverMany(
        ctx,
        jobs.map((j) => ({ id: j.data.id, lastAttempt: j.lastAttempt })),
      );
      return outcomes.map((o) => (o.status === 'error' ? o.error : undefined));
    },
  }),
];
