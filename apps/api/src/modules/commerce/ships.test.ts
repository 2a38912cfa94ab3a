import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SHIP_ADDRESSES_MAX } from '@podo/contracts';
import { auth, loginToken } from '../../../../../tests/helpers/accounts';
import { postgresOnly } from '../../../../../tests/helpers/postgres-only';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';

let t: TestApp;
let buyer: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
  other = await loginToken(t, 'pending@example.com', 'Pending!2345');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object, lang = 'ko-KR') =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { ...auth(token), 'accept-language': lang }, payload });
const address = (n: number, over: object = {}) => ({
  fullName: `김와인${n}`,
  mobile: '01012345678',
  postalCode: '06236',
  address1: '서울특별시 강남구 테헤란로 123',
  address2: `${n}층`,
  message: '오전 중 배송',
  ...over,
});
async function clear(token: string) {
  const list = (await call('GET', '/commerce/ships', token)).json().data as { id: number }[];
  for (const s of list) expect((await call('DELETE', `/commerce/ships/${s.id}`, token)).statusCode).toBe(200);
}
const defaults = async (token: string) =>
  ((await call('GET', '/commerce/ships', token)).json().data as { id: number; defaultShip: boolean }[]).filter((s) => s.defaultShip);

describe('shipping addresses (/commerce/ships)', () => {
  it('starts the demo buyer with two addresses, the wine bar as the default', async () => {
    const list = (await call('GET', '/commerce/ships', buyer)).json().data;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ defaultShip: true, postalCode: '04044', address2: '1층 와인바 포도' });
    expect(list[1]).toMatchObject({ defaultShip: false, mobile: '010-8765-4321' });
  });

  it('saves, lists, changes and deletes, keeping exactly one default', async () => {
    await clear(buyer);
    const a = await call('POST', '/commerce/ships', buyer, address(1));
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json()).toMatchObject({ message: '배송지를 저장했습니다.', data: { mobile: '010-1234-5678', defaultShip: true } });
    const b = (await call('POST', '/commerce/ships', buyer, address(2))).json().data;
    expect(b.defaultShip).toBe(false);
    const list = (await call('GET', '/commerce/ships', buyer)).json().data;
    expect(list.map((s: { id: number }) => s.id)).toEqual([a.json().data.id, b.id]);
    expect((await call('GET', '/commerce/ships?defaultShip=false', buyer)).json().data.map((s: { id: number }) => s.id)).toEqual([b.id]);

    const made = await call('PATCH', `/commerce/ships/${b.id}`, buyer, undefined, 'en-US');
    expect(made.json()).toMatchObject({ message: 'This is now your default shipping address.', data: { id: b.id, defaultShip: true } });
    expect((await defaults(buyer)).map((s) => s.id)).toEqual([b.id]);

    const changed = await call(
      'PUT',
      `/commerce/ships/${a.json().data.id}`,
      buyer,
      address(1, { address2: '지하 1층', defaultShip: true }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ address2: '지하 1층', defaultShip: true });
    expect((await defaults(buyer)).map((s) => s.id)).toEqual([a.json().data.id]);

    // Deleting the default hands it to the newest other address.
    expect((await call('DELETE', `/commerce/ships/${a.json().data.id}`, buyer)).json().message).toBe('배송지를 삭제했습니다.');
    expect((await defaults(buyer)).map((s) => s.id)).toEqual([b.id]);
    expect((await call('GET', `/commerce/ships/${b.id}`, buyer)).json().data.fullName).toBe('김와인2');
  });

  it('refuses bad input with a localized 400 and changes nothing', async () => {
    await clear(buyer);
    const cases: [object, string][] = [
      [address(1, { mobile: '02-123-4567' }), '휴대폰 번호'],
      [address(1, { postalCode: '1234' }), '우편번호는 숫자 5자리입니다.'],
      [address(1, { address1: '   ' }), '주소'],
      [address(1, { fullName: 'x'.repeat(51) }), '이름'],
    ];
    for (const [body, text] of cases) {
      const r = await call('POST', '/commerce/ships', buyer, body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().code).toBe('VALIDATION_FAILED');
      expect(r.json().message).toContain(text);
    }
    const en = await call('POST', '/commerce/ships', buyer, address(1, { postalCode: 'abcde' }), 'en-US');
    expect(en.json().message).toBe('Postal code: A postal code has 5 digits.');
    expect((await call('GET', '/commerce/ships', buyer)).json().data).toEqual([]);
  });

  it("keeps each member's addresses to the member, and at most the limit", async () => {
    await clear(buyer);
    const mine = (await call('POST', '/commerce/ships', buyer, address(1))).json().data;
    for (const m of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const r = await call(m, `/commerce/ships/${mine.id}`, other, m === 'PUT' ? address(9) : undefined);
      expect(r.statusCode, `${m} ${r.body}`).toBe(404);
      expect(r.json().code).toBe('SHIP_NOT_FOUND');
    }
    expect((await call('GET', '/commerce/ships', other)).json().data).toEqual([]);
    for (let i = 1; i < SHIP_ADDRESSES_MAX; i++) expect((await call('POST', '/commerce/ships', buyer, address(i))).statusCode).toBe(201);
    const over = await call('POST', '/commerce/ships', buyer, address(99), 'en-US');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      code: 'SHIP_LIMIT',
      message: `You can save up to ${SHIP_ADDRESSES_MAX} shipping addresses. Please delete one you no longer use.`,
    });
    await clear(buyer);
  });

  it('forgets the addresses of a member who leaves', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/commerce/ships' });
    expect(r.statusCode).toBe(401);
    const rows = await t.db.db.execute(sql`select count(*)::int as n from ship_addresses where user_id not in (select id from users)`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});

describe('shipping addresses under concurrency', postgresOnly('parallel transactions on one member'), () => {
  it('leaves exactly one default when 20 PATCHes and creates race', async () => {
    await clear(buyer);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push((await call('POST', '/commerce/ships', buyer, address(i))).json().data.id);
    const answers = await Promise.all([
      ...ids.flatMap((id) => [call('PATCH', `/commerce/ships/${id}`, buyer), call('PATCH', `/commerce/ships/${id}`, buyer)]),
      ...Array.from({ length: 5 }, (_, i) => call('POST', '/commerce/ships', buyer, address(50 + i, { defaultShip: true }))),
    ]);
    expect(answers.map((r) => r.statusCode).filter((s) => s >= 300)).toEqual([]);
    expect(await defaults(buyer)).toHaveLength(1);
    await clear(buyer);
  });

  it('never goes past the limit when creates race', async () => {
    await clear(buyer);
    const answers = await Promise.all(
      Array.from({ length: SHIP_ADDRESSES_MAX + 10 }, (_, i) => call('POST', '/commerce/ships', buyer, address(i))),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(SHIP_ADDRESSES_MAX);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(10);
    expect((await call('GET', '/commerce/ships', buyer)).json().data).toHaveLength(SHIP_ADDRESSES_MAX);
    expect(await defaults(buyer)).toHaveLength(1);
    await clear(buyer);
  });
});
