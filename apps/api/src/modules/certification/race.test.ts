import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '@podo/db';
import { createTestApp, usingPostgres, type TestApp } from '../../../../../tests/helpers/test-app';
import { consumeVerified, issueCode } from './codes';
import { first } from '../../../../../tests/helpers/items';

/**
 * Parallel requests against one code on real PostgreSQL (a pool of 20 connections; PGlite runs one query at a
 * time, so it cannot show a race and these tests run in the api-postgres project only).
 */
describe.skipIf(!usingPostgres())('code races on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
  });
  afterAll(() => t?.close());

  const confirm = (mobile: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/cert/confirm', payload: { mode: 'SIGNUP_MOBILE', mobile, code } });

  it('30 parallel wrong guesses get exactly 5 attempts, all refused with 4xx; the right code is refused afterwards', async () => {
    const mobile = '010-7000-0001';
    const { code, id } = await issueCode(t.db.db, t.app.deps.tokens, { purpose: 'SIGNUP_MOBILE', target: mobile, ip: '10.9.0.1' });
    const wrongCodes = Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(wrongCodes.map((c) => confirm(mobile, c)));
    for (const a of answers) {
      expect(a.statusCode).toBeGreaterThanOrEqual(400);
      expect(a.statusCode).toBeLessThan(500);
    }
    const codes = answers.map((a) => a.json().code as string);
    expect(codes.filter((c) => c === 'CODE_INVALID')).toHaveLength(4);
    expect(codes.filter((c) => c === 'CODE_ATTEMPTS_EXCEEDED')).toHaveLength(26);
    const row = first(await t.db.db.select().from(verificationCodes).where(eq(verificationCodes.id, id)));
    expect(row.attempts).toBe(5);
    expect(row.verifiedAt).toBeNull();

    const right = await confirm(mobile, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('CODE_ATTEMPTS_EXCEEDED');
  });

  it('10 parallel uses of one verified code: exactly one succeeds', async () => {
    const mobile = '010-7000-0002';
    const { code } = await issueCode(t.db.db, t.app.deps.tokens, { purpose: 'SIGNUP_MOBILE', target: mobile, ip: '10.9.0.2' });
    expect((await confirm(mobile, code)).statusCode).toBe(200);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => consumeVerified(t.db.db, { purpose: 'SIGNUP_MOBILE', target: mobile })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'CODE_NOT_VERIFIED' });
    }
  });
});
