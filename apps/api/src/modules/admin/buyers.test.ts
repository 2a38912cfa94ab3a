import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, staffToken } from '../../../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';

let t: TestApp;
let sales: string;
beforeAll(async () => {
  t = await createTestApp();
  sales = await staffToken(t, 'sales@example.com');
});
afterAll(() => t?.close());

const list = async (qs: string, token = sales) => {
  const r = await t.app.inject({ method: 'GET', url: `/api/v1/admin/buyers?${qs}`, headers: auth(token) });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
const emails = (page: { data: { email: string }[] }) => page.data.map((b) => b.email);

describe('the buyer list (GET /admin/buyers)', () => {
  it('shows members, not staff, with personal data masked and the company details whole', async () => {
    const all = await list('size=100');
    const buyer = all.data.find((b: { companyName: string | null }) => b.companyName === '와인바 포도');
    expect(buyer).toMatchObject({
      status: 'APPROVED',
      role: 'BUYER',
      fullName: '김**어',
      email: 'bu***@example.com',
      mobile: '010-****-5678',
      businessNumber: '1234567891',
      businessType: 'WINE_BAR',
      hasPendingChanges: false,
    });
    const text = JSON.stringify(all);
    for (const whole of ['김바이어', 'buyer@example.com', '010-1234-5678', 'admin@example.com', 'sales@example.com'])
      expect(text).not.toContain(whole);
    expect(all.counts.PENDING).toBeGreaterThanOrEqual(1);
    expect(all.total).toBe(Object.values(all.counts as Record<string, number>).reduce((a, b) => a + b, 0));
  });

  it('finds a buyer by company, name, business number or phone as typed, and e-mail; filters by status', async () => {
    for (const q of ['와인바', '김바이어', '123-45-67891', '1234567891', '010 1234 5678', 'buyer@EXAMPLE']) {
      expect(emails(await list(`q=${encodeURIComponent(q)}`)), q).toEqual(['bu***@example.com']);
    }
    expect(emails(await list('q=5678'))).toContain('bu***@example.com'); // the last four digits of the phone
    expect(emails(await list('q=%25'))).toEqual([]); // a literal %, not everything
    expect(emails(await list(`q=${encodeURIComponent('이대기')}`))).toEqual(['pe***@example.com']);
    const pending = await list('status=PENDING');
    expect(pending.data.every((b: { status: string }) => b.status === 'PENDING')).toBe(true);
    expect(pending.total).toBe(pending.counts.PENDING);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/buyers?sort=name', headers: auth(sales) })).statusCode).toBe(400);
  });
});
