import { defineJob } from '../../jobs/define';
import { evaluateLevels } from './levels';
import { cancelOverdueOrders } from './orders';
import { notifyRestocked, RESTOCK_JOB } from './restock';
import { expireCash } from './wallet';

/** The background work of ordering: deadlines, cash validity, monthly levels and restock notices. */
export const commerceJobs = [
  defineJob({
    name: 'cancel-overdue-orders',
    about:
      'Every minute: bank-transfer orders past their deposit deadline are cancelled (stock, cash and coupons back), and the buyer is told.',
    schedule: { cron: '* * * * *' },
    retry: { limit: 2, delaySeconds: 10 },
    expireInSeconds: 300,
    policy: 'stately',
    handler: async (ctx) => {
      const n = await cancelOverdueOrders(ctx, new Date());
      if (n > 0) ctx.log.info({ cancelled: n }, 'overdue bank-transfer orders cancelled');
    },
  }),
  defineJob({
    name: 'expire-cash',
    about: 'Every 10 minutes: cash whose validity ended is taken off the balances (one EXPIRE entry per buyer).',
    schedule: { cron: '*/10 * * * *' },
    retry: { limit: 2, delaySeconds: 30 },
    expireInSeconds: 600,
    policy: 'stately',
    handler: async (ctx) => {
      const won = await expireCash(ctx, new Date());
      if (won > 0) ctx.log.info({ won }, 'lapsed cash expired');
    },
  }),
  defineJob({
    name: 'evaluate-buyer-levels',
    about:
      "The 1st of each month, 00:00 Korea time: every approved buyer's level is set from last month's payments (once per month; a month missed while no worker ran is evaluated when one starts).",
    schedule: { cron: '0 0 1 * *', catchUp: true },
    retry: { limit: 5, delaySeconds: 60, backoff: true, maxDelaySeconds: 3600 },
    expireInSeconds: 1800,
    policy: 'stately',
    handler: async (ctx) => {
      const changed = await evaluateLevels(ctx, new Date());
      ctx.log.info({ changed }, changed === null ? 'buyer levels were already evaluated this month' : 'buyer levels evaluated');
    },
  }),
  defineJob<{ productIds: number[] }>({
    name: RESTOCK_JOB,
    about: 'When a sold-out wine is back (stock set, an order cancelled): the members waiting for it are told, once each.',
    retry: { limit: 5, delaySeconds: 30, backoff: true, maxDelaySeconds: 1800 },
    expireInSeconds: 600,
    policy: 'standard',
    handler: async (ctx, { productIds }) => {
      await notifyRestocked(ctx, productIds);
    },
  }),
];
