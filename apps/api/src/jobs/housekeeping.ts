import { purgeOldMessages } from '../lib/outbox';
import { purgeUnclaimedUploads } from '../lib/uploads';
import { purgeExpiredCodes } from '../modules/certification';
import { purgeExpiredRevocations, purgeStaffSessions } from '../modules/session';
import { defineJob } from './define';

/** Tables and files that only grow unless something removes what nobody can use any more. */
export const housekeepingJobs = [
  defineJob({
    name: 'purge-unclaimed-uploads',
    about: 'Hourly: certificates no sign-up claimed and inquiry attachments no inquiry took within a day are deleted (row and file).',
    schedule: { cron: '15 * * * *' },
    retry: { limit: 2, delaySeconds: 60 },
    expireInSeconds: 900,
    policy: 'stately',
    handler: async (ctx) => {
      const n = await purgeUnclaimedUploads(ctx.db, ctx.storage);
      if (n > 0) ctx.log.info({ deleted: n }, 'unclaimed uploads deleted');
    },
  }),
  defineJob({
    name: 'purge-expired-records',
    about:
      'Every 30 minutes: revoked tokens past their expiry, throttle counters expired a day ago, week-old codes, password hashes of left members who may register again, outbox messages sent 30 days ago (failed ones after 90), and staff sessions over for a day.',
    schedule: { cron: '*/30 * * * *' },
    retry: { limit: 2, delaySeconds: 60 },
    expireInSeconds: 600,
    policy: 'stately',
    handler: async (ctx) => {
      await purgeExpiredRevocations(ctx.db);
      await purgeExpiredCodes(ctx.db);
      await purgeOldMessages(ctx.db);
      await purgeStaffSessions(ctx.db);
    },
  }),
];
