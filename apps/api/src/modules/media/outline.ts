import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { fontObject } from '../pdf';
import type { DrawText, TextStyle } from './svg';

/*
 * Label text as glyph outlines, for pictures drawn on the server (the list thumbnails): the drawing then needs no
 * fonts at all, and the shapes are those of Noto Serif (npm `@fontsource/noto-serif`, OFL), the nearest free face to
 * the Georgia that browsers use for the SVG art. Characters that Noto Serif's Latin files lack (Hangul, kana, Han)
 * take the Noto Sans KR and SC fonts of the PDFs (the same parsed objects the PDFs use). Each font file is parsed
 * once per process.
 */

type Face = 'regular' | 'bold' | 'italic';
const require = createRequire(import.meta.url);
const serif = (subset: 'latin' | 'latin-ext', face: Face) =>
  require.resolve(
    `@fontsource/noto-serif/files/noto-serif-${subset}-${face === 'bold' ? '700-normal' : face === 'italic' ? '400-italic' : '400-normal'}.woff`,
  );

const fonts = new Map<Face, fontkit.Font[]>();
function fontsFor(face: Face): fontkit.Font[] {
  let list = fonts.get(face);
  if (!list) {
    const sans = face === 'bold' ? 'bold' : 'regular';
    const serifs = [serif('latin', face), serif('latin-ext', face)].map((f) => fontkit.create(readFileSync(f)) as fontkit.Font);
    list = [...serifs, fontObject(`kr-${sans}`), fontObject(`sc-${sans}`)];
    fonts.set(face, list);
  }
  return list;
}

/** Splits a text into runs that one font draws, the first font that has the character (the last one otherwise). */
function runs(text: string, list: fontkit.Font[]): { font: fontkit.Font; text: string }[] {
  const out: { font: fontkit.Font; text: string }[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const font = /\s/.test(ch) && out.length ? out.at(-1)!.font : (list.find((f) => f.hasGlyphForCodePoint(cp)) ?? list.at(-1)!);
    if (out.at(-1)?.font === font) out.at(-1)!.text += ch;
    else out.push({ font, text: ch });
  }
  return out;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A centred line of text as one `<path>`: the same placement as the `<text>` of the SVG art (baseline at `y`, centred
 * on `x`, letter spacing in user units), squeezed horizontally when it is wider than `maxWidth`.
 */
export const outlineText: DrawText = (x, y, text, size, maxWidth, style: TextStyle = {}) => {
  const face: Face = style.weight === 700 ? 'bold' : style.italic ? 'italic' : 'regular';
  const spacing = style.letterSpacing ?? 0;
  const glyphs: { path: fontkit.Glyph['path']; at: number; scale: number }[] = [];
  let pen = 0;
  for (const run of runs(text, fontsFor(face))) {
    const scale = size / run.font.unitsPerEm;
    const laid = run.font.layout(run.text);
    laid.glyphs.forEach((g, i) => {
      const pos = laid.positions[i]!;
      glyphs.push({ path: g.path, at: pen + pos.xOffset * scale, scale });
      pen += pos.xAdvance * scale + spacing;
    });
  }
  const width = pen - spacing;
  if (!glyphs.length || width <= 0) return '';
  const squeeze = width > maxWidth ? maxWidth / width : 1;
  const left = x - (width * squeeze) / 2;
  const d = glyphs
    .map((g) => g.path.transform(g.scale * squeeze, 0, 0, -g.scale, round2(left + g.at * squeeze), y).toSVG())
    .filter(Boolean)
    .join('');
  return d ? `<path d="${d}"${style.fill ? ` fill="${style.fill}"` : ''}/>` : '';
};
