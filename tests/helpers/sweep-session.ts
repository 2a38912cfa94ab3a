import { expect } from 'vitest';
import { sampleIds, selectedCases, sweepCases, type Role, type SweepCase } from './sweep-routes';

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

/**
 * What both sweeps start from: a session of each signed-in role, and the cases to visit (every page route with its
 * sample URLs, as SWEEP_ONLY / SWEEP_FILES select). Fails when a route with parameters has no sample URL.
 */
export async function sweepStart(base: string): Promise<{ tokens: Partial<Record<Role, string>>; cases: SweepCase[] }> {
  const tokens: Partial<Record<Role, string>> = { pending: await sweepLogin(base, 'pending'), buyer: await sweepLogin(base, 'buyer') };
  const found = sweepCases(await sampleIds(base, tokens.buyer!));
  expect(found.unlisted, 'route patterns with parameters need sample URLs in tests/helpers/sweep-routes.ts').toEqual([]);
  return { tokens, cases: selectedCases(found.cases) };
}
