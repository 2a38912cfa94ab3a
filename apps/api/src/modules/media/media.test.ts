import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshIp } from '../../../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';

/** PNG share cards for og:image (the SVG art is tested with the demo catalogue, catalog-seed.test.ts). */
let t: TestApp;
let wine: { id: number; name: string };
let winery: { id: number; name: string };
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '5' }, { catalog: true });
  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
  [wine] = rows<{ id: number; name: string }>(
    await t.db.db.execute(sql`select id, name_original as name from products order by id limit 1`),
  );
  [winery] = rows<{ id: number; name: string }>(
    await t.db.db.execute(sql`select id, name_original as name from wineries order by id limit 1`),
  );
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}, ip = freshIp()) =>
  t.app.inject({ method: 'GET', url: `/api/v1/media${url}`, headers, remoteAddress: ip });

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (b: Buffer) => {
  expect(b.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(b.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
};

describe('media share cards', () => {
  it('draws 1200 x 630 PNG share cards, different for different wines', async () => {
    const a = await get(`/wines/${wine.id}.png`);
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toBe('image/png');
    expect(pngSize(a.rawPayload)).toEqual([1200, 630]);
    expect(a.rawPayload.length).toBeGreaterThan(20_000); // a picture with text, not a blank canvas
    const b = await get(`/wines/${wine.id + 1}.png`);
    expect(b.statusCode).toBe(200);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(false);
    expect(b.headers.etag).not.toBe(a.headers.etag);
    const again = await get(`/wines/${wine.id}.png`, { 'if-none-match': String(a.headers.etag) });
    expect(again.statusCode).toBe(304);
    const w = await get(`/wineries/${winery.id}.png`);
    expect(pngSize(w.rawPayload)).toEqual([1200, 630]);
  });

  it('answers 404 for unknown ids and other file names', async () => {
    for (const url of [
      '/wines/999999.png',
      '/wines/999999.svg',
      '/wines/0.svg',
      '/wines/abc.png',
      '/wines/1.gif',
      '/wineries/99999999999.svg',
    ]) {
      const r = await get(url, { 'accept-language': 'ko-KR' });
      expect(r.statusCode, url).toBe(404);
      expect(r.json().message, url).toBeTruthy();
    }
  });

  it('keeps the rate limit on PNG cards (they cost drawing time) but not on SVG art', async () => {
    const ip = freshIp();
    for (let i = 0; i < 8; i++) expect((await get(`/wines/${wine.id}.svg`, {}, ip)).statusCode).toBe(200);
    const codes = [];
    for (let i = 0; i < 7; i++) codes.push((await get(`/wines/${wine.id}.png`, {}, ip)).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.slice(5)).toEqual([429, 429]);
  });
});
