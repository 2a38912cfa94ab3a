import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import type { Language } from '@podo/i18n';

/**
 * Fonts of the generated PDFs. Noto Sans KR (npm `@embedpdf/fonts-kr`, OFL) covers Hangul, Latin-1, kana and
 * the Hanja of KS X 1001; Noto Sans SC (`@embedpdf/fonts-sc`, OFL) covers the simplified and traditional Chinese
 * and Japanese kanji that the Korean font lacks; Noto Sans Latin Extended (`@fontsource/noto-sans`) the rest of
 * European accents. pdfkit embeds only the glyphs a document
 * uses (fontkit subsets), so a one-page sheet stays small.
 *
 * Each font file is parsed once per process (≈ 15 ms, then kept: fontkit also caches glyph layouts).
 */
export type Face = 'regular' | 'bold';
type Script = 'kr' | 'sc' | 'lx';

/** Where each font file is: `[package, file inside the package's fonts folder]` or an exported subpath. */
const FILES: Record<Script, Record<Face, () => string>> = {
  kr: {
    regular: () => packageFont('@embedpdf/fonts-kr', 'NotoSansKR-Regular.otf'),
    bold: () => packageFont('@embedpdf/fonts-kr', 'NotoSansKR-Bold.otf'),
  },
  sc: {
    regular: () => packageFont('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'),
    bold: () => packageFont('@embedpdf/fonts-sc', 'NotoSansHans-Bold.otf'),
  },
  // Latin Extended (Hungarian ő, Czech ř, Polish ł...), which the CJK fonts lack: Noto Sans from @fontsource (OFL).
  lx: {
    regular: () => require.resolve('@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff'),
    bold: () => require.resolve('@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff'),
  },
};

const require = createRequire(import.meta.url);
const cache = new Map<string, fontkit.Font>();

/** A font file inside an @embedpdf package (they export only an index, so resolve that and step over). */
function packageFont(pkg: string, file: string): string {
  return path.join(path.dirname(require.resolve(pkg)), '..', 'fonts', file);
}

/**
 * OpenType substitutions we switch off: precomposed Hangul, Latin and Han need none of them, and fontkit's
 * chaining-context lookups for them were 60 % of the drawing time of a portfolio. Kerning (GPOS) stays.
 */
const NO_SUBSTITUTIONS: Record<string, boolean> = Object.fromEntries(
  ['ccmp', 'locl', 'rlig', 'calt', 'clig', 'liga', 'rclt', 'ljmo', 'vjmo', 'tjmo'].map((f) => [f, false]),
);

/** Vertical metrics of Noto Sans KR and SC (units per em 1000). */
const CJK_METRICS = { ascent: 880, descent: -120, lineGap: 500 };

function load(script: Script, face: Face): fontkit.Font {
  const key = `${script}-${face}`;
  let font = cache.get(key);
  if (!font) {
    const parsed = fontkit.create(readFileSync(FILES[script][face]())) as fontkit.Font;
    // pdfkit calls font.layout(text) without features; give it ours (an explicit feature list still wins).
    font = Object.create(parsed) as fontkit.Font;
    const layout = parsed.layout.bind(parsed) as (text: string, features?: unknown, ...rest: unknown[]) => fontkit.GlyphRun;
    (font as { layout: unknown }).layout = (text: string, features?: unknown, ...rest: unknown[]) =>
      layout(text, features ?? NO_SUBSTITUTIONS, ...rest);
    // pdfkit puts the baseline at top + ascender of the current font: every font gets the CJK fonts' vertical
    // metrics so runs of different fonts share one baseline and one line height.
    if (script === 'lx') for (const [k, v] of Object.entries(CJK_METRICS)) Object.defineProperty(font, k, { value: v });
    cache.set(key, font);
  }
  return font;
}

/** The path of a font file (also used to draw the PNG share cards). */
export function fontFile(script: Script, face: Face): string {
  return FILES[script][face]();
}

/** Registered font names inside a document: `${script}-${face}`. */
export type FontName = `${Script}-${Face}`;

/**
 * Which font draws which characters in a language: Chinese readers get Chinese glyph shapes for Han characters
 * (Korean falls back to the Korean font), everyone else the Korean font with the Chinese one for missing Han.
 */
export function fontOrder(lang: Language): [Script, Script, Script] {
  return lang === 'zh-CN' || lang === 'zh-TW' ? ['sc', 'kr', 'lx'] : ['kr', 'sc', 'lx'];
}

/** The fontkit object for a registered name; used for registerFont (parsed once per process). */
export function fontObject(name: FontName): fontkit.Font {
  const [script, face] = name.split('-') as [Script, Face];
  return load(script, face);
}

export interface Run {
  font: FontName;
  text: string;
}

const NEUTRAL = /[\s\p{P}\p{S}\p{N}]/u;
/** Per font: whether it has a glyph for a code point (fontkit looks it up in the cmap each time). */
const coverage = new Map<string, Map<number, boolean>>();
function has(script: Script, face: Face, cp: number): boolean {
  const key = `${script}-${face}`;
  let m = coverage.get(key);
  if (!m) coverage.set(key, (m = new Map()));
  let v = m.get(cp);
  if (v === undefined) {
    v = load(script, face).hasGlyphForCodePoint(cp);
    m.set(cp, v);
  }
  return v;
}

/**
 * Splits a text into runs that each one font can draw. Han, kana and CJK punctuation take the language's
 * order (Chinese shapes for Chinese readers); Latin letters, digits and punctuation below U+2E80 take the Korean
 * font first, whose quotes and dashes are proportional (the Chinese font draws them full-width: "d’ Arenberg").
 * ASCII spaces, digits and punctuation stay with the run around them.
 */
export function splitRuns(text: string, lang: Language, face: Face): Run[] {
  const cjk = fontOrder(lang);
  const runs: Run[] = [];
  let current: Run | null = null;
  let currentScript: Script = cjk[0];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    let script: Script | undefined;
    if (current && cp < 0x80 && NEUTRAL.test(ch) && has(currentScript, face, cp)) script = currentScript;
    else {
      const order = cp < 0x2e80 ? LATIN_ORDER : cjk;
      script = order.find((sc) => has(sc, face, cp)) ?? order[0];
    }
    if (current && script === currentScript) current.text += ch;
    else {
      current = { font: `${script}-${face}`, text: ch };
      currentScript = script;
      runs.push(current);
    }
  }
  return runs;
}

const LATIN_ORDER: [Script, Script, Script] = ['kr', 'lx', 'sc'];

const advances = new Map<FontName, Map<number, number>>();

/**
 * Width of a text in em, from per-character advances cached for the process. Ignores kerning (a fraction of a
 * point on a line), which keeps line fitting cheap: fontkit's full layout of every candidate line is not.
 */
export function textEm(text: string, lang: Language, face: Face): number {
  let em = 0;
  for (const run of splitRuns(text, lang, face)) {
    let table = advances.get(run.font);
    if (!table) advances.set(run.font, (table = new Map()));
    const font = fontObject(run.font);
    for (const ch of run.text) {
      const cp = ch.codePointAt(0)!;
      let adv = table.get(cp);
      if (adv === undefined) {
        adv = font.glyphForCodePoint(cp).advanceWidth / font.unitsPerEm;
        table.set(cp, adv);
      }
      em += adv;
    }
  }
  return em;
}

type LayoutCache = Record<string, unknown>;
const layoutCaches = new Map<FontName, LayoutCache>();
/** Above this many cached words a font's cache starts over (bounded memory with a catalogue of any size). */
const LAYOUT_CACHE_MAX = 40_000;
let documents = 0;

/**
 * pdfkit lays out each word once per document and keeps the result per font object; these caches outlive the
 * document, so labels, grape names and countries are shaped once per process. Runs are never changed after
 * pdfkit has scaled them, which makes sharing them safe.
 */
export function sharedLayoutCache(name: FontName): LayoutCache {
  let c = layoutCaches.get(name);
  if (!c) layoutCaches.set(name, (c = Object.create(null) as LayoutCache));
  return c;
}

/** Called once per document: every 100 documents, drops a cache that has grown too large. */
export function trimLayoutCaches(): void {
  if (++documents % 100 !== 0) return;
  for (const [name, c] of layoutCaches) if (Object.keys(c).length > LAYOUT_CACHE_MAX) layoutCaches.delete(name);
}

/** Loads the fonts a language starts with, so the first PDF request does not pay for parsing. */
export function warmFonts(lang: Language = 'ko-KR'): void {
  const [first] = fontOrder(lang);
  load(first, 'regular');
  load(first, 'bold');
}
