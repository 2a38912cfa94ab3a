import { expect, inject } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { resolveJwtSecret, TokenService } from '@podo/api/lib/auth';
import { signCliAdminToken } from '@podo/api/modules/session/guards';
import { codeIn, FILES, freshContact, freshIp, multipartBody, signupBody } from './accounts';
import { SWEEP_COOKIE } from './sweep-session';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared product server's DATA_DIR (its JWT secret signs the fixtures' admin token, as the admin CLI does). */
    dataDir: string;
    /** The JSON window on the SMS and e-mail the shared product server sent (mailbox.ts). */
    mailboxUrl: string;
  }
}

/**
 * The browser journeys' data, made by each test through the real server: a trade buyer of its own (signed up with
 * the codes the server really sent, approved by an administrator), wines set to a known price and stock, cash and
 * coupons given by an administrator, and the buyer signed in by the session cookie. No journey reads the demo
 * accounts or relies on the demo data's order.
 */

/** The server the fixtures work on: the browser project's shared one, or a file's own (useServer). */
export interface FixtureServer {
  base: string;
  dataDir: string;
  /** What the server's SMS provider and SMTP server received so far. */
  messages(kind: 'sms' | 'mail'): Promise<{ to: string; text: string }[]>;
}
let own: FixtureServer | undefined;
/** Points the fixtures at a test file's own product server (with its own SMS and SMTP stand-ins). */
export function useServer(server: FixtureServer): void {
  own = server;
}
const target = (): FixtureServer =>
  own ?? {
    base: inject('baseUrl'),
    dataDir: inject('dataDir'),
    messages: async (kind) => (await (await fetch(`${inject('mailboxUrl')}/${kind}`)).json()) as { to: string; text: string }[],
  };
const base = () => target().base;

export interface Buyer {
  id: number;
  email: string;
  mobile: string;
  password: string;
  company: string;
  token: string;
  ip: string;
}

async function call<T = { data: unknown }>(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; ip?: string; headers?: Record<string, string>; raw?: Buffer } = {},
): Promise<T> {
  const r = await fetch(`${base()}/api/v1${path}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.ip ? { 'x-forwarded-for': opts.ip } : {}),
      ...opts.headers,
    },
    body: opts.raw ? new Uint8Array(opts.raw) : opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${path} answered ${r.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** A short-lived administrator token, signed with the server's secret as `npm run admin` signs its own. */
export async function adminToken(): Promise<string> {
  return signCliAdminToken(new TokenService(resolveJwtSecret(undefined, target().dataDir)));
}

/** Waits for a message the server sent to the local stand-ins. */
export async function arrived(
  kind: 'sms' | 'mail',
  match: (m: { to: string; text: string }) => boolean,
): Promise<{ to: string; text: string }> {
  const until = Date.now() + 10_000;
  for (;;) {
    const found = (await target().messages(kind)).filter(match).at(-1);
    if (found) return found;
    if (Date.now() > until) throw new Error(`no ${kind} arrived in 10 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A member who signed up as a visitor would (codes by SMS and e-mail, a certificate), waiting for approval. */
export async function createMember(opts: { company?: string } = {}): Promise<Buyer> {
  const ip = freshIp();
  const contact = freshContact('buyer');
  await call('POST', '/cert', { body: { mode: 'SIGNUP_MOBILE', mobile: contact.mobile }, ip });
  const digits = contact.mobile.replace(/-/g, '');
  const sms = await arrived('sms', (m) => m.to === digits);
  await call('POST', '/cert/confirm', { body: { mode: 'SIGNUP_MOBILE', mobile: contact.mobile, code: codeIn(sms.text) }, ip });
  await call('POST', '/cert', { body: { mode: 'SIGNUP_EMAIL', email: contact.email }, ip });
  const mail = await arrived('mail', (m) => m.to === contact.email);
  await call('POST', '/cert/confirm', { body: { mode: 'SIGNUP_EMAIL', email: contact.email, code: codeIn(mail.text) }, ip });
  const upload = multipartBody({ name: 'certificate.pdf', type: 'application/pdf', bytes: FILES.pdf });
  const file = await call<{ data: { id: string } }>('POST', '/signup/certificate', { raw: upload.payload, headers: upload.headers, ip });
  const company = opts.company ?? `테스트 와인바 ${contact.email.slice(6, 14)}`;
  const body = signupBody(contact, file.data.id);
  body.business = { ...body.business, companyName: company };
  const signed = await call<{ data: { accessToken: string } }>('POST', '/signup', { body, ip });
  const me = await call<{ data: { id: number } }>('GET', '/me', { token: signed.data.accessToken, ip });
  return { id: me.data.id, ...contact, password: body.password, company, token: signed.data.accessToken, ip };
}

/** An approved trade buyer of the test's own. */
export async function createBuyer(opts: { company?: string } = {}): Promise<Buyer> {
  const member = await createMember(opts);
  await call('POST', `/admin/members/${member.id}/approve`, { token: await adminToken() });
  return member;
}

/** Signs the browser context in as `who`, by the session cookie (no login page). */
export async function signIn(context: BrowserContext, who: { token: string }): Promise<void> {
  await context.addCookies([{ name: SWEEP_COOKIE, value: who.token, url: base(), httpOnly: true }]);
}

export interface KnownWine {
  productId: number;
  vintageId: number;
  stock: number;
  tradePrice: number;
  retailPrice: number;
  /** Bottles per order step (1: by the bottle, 6 or 12: by the case) and the least a buyer may order. */
  orderStep: number;
  minQty: number;
}

interface VintageRow {
  id: number;
  orderStep: number;
  minQty: number;
}

/**
 * A wine on sale set to the stock and prices the test gives, through the administrator's calls: one of the first 24
 * in name order, with one vintage. `byCase` picks one sold by the case (or by the bottle); `skip` leaves out wines
 * another part of the test already set.
 */
export async function knownWine(opts: {
  byCase: boolean;
  stock: number;
  tradePrice: number;
  retailPrice?: number;
  skip?: number[];
  buyer: Buyer;
}): Promise<KnownWine> {
  const admin = await adminToken();
  // The first page of the list in name order (/product?sort=NAME_ASC): a journey finds the wine's card there.
  const list = await call<{ _embedded: { items: { id: number }[] } }>('GET', '/brand/wines/products?size=24&sort=NAME_ASC');
  for (const { id } of list._embedded.items) {
    if (opts.skip?.includes(id)) continue;
    const v = await call<{ _embedded: { items: VintageRow[] } }>('GET', `/wines/products/${id}/vintages`, { token: opts.buyer.token });
    const only = v._embedded.items.length === 1 ? v._embedded.items[0] : undefined;
    if (!only || only.orderStep > 1 !== opts.byCase) continue;
    const retailPrice = opts.retailPrice ?? Math.round((opts.tradePrice * 1.4) / 1000) * 1000;
    await call('PATCH', `/admin/wines/vintages/${only.id}`, { token: admin, body: { tradePrice: opts.tradePrice, retailPrice } });
    await setStock(only.id, opts.stock);
    return {
      productId: id,
      vintageId: only.id,
      stock: opts.stock,
      tradePrice: opts.tradePrice,
      retailPrice,
      orderStep: only.orderStep,
      minQty: only.minQty,
    };
  }
  throw new Error(`no wine with one vintage sold ${opts.byCase ? 'by the case' : 'by the bottle'}`);
}

/** The trade price the buyer's level gives for a wine set by knownWine (the level discount applies on top). */
export async function buyerPrice(buyer: Buyer, wine: KnownWine): Promise<number> {
  const v = await call<{ _embedded: { items: { id: number; tradePrice: number | null }[] } }>(
    'GET',
    `/wines/products/${wine.productId}/vintages`,
    { token: buyer.token },
  );
  const row = v._embedded.items.find((x) => x.id === wine.vintageId);
  expect(row?.tradePrice, 'the buyer sees a trade price').toBeTypeOf('number');
  return row!.tradePrice!;
}

/** Charges the buyer's cash balance (예치금), as the importer does when money arrives. */
export async function giveCash(buyer: Buyer, amount: number): Promise<void> {
  await call('POST', `/admin/members/${buyer.id}/cash`, { token: await adminToken(), body: { type: 'CHARGE', amount, memo: 'test' } });
}

/** Defines an order coupon (won off, valid this month and next) and gives it to the buyer; its id. */
export async function giveCoupon(buyer: Buyer, amount: number, minAmount = 0): Promise<number> {
  const admin = await adminToken();
  const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
  const later = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const name = `테스트 쿠폰 ${amount.toLocaleString('ko-KR')}원`;
  const made = await call<{ data: { id: number } }>('POST', '/admin/coupons', {
    token: admin,
    body: {
      name: { 'ko-KR': name, 'en-US': `Test coupon ₩${amount}` },
      scope: 'ORDER',
      kind: 'AMOUNT',
      amount,
      minAmount,
      startsOn: today,
      endsOn: later,
    },
  });
  await call('POST', `/admin/coupons/${made.data.id}/issue`, { token: admin, body: { userIds: [buyer.id] } });
  return made.data.id;
}

/** Sets a vintage's stock (bottles) with the administrator's call. */
export async function setStock(vintageId: number, stock: number): Promise<void> {
  await call('PATCH', `/admin/wines/vintages/${vintageId}/stock`, { token: await adminToken(), body: { stock } });
}
