import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProductCard, TProductPage, TVintage, TWineryCard, TWineryPage } from '@podo/contracts';
import { LANGUAGES } from '@podo/i18n';
import { apiMessages } from '@podo/i18n/resources';
import { fontObject, type FontName } from './fonts';
import { auth, freshIp, loginToken } from '../../../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';

/**
 * PDF tech sheets and portfolios on the demo catalogue: real PDFs whose text pdftotext extracts (so the Korean
 * font is embedded with a Unicode map), in the request language, with trade prices for approved buyers only.
 */
const hasPdftotext = spawnSync('pdftotext', ['-v']).status === 0;
if (!hasPdftotext) console.warn('pdftotext (poppler-utils) is missing: the PDF text checks are skipped; apt-get install poppler-utils');
const itText = hasPdftotext ? it : it.skip;

let t: TestApp;
let buyerToken: string;
let wine: TProductCard;

const get = (url: string, opts: { token?: string; lang?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { 'accept-language': opts.lang ?? 'ko-KR', ...(opts.token ? auth(opts.token) : {}), ...opts.headers },
    remoteAddress: freshIp(),
  });

/** The text of a PDF as pdftotext reads it. */
function pdfText(pdf: Buffer): string {
  const r = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, maxBuffer: 64 * 1024 * 1024 });
  expect(r.status, String(r.stderr)).toBe(0);
  return r.stdout.toString('utf8');
}
/** Without any whitespace: names wrap over lines in the layout. */
const squash = (s: string) => s.replace(/\s+/g, '');
/** The start of a name, which table cells show even when they cut the rest with '…'. */
const prefix = (s: string, n = 6) => [...squash(s)].slice(0, n).join('');

async function listAll(qs: string): Promise<TProductCard[]> {
  const items: TProductCard[] = [];
  for (let page = 1; ; page++) {
    const r = await get(`/brand/wines/products?${qs}&size=100&page=${page}`);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json() as TProductPage;
    items.push(...body._embedded.items);
    if (page >= body.page.totalPages) return items;
  }
}

async function pdf(url: string, opts: { token?: string; lang?: string; headers?: Record<string, string> } = {}) {
  const t0 = performance.now();
  const r = await get(url, opts);
  const ms = performance.now() - t0;
  expect(r.statusCode, r.statusCode === 200 ? '' : r.body).toBe(200);
  expect(r.headers['content-type']).toBe('application/pdf');
  expect(r.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { r, bytes: r.rawPayload, ms };
}

beforeAll(async () => {
  t = await createTestApp({}, { catalog: true });
  buyerToken = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
  const first = await get('/brand/wines/products?size=24&sort=RECOMMEND');
  const items = (first.json() as TProductPage)._embedded.items;
  expect(items.length, 'the demo catalogue has wines').toBeGreaterThan(0);
  // A wine whose Korean and original names differ, so both languages are told apart.
  wine = items.find((p) => p.nameKo !== p.nameOriginal && p.vintages.length > 0) ?? items[0]!;
});
afterAll(() => t?.close());

describe('GET /wines/products/:id/pdf (tech sheet)', () => {
  itText('is a one-page A4 PDF with the Korean name and Korean labels as real text', async () => {
    const { r, bytes, ms } = await pdf(`/wines/products/${wine.id}/pdf`);
    const L = apiMessages['ko-KR'].pdf;
    const text = pdfText(bytes);
    expect(squash(text)).toContain(squash(wine.nameKo));
    for (const label of [L.techSheet, L.winery, L.grapes, L.alcohol, L.vintages, L.retailPrice]) expect(text).toContain(label);
    expect(text).toContain(wine.country.name);
    const pages = /\/Type\s*\/Page[^s]/g;
    expect(bytes.toString('latin1').match(pages)?.length).toBe(1);
    // Fonts are subset: a sheet stays small.
    expect(bytes.length).toBeLessThan(300 * 1024);
    expect(ms).toBeLessThan(5000);
    expect(r.headers['content-disposition']).toMatch(/^inline; filename="[\x20-\x7e]+\.pdf"; filename\*=UTF-8''/);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(String(r.headers['content-disposition']))![1]!;
    expect(decodeURIComponent(encoded)).toContain(wine.nameKo);
    expect(r.headers['cache-control']).toMatch(/^private/);
    expect(r.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  itText('speaks English with an en-US Accept-Language (labels and the original name)', async () => {
    const { bytes } = await pdf(`/wines/products/${wine.id}/pdf`, { lang: 'en-US' });
    const text = pdfText(bytes);
    const L = apiMessages['en-US'].pdf;
    for (const label of [L.techSheet, L.grapes, L.vintages, L.retailPrice]) expect(text).toContain(label);
    expect(squash(text)).toContain(squash(wine.nameOriginal));
    expect(text).not.toContain(apiMessages['ko-KR'].pdf.vintages);
    expect(text).toMatch(/₩\d{1,3}(,\d{3})+/);
  });

  itText('draws Chinese and Japanese labels with glyphs (no missing characters)', async () => {
    for (const lang of ['zh-CN', 'zh-TW', 'ja-JP'] as const) {
      const text = pdfText((await pdf(`/wines/products/${wine.id}/pdf`, { lang })).bytes);
      expect(text).toContain(apiMessages[lang].pdf.vintages);
      expect(text).toContain(apiMessages[lang].pdf.grapes);
    }
  });

  it('is an attachment with ?download=1 and inline otherwise', async () => {
    const inline = await pdf(`/wines/products/${wine.id}/pdf?download=0`);
    expect(inline.r.headers['content-disposition']).toMatch(/^inline;/);
    const att = await pdf(`/wines/products/${wine.id}/pdf?download=1`);
    expect(att.r.headers['content-disposition']).toMatch(/^attachment; filename="[\x20-\x7e]+\.pdf"; filename\*=UTF-8''/);
  });

  it('answers 304 to a browser that has the same version', async () => {
    const first = await pdf(`/wines/products/${wine.id}/pdf`);
    const again = await get(`/wines/products/${wine.id}/pdf`, { headers: { 'if-none-match': String(first.r.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // Another language is another document.
    const en = await get(`/wines/products/${wine.id}/pdf`, { lang: 'en-US', headers: { 'if-none-match': String(first.r.headers.etag) } });
    expect(en.statusCode).toBe(200);
  });

  itText('shows trade prices to the approved buyer only', async () => {
    const vintages = (await get(`/wines/products/${wine.id}/vintages`, { token: buyerToken })).json()._embedded.items as TVintage[];
    const trade = vintages.find((v) => v.tradePrice !== null && !vintages.some((o) => o.retailPrice === v.tradePrice));
    expect(trade, 'the buyer sees a trade price').toBeDefined();
    const price = `${trade!.tradePrice!.toLocaleString('en-US')}원`;
    const L = apiMessages['ko-KR'].pdf;

    const anonymous = pdfText((await pdf(`/wines/products/${wine.id}/pdf`)).bytes);
    // The only mention of trade prices is the note saying who sees them.
    expect(squash(anonymous)).toContain(squash(L.tradeOnly));
    expect(squash(anonymous).replace(squash(L.tradeOnly), '')).not.toContain(L.tradePrice);
    expect(anonymous).not.toContain(price);

    const buyer = pdfText((await pdf(`/wines/products/${wine.id}/pdf`, { token: buyerToken })).bytes);
    expect(buyer).toContain(L.tradePrice);
    expect(buyer).toContain(price);
  });

  it('answers a localized 404 for an unknown wine and 400 for a bad id', async () => {
    const r = await get('/wines/products/2000000000/pdf', { lang: 'en-US' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ code: 'PRODUCT_NOT_FOUND', message: apiMessages['en-US'].errors.PRODUCT_NOT_FOUND });
    const ko = await get('/wines/products/2000000000/pdf');
    expect(ko.json().message).toBe(apiMessages['ko-KR'].errors.PRODUCT_NOT_FOUND);
    expect((await get('/wines/products/abc/pdf')).statusCode).toBe(400);
    expect((await get('/wines/products/-1/pdf')).statusCode).toBe(400);
    expect((await get(`/wines/products/${wine.id}/pdf?download=maybe`)).statusCode).toBe(400);
  });
});

describe('GET /wines/products/pdf (portfolio)', () => {
  itText('lists exactly the wines of a kind filter, like the list API', async () => {
    const kindId = wine.kind.id;
    const expected = await listAll(`idKinds=${kindId}`);
    const others = (await listAll('')).filter((p) => p.kind.id !== kindId);
    expect(expected.length).toBeGreaterThan(0);
    const { bytes, r } = await pdf(`/wines/products/pdf?idKinds=${kindId}`);
    expect(r.headers['content-disposition']).toMatch(/^inline;/);
    const text = squash(pdfText(bytes));
    expect(text).toContain(squash(apiMessages['ko-KR'].pdf.portfolio));
    for (const p of expected) expect(text, p.nameKo).toContain(prefix(p.nameKo));
    // Wines of other kinds are absent (those whose name start no listed wine shares).
    const listed = new Set(expected.map((p) => prefix(p.nameKo)));
    const absent = others.filter((p) => !listed.has(prefix(p.nameKo)));
    expect(absent.length).toBeGreaterThan(0);
    for (const p of absent) expect(text, p.nameKo).not.toContain(prefix(p.nameKo, 12));
    // The kind filter is named on the cover, and the count matches.
    expect(text).toContain(squash(wine.kind.name));
  });

  itText('puts the whole demo catalogue on numbered pages within seconds', async () => {
    const all = await listAll('');
    const { bytes, ms } = await pdf('/wines/products/pdf?groupBy=kind');
    const text = pdfText(bytes);
    const pages = Number(/\d+ \/ (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain(`${pages} / ${pages}`);
    expect(squash(text)).toContain(squash(String(all.length)));
    expect(ms).toBeLessThan(10_000);
  });

  it('rejects bad filters with the same 400 as the product list', async () => {
    for (const qs of ['idKinds=abc', 'priceMin=-1', 'priceMin=100&priceMax=10', 'idKinds=999999', 'volumes=333', 'countryCodes=France']) {
      const list = await get(`/brand/wines/products?${qs}`, { lang: 'en-US' });
      const r = await get(`/wines/products/pdf?${qs}`, { lang: 'en-US' });
      expect(list.statusCode, qs).toBe(400);
      expect(r.statusCode, qs).toBe(400);
      expect(r.json(), qs).toEqual(list.json());
    }
    expect((await get('/wines/products/pdf?groupBy=grape')).statusCode).toBe(400);
  });

  itText('shows trade prices in the portfolio for the buyer only', async () => {
    const L = apiMessages['ko-KR'].pdf;
    const anonymous = pdfText((await pdf(`/wines/products/pdf?idKinds=${wine.kind.id}`)).bytes);
    expect(anonymous).not.toContain(L.tradePrice);
    const buyer = pdfText((await pdf(`/wines/products/pdf?idKinds=${wine.kind.id}`, { token: buyerToken })).bytes);
    expect(buyer).toContain(L.tradePrice);
  });
});

describe('embedded fonts', () => {
  const faces: FontName[][] = [
    ['kr-regular', 'sc-regular', 'lx-regular'],
    ['kr-bold', 'sc-bold', 'lx-bold'],
  ];
  /** Characters no embedded font draws (they would print as empty boxes). */
  const missing = (text: string) =>
    [...new Set(text)].filter((ch) => {
      const cp = ch.codePointAt(0)!;
      return cp >= 32 && faces.some((fonts) => !fonts.some((f) => fontObject(f).hasGlyphForCodePoint(cp)));
    });

  it('draw every character of the PDF labels in the five languages', () => {
    for (const lang of LANGUAGES) {
      const { pdf, errors, catalog } = apiMessages[lang] as (typeof apiMessages)['ko-KR'] & { catalog?: unknown };
      expect(missing(JSON.stringify([pdf, errors.PDF_TOO_MANY, catalog])), lang).toEqual([]);
    }
  });

  it('draw every character of the demo catalogue names in the five languages', async () => {
    for (const lang of LANGUAGES) {
      const texts: unknown[] = [];
      for (let page = 1; ; page++) {
        const r = (await get(`/brand/wines/products?size=100&page=${page}`, { lang })).json() as TProductPage;
        texts.push(r._embedded.items);
        if (page >= r.page.totalPages) break;
      }
      for (let page = 1; ; page++) {
        const r = (await get(`/wineries?size=100&page=${page}`, { lang })).json() as TWineryPage;
        texts.push(r._embedded.items);
        if (page >= r.page.totalPages) break;
      }
      expect(missing(JSON.stringify(texts)), lang).toEqual([]);
    }
  });
});

describe('winery PDFs', () => {
  itText('GET /wineries/:id/pdf is a one-page sheet with the winery and its wines', async () => {
    const wines = await listAll(`idWineries=${wine.winery.id}`);
    const { bytes, r } = await pdf(`/wineries/${wine.winery.id}/pdf?download=1`);
    expect(r.headers['content-disposition']).toMatch(/^attachment;/);
    const text = pdfText(bytes);
    expect(text).toContain(apiMessages['ko-KR'].pdf.winerySheet);
    expect(squash(text)).toContain(squash(wine.winery.nameKo));
    expect(squash(text)).toContain(prefix(wines[0]!.nameKo));
    expect(bytes.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
  });

  it('GET /wineries/:id/pdf answers a localized 404 for an unknown winery', async () => {
    const r = await get('/wineries/2000000000/pdf', { lang: 'ja-JP' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ code: 'WINERY_NOT_FOUND', message: apiMessages['ja-JP'].errors.WINERY_NOT_FOUND });
  });

  itText('GET /wineries/pdf lists the wineries of a country', async () => {
    const r = await get(`/wineries?countryCodes=${wine.country.code}&size=100`);
    const wineries = (r.json() as TWineryPage)._embedded.items as TWineryCard[];
    expect(wineries.length).toBeGreaterThan(0);
    const text = squash(pdfText((await pdf(`/wineries/pdf?countryCodes=${wine.country.code}`, { lang: 'en-US' })).bytes));
    expect(text).toContain(squash(apiMessages['en-US'].pdf.wineryPortfolio));
    for (const w of wineries) expect(text, w.name).toContain(prefix(w.name, 8));
  });

  it('GET /wineries/pdf rejects a bad country code like the winery list', async () => {
    const list = await get('/wineries?countryCodes=123');
    const r = await get('/wineries/pdf?countryCodes=123');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual(list.json());
  });
});
