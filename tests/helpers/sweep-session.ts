import { expect } from 'vitest';
import type { Role } from './sweep-routes';

/** The session cookie of the default site config (`{slug}-brand-access-token`). */
export const SWEEP_COOKIE = 'podo-brand-access-token';

/** The demo accounts the sweeps visit as: the pages are checked as `npm start` shows them. */
const ACCOUNTS: Record<Exclude<Role, 'visitor'>, { email: string; password: string }> = {
  pending: { email: 'pending@example.com', password: 'Pending!2345' },
  buyer: { email: 'buyer@example.com', password: 'Buyer!2345' },
};

/** A fresh session token of a sweep role, from the login call. */
export async function sweepLogin(base: string, role: Exclude<Role, 'visitor'>): Promise<string> {
  const r = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ACCOUNTS[role]),
  });
  expect(r.status, `login as ${role}`).toBe(200);
  return ((await r.json()) as { data: { accessToken: string } }).data.accessToken;
}
