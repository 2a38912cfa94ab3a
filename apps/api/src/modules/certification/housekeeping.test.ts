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
  it('drops week-old codes and long-expired throttle counters (the purge-expired-records job)', async () => {
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
    await t.app.deps.jobs.send(db, 'purge-expired-records');
    expect(await t.app.deps.jobs.drain('purge-expired-records')).toBe(1);
    const targets = (await db.select({ target: verificationCodes.target }).from(verificationCodes)).map((c) => c.target).sort();
    expect(targets).toEqual(['010-9000-0002']);
    expect(await db.select().from(throttleBuckets).where(eq(throttleBuckets.key, 'old-bucket'))).toEqual([]);
    expect(await db.select().from(throttleBuckets).where(eq(throttleBuckets.key, 'live-bucket'))).toHaveLength(1);
  });
});
