import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttleBuckets, verificationCodes } from '@podo/db';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
});
afterAll(() => t.close());

describe('code housekeeping', () => {
  it('drops week-old codes and long-expired throttle counters when codes are requested', async () => {
    const db = t.db.db;
    await db.insert(verificationCodes).values([
      {
        purpose: 'SIGNUP_MOBILE',
        target: '010-9000-0001',
        codeHash: 'x'.repeat(64),
        expiresAt: sql`now() - interval '8 days'`,
        createdAt: sql`now() - interval '8 days'`,
      },
      { purpose: 'SIGNUP_MOBILE', target: '010-9000-0002', codeHash: 'y'.repeat(64), expiresAt: sql`now() + interval '1 minute'` },
    ]);
    await db.insert(throttleBuckets).values([
      { key: 'old-bucket', count: 3, resetAt: sql`now() - interval '2 days'` },
      { key: 'live-bucket', count: 3, resetAt: sql`now() + interval '1 hour'` },
    ]);
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/cert', payload: { mode: 'SIGNUP_MOBILE', mobile: '010-9000-0003' } });
    expect(r.statusCode).toBe(200);
    const targets = (await db.select({ target: verificationCodes.target }).from(verificationCodes)).map((c) => c.target).sort();
    expect(targets).toEqual(['010-9000-0002', '010-9000-0003']);
    expect(await db.select().from(throttleBuckets).where(eq(throttleBuckets.key, 'old-bucket'))).toEqual([]);
    expect(await db.select().from(throttleBuckets).where(eq(throttleBuckets.key, 'live-bucket'))).toHaveLength(1);
  });
});
