import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { renderAsync } from '@resvg/resvg-js';
import sharp from 'sharp';
import { outlineText } from './outline';
import { freshIp } from '../../../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { first } from '../../../../../tests/helpers/items';

/** PNG share cards for og:image (the SVG art is tested with the demo catalogue, catalog-seed.test.ts). */
let t: TestApp;
let wine: { id: number; name: string };
let winery: { id: number; name: string };
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '5' }, { catalog: true });
  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
  wine = first(
    rows<{ id: number; name: string }>(await t.db.db.execute(sql`select id, name_original as name from products order by id limit 1`)),
  );
  winery = first(
    rows<{ id: number; name: string }>(await t.db.db.execute(sql`select id, name_original as name from wineries order by id limit 1`)),
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

  it('draws 300 x 400 WebP list thumbnails of the bottle, with the label text, cacheable by ETag', async () => {
    const a = await get(`/wines/${wine.id}.webp`);
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toBe('image/webp');
    expect(a.headers['cache-control']).toBe('public, max-age=86400');
    const meta = await sharp(a.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 300, 400]);
    expect(a.rawPayload.length).toBeLessThan(8_000);
    // The same picture as the SVG, label text included: against the SVG drawn without its text, the thumbnail has
    // a few hundred strongly darker pixels (the letters), and elsewhere only the encoder's small differences.
    const svg = (await get(`/wines/${wine.id}.svg`)).body;
    const bare = (await renderAsync(svg.replace(/<text[^>]*>[^<]*<\/text>/g, ''), { font: { loadSystemFonts: false } })).pixels;
    const thumb = await sharp(a.rawPayload).ensureAlpha().raw().toBuffer();
    let ink = 0;
    let far = 0;
    for (let i = 0; i < thumb.length; i += 4) {
      const d = bare[i]! + bare[i + 1]! + bare[i + 2]! - (thumb[i]! + thumb[i + 1]! + thumb[i + 2]!);
      if (d > 150) ink++;
      if (Math.abs(d) > 150) far++;
    }
    expect(ink).toBeGreaterThan(150);
    expect(far - ink).toBeLessThan(ink / 10);
    const b = await get(`/wines/${wine.id + 1}.webp`);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(false);
    expect(b.headers.etag).not.toBe(a.headers.etag);
    expect((await get(`/wines/${wine.id}.webp`, { 'if-none-match': String(a.headers.etag) })).statusCode).toBe(304);
    // Not drawn for wineries (their lists show the SVG).
    expect((await get(`/wineries/${winery.id}.webp`)).statusCode).toBe(404);
  });

  it('draws label text as outlines: centred, squeezed to the width, and Hangul from the Korean font', () => {
    /** The x extent of a path's points (toSVG writes absolute coordinates in x y pairs). */
    const extent = (svg: string) => {
      const d = /d="([^"]+)"/.exec(svg)![1]!;
      const xs = (d.match(/-?[\d.]+/g) ?? []).map(Number).filter((_, i) => i % 2 === 0);
      return [Math.min(...xs), Math.max(...xs)];
    };
    const [l, r] = extent(outlineText(150, 100, 'Château Margaux', 10, 200, { weight: 700 }));
    expect((l! + r!) / 2).toBeCloseTo(150, 0);
    expect(r! - l!).toBeGreaterThan(40);
    const [sl, sr] = extent(outlineText(150, 100, 'Château Margaux Premier Grand Cru Classé', 10, 60));
    expect(sr! - sl!).toBeLessThanOrEqual(60.5);
    expect(sr! - sl!).toBeGreaterThan(55);
    const korean = outlineText(150, 100, '샤또 마고', 10, 200, { fill: '#333' });
    expect(korean).toMatch(/^<path d="M[^"]+" fill="#333"\/>$/);
    expect(outlineText(150, 100, '   ', 10, 200)).toBe('');
  });

  it('answers 404 for unknown ids and other file names', async () => {
    for (const url of [
      '/wines/999999.png',
      '/wines/999999.svg',
      '/wines/999999.webp',
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

  it('keeps the rate limit on PNG cards (they cost drawing time) but not on SVG art and list thumbnails', async () => {
    const ip = freshIp();
    for (let i = 0; i < 8; i++) expect((await get(`/wines/${wine.id}.svg`, {}, ip)).statusCode).toBe(200);
    for (let i = 0; i < 8; i++) expect((await get(`/wines/${wine.id + i}.webp`, {}, ip)).statusCode).toBe(200);
    const codes = [];
    for (let i = 0; i < 7; i++) codes.push((await get(`/wines/${wine.id}.png`, {}, ip)).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.slice(5)).toEqual([429, 429]);
  });
});

describe('GET /api/toBase64', () => {
  const convert = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/toBase64?url=${encodeURIComponent(url)}`,
      headers: { host: 'podo.test', 'accept-language': 'en-US', ...headers },
      remoteAddress: freshIp(),
    });

  it("answers one of this site's images as a data URL, by path or by this site's own address", async () => {
    const byPath = await convert(`/api/v1/media/wines/${wine.id}.png`);
    expect(byPath.statusCode, byPath.body).toBe(200);
    const data = byPath.json().data as string;
    expect(data.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(data.slice(data.indexOf(',') + 1), 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const absolute = await convert(`http://podo.test/api/v1/media/wines/${wine.id}.svg`);
    expect(absolute.json().data).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('never fetches anything else: other hosts, private addresses, schemes, other paths', async () => {
    for (const url of [
      'http://127.0.0.1:5432/',
      'http://169.254.169.254/latest/meta-data/',
      'http://localhost/api/v1/media/wines/1.png',
      `//evil.example/api/v1/media/wines/${wine.id}.png`,
      'file:///etc/passwd',
      'gopher://127.0.0.1:6379/_INFO',
      'http://podo.test@evil.example/api/v1/media/wines/1.png',
      '/api/v1/health',
      '/api/v1/media/../health',
      '/api/v1/media/%2e%2e/me',
      '',
    ]) {
      const r = await convert(url);
      expect(r.statusCode, url).toBe(400);
      expect(r.json(), url).toEqual({ code: 'IMAGE_URL_NOT_ALLOWED', message: "Only this site's own image addresses can be converted." });
    }
    expect((await convert('/api/v1/media/wines/99999999.png')).statusCode).toBe(404);
  });
});
