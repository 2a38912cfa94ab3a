import { describe, expect, inject, it } from 'vitest';
import { LANGUAGES } from '@podo/i18n';
import { keyPaths, webMessages } from '@podo/i18n/resources';

const base = inject('baseUrl');

/**
 * Every page of the brand site renders in each interface language with no missing text. A missing key shows up in
 * the page as the key itself ('catalog.filters.title'), so the rendered HTML is searched for every key path of the
 * Korean reference messages. Ids come from the demo catalogue through the API, never hard-coded.
 */
const allKeys = keyPaths(webMessages['ko-KR']).filter((k) => k.includes('.'));

async function json<T>(path: string): Promise<T> {
  const r = await fetch(`${base}${path}`);
  expect(r.status, path).toBe(200);
  return (await r.json()) as T;
}

async function pages(): Promise<string[]> {
  const products = await json<{ _embedded: { items: { id: number }[] } }>('/api/v1/brand/wines/products?size=1');
  const wineries = await json<{ _embedded: { items: { id: number }[] } }>('/api/v1/wineries?size=1');
  const pid = products._embedded.items[0]!.id;
  const wid = wineries._embedded.items[0]!.id;
  return [
    '/',
    '/about',
    '/terms?type=TERM',
    '/terms?type=PRIVACY',
    '/notice',
    '/faq',
    '/contact',
    '/magazine',
    '/magazine/1',
    '/event',
    '/event/1',
    '/product',
    '/product?idKinds=1&sort=PRICE_ASC',
    `/product/${pid}`,
    `/product/${pid}/pdf`,
    '/product/pdf',
    '/winery',
    `/winery/${wid}`,
    `/winery/${wid}/pdf`,
    '/winery/pdf',
    '/search-result?q=%ED%94%BC%EB%85%B8',
    '/search-result?q=zzzzqqq',
    '/account/login',
    '/account/signup',
    '/account/findemail',
    '/account/findpw',
    '/this-page-does-not-exist',
  ];
}

/** The page's visible text and attributes, without scripts (loader data carries the message dictionary). */
const visible = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, ' ');

describe('every page in every language', () => {
  it('renders with the right lang attribute and no missing texts', { timeout: 120_000 }, async () => {
    const paths = await pages();
    const problems: string[] = [];
    for (const lang of LANGUAGES) {
      for (const p of paths) {
        const url = `${base}${p}${p.includes('?') ? '&' : '?'}lang=${lang}`;
        const r = await fetch(url);
        const expected = p === '/this-page-does-not-exist' ? 404 : 200;
        if (r.status !== expected) problems.push(`${lang} ${p}: status ${r.status}`);
        const html = visible(await r.text());
        if (!html.includes(`<html lang="${lang}"`)) problems.push(`${lang} ${p}: html lang is not ${lang}`);
        for (const key of allKeys) {
          // A key printed as text sits between tags or inside an attribute value.
          if (html.includes(`>${key}<`) || html.includes(`"${key}"`)) problems.push(`${lang} ${p}: missing text ${key}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
