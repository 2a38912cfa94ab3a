import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import type { Language } from '@podo/i18n';
import { webMessages } from '@podo/i18n/resources';

/**
 * The page checks that need no browser: they read the server-rendered HTML of a page, parsed once, in well under a
 * millisecond per check. What only a browser can tell (layout, scripts, accessibility) is page-checks.ts.
 */
export interface HtmlPage {
  lang: string;
  title: string;
  description: string | null;
  canonical: string | null;
  /** Interface text nodes and read-aloud attributes, each with whether it sits in Korean shown on purpose. */
  texts: { text: string; korean: boolean }[];
  /** Text of elements marked lang="ko" on a page in another language: content that exists only in Korean. */
  koreanBlocks: string[];
  /** Markup classes and test ids present on the page (the markers of role-only parts such as trade prices). */
  markers: Set<string>;
}

const SKIP = new Set(['script', 'style', 'template', 'noscript', 'svg']);
const READ_ALOUD = ['aria-label', 'alt', 'placeholder', 'title'];

const isElement = (n: ChildNode): n is Element => n.type === 'tag' || n.type === 'script' || n.type === 'style';

/** Parses a page once into what the checks read. */
export function readPage(html: string): HtmlPage {
  const doc = parseDocument(html);
  const out: HtmlPage = { lang: '', title: '', description: null, canonical: null, texts: [], koreanBlocks: [], markers: new Set() };
  const blockText: string[][] = [];

  const walk = (nodes: ChildNode[], korean: boolean, inHead: boolean) => {
    for (const n of nodes) {
      if (n.type === 'text') {
        const text = n.data.replace(/\s+/g, ' ').trim();
        if (!text) continue;
        if (!inHead) out.texts.push({ text, korean });
        for (const b of blockText) b.push(text);
        continue;
      }
      if (!isElement(n)) continue;
      const a = n.attribs;
      if (n.name === 'html') out.lang = a.lang ?? '';
      if (n.name === 'title') {
        out.title = textOf(n).trim();
        continue;
      }
      if (n.name === 'meta' && a.name === 'description') out.description = a.content ?? '';
      if (n.name === 'link' && a.rel === 'canonical') out.canonical = a.href ?? '';
      if (SKIP.has(n.name) || 'hidden' in a) continue;
      for (const c of (a.class ?? '').split(/\s+/)) if (c) out.markers.add(`.${c}`);
      if (a['data-testid']) out.markers.add(`[data-testid=${a['data-testid']}]`);
      // Names as written (translate="no") and Korean shown on purpose (lang="ko") are not interface text.
      const ko = korean || a.translate === 'no' || (n.name !== 'html' && /^ko\b/i.test(a.lang ?? ''));
      for (const attr of READ_ALOUD) if (a[attr]) out.texts.push({ text: `${attr}="${a[attr]}"`, korean: ko });
      const opens = n.name !== 'html' && /^ko\b/i.test(a.lang ?? '');
      if (opens) blockText.push([]);
      walk(n.children, ko, inHead || n.name === 'head');
      if (opens) out.koreanBlocks.push(blockText.pop()!.join(' '));
    }
  };
  walk(doc.children, false, false);
  return out;
}

function textOf(n: ChildNode): string {
  if (n.type === 'text') return n.data;
  return isElement(n) ? n.children.map(textOf).join('') : '';
}

/** Hangul syllables and jamo. */
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;

/** Korean interface text on a page in another language (Korean shown on purpose is marked and left out). */
export function koreanInterfaceText(page: HtmlPage, allow?: RegExp): string[] {
  const out = new Set<string>();
  for (const t of page.texts) if (!t.korean && HANGUL.test(t.text) && !allow?.test(t.text)) out.add(t.text.slice(0, 80));
  if (HANGUL.test(page.title) && !allow?.test(page.title)) out.add(`<title>${page.title}</title>`);
  return [...out];
}

/** Key paths of the message catalogue shown as text: a translation that is missing. */
export function missingKeyTexts(page: HtmlPage, keys: Set<string>): string[] {
  const out = new Set<string>();
  for (const t of [page.title, ...page.texts.map((x) => x.text)]) {
    for (const m of t.matchAll(/[A-Za-z][\w-]*(?:\.[\w-]+)+/g)) if (keys.has(m[0])) out.add(m[0]);
  }
  return [...out];
}

/** A Korean-only text long enough to be content (an article, a legal text), not a name or an address. */
const CONTENT_LENGTH = 200;

/**
 * Content that exists only in Korean on a page in another language must say so: the page then shows the note
 * (`.document-original-note`) that the text is the Korean original.
 */
export function unexplainedKorean(page: HtmlPage): string | null {
  const long = page.koreanBlocks.find((b) => b.length >= CONTENT_LENGTH);
  if (!long || page.markers.has('.document-original-note')) return null;
  return `Korean content without the note that it is shown in Korean: "${long.slice(0, 60)}…"`;
}

/** Where a trade price shows: the price on cards, the price row of a wine, its column in the vintage table. */
export const TRADE_PRICE_MARKERS = ['.price-trade', '[data-testid=trade-price]', '.is-trade'];

/** The parts of a page a role may not see, as markers present. */
export function tradePricesShown(page: HtmlPage): string[] {
  return TRADE_PRICE_MARKERS.filter((m) => page.markers.has(m));
}

/** The 'coming soon' alert text of a language, which a page that exists never shows. */
export function comingSoonShown(page: HtmlPage, lang: Language): boolean {
  const text = webMessages[lang].common.comingSoon;
  return page.texts.some((t) => t.text.includes(text));
}
