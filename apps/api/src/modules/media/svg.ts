/**
 * Generated pictures of the catalogue: a bottle for each wine and a landscape card for each winery. Pure
 * functions of the catalogue facts, so the same wine always gets the same picture (and the same ETag).
 */

/** Escapes text for SVG content and attribute values. */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const SERIF = "Georgia,'Times New Roman',serif";

/** Splits a name into at most `maxLines` lines of about `width` characters (the last line takes the rest). */
export function wrapWords(text: string, width: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && (line + ' ' + w).length > width && lines.length < maxLines - 1) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines;
}

/** How a line of label text looks (the group around it gives the font, the centring and the default colour). */
export interface TextStyle {
  weight?: 700;
  italic?: boolean;
  letterSpacing?: number;
  fill?: string;
}

/** Draws a centred line of text with its baseline at `y`, no wider than `maxWidth`. */
export type DrawText = (
  x: number,
  y: number,
  text: string,
  size: number,
  maxWidth: number,
  style?: TextStyle,
  widthFactor?: number,
) => string;

/** Label text as SVG `<text>`, drawn by the browser with its own serif font. */
export const svgText: DrawText = (x, y, text, size, maxWidth, s = {}, widthFactor) => {
  const attrs = [
    s.weight && `font-weight="${s.weight}"`,
    s.letterSpacing && `letter-spacing="${s.letterSpacing}"`,
    s.italic && 'font-style="italic"',
    s.fill && `fill="${s.fill}"`,
  ];
  return textLine(x, y, text, size, maxWidth, attrs.filter(Boolean).join(' '), widthFactor);
};

/** A centred line of text, squeezed to `maxWidth` when its estimated width is larger. */
function textLine(x: number, y: number, text: string, size: number, maxWidth: number, attrs: string, widthFactor = 0.52): string {
  const est = text.length * size * widthFactor;
  const fit = est > maxWidth ? ` textLength="${maxWidth}" lengthAdjust="spacingAndGlyphs"` : '';
  return `<text x="${x}" y="${y}" font-size="${size}"${fit} ${attrs}>${escapeXml(text)}</text>`;
}

export type BottleShape = 'bordeaux' | 'burgundy' | 'flute' | 'schlegel' | 'port';

export interface WineArt {
  id: number;
  kind: string;
  nameOriginal: string;
  wineryOriginal: string;
  areaOriginal: string;
  mainGrape: string | null;
  volumeMl: number;
}

const BURGUNDY_GRAPES = ['Pinot Noir', 'Gamay', 'Syrah', 'Nebbiolo', 'Chardonnay', 'Viognier', 'Roussanne', 'Chenin Blanc', 'Grenache'];
const SCHLEGEL_GRAPES = ['Riesling', 'Gewürztraminer', 'Grüner Veltliner', 'Pinot Gris', 'Torrontés'];

/** Bottle shape by kind and style: flutes for sparkling, port bottles for fortified, slim schlegels for Riesling... */
export function bottleShape(w: Pick<WineArt, 'kind' | 'mainGrape' | 'areaOriginal'>): BottleShape {
  const g = w.mainGrape ?? '';
  switch (w.kind) {
    case 'SPARKLING':
      return 'flute';
    case 'FORTIFIED':
      return /jerez|sherry/i.test(w.areaOriginal) ? 'bordeaux' : 'port';
    case 'DESSERT':
    case 'WHITE':
      if (SCHLEGEL_GRAPES.includes(g)) return 'schlegel';
      return BURGUNDY_GRAPES.includes(g) ? 'burgundy' : 'bordeaux';
    case 'ROSE':
      return /provence/i.test(w.areaOriginal) ? 'schlegel' : 'burgundy';
    default:
      return BURGUNDY_GRAPES.includes(g) ? 'burgundy' : 'bordeaux';
  }
}

/** Outline paths (x 100..200, bottom at 384), the label box and where the capsule ends. */
const SHAPES: Record<
  BottleShape,
  { path: string; label: [number, number, number, number]; neck: [number, number, number]; capsule: number }
> = {
  bordeaux: {
    neck: [138, 162, 30],
    path: 'M138 30V128C138 150 110 146 110 174V376Q110 384 118 384H182Q190 384 190 376V174C190 146 162 150 162 128V30Z',
    label: [116, 222, 68, 104],
    capsule: 92,
  },
  burgundy: {
    neck: [139, 161, 30],
    path: 'M139 30V92C139 150 106 168 106 222V376Q106 384 114 384H186Q194 384 194 376V222C194 168 161 150 161 92V30Z',
    label: [112, 246, 76, 96],
    capsule: 86,
  },
  flute: {
    neck: [138, 162, 28],
    path: 'M138 28V96C138 156 102 170 102 226V376Q102 384 110 384H190Q198 384 198 376V226C198 170 162 156 162 96V28Z',
    label: [110, 252, 80, 86],
    capsule: 150,
  },
  schlegel: {
    neck: [140, 160, 20],
    path: 'M140 20V88C140 178 120 200 120 248V376Q120 384 128 384H172Q180 384 180 376V248C180 200 160 178 160 88V20Z',
    label: [124, 262, 52, 92],
    capsule: 80,
  },
  port: {
    neck: [139, 161, 48],
    path: 'M139 48V82C132 94 132 110 139 122V138C139 166 108 172 108 204V376Q108 384 116 384H184Q192 384 192 376V204C192 172 161 166 161 138V122C168 110 168 94 161 82V48Z',
    label: [114, 226, 72, 100],
    capsule: 78,
  },
};

const KIND_STYLE: Record<string, { glass: string; bg: [string, string]; accent: string }> = {
  RED: { glass: '#1e3326', bg: ['#f6ece9', '#e6cfd0'], accent: '#7b1e3a' },
  WHITE: { glass: '#a3ad62', bg: ['#f8f4e6', '#ebe2c0'], accent: '#9a7b22' },
  SPARKLING: { glass: '#22392a', bg: ['#f7f3e8', '#e7dcbc'], accent: '#b08d2e' },
  ROSE: { glass: '#efa3b1', bg: ['#fbf0f1', '#f3d6dc'], accent: '#c0506b' },
  DESSERT: { glass: '#d08e25', bg: ['#fbf3e4', '#f0dcb4'], accent: '#a8641a' },
  FORTIFIED: { glass: '#2c1711', bg: ['#f5ece6', '#e2cdbf'], accent: '#5b2a1c' },
};
const CAPSULES = ['#7b1e3a', '#1f2a44', '#b8953c', '#2b2b2b', '#8c2f1b', '#3f5a3a'];

/** The label text: the cuvée name without the producer's name in front of it. */
export function labelName(nameOriginal: string, wineryOriginal: string): string {
  const strip = (s: string) => s.replace(/^(Château|Domaine|Domaines|Maison|Bodegas?|Viña|Weingut|Tenuta|Quinta)\s+/i, '');
  for (const prefix of [wineryOriginal, strip(wineryOriginal)]) {
    if (prefix && nameOriginal.toLowerCase().startsWith(prefix.toLowerCase() + ' ')) return nameOriginal.slice(prefix.length + 1);
  }
  return nameOriginal;
}

/** A tiny bunch of grapes, the label's ornament. */
function grapes(x: number, y: number, color: string): string {
  const dots = [
    [-4, 0],
    [0, 0],
    [4, 0],
    [-2, 3.5],
    [2, 3.5],
    [0, 7],
  ]
    .map(([dx, dy]) => `<circle cx="${x + dx!}" cy="${y + dy!}" r="2"/>`)
    .join('');
  return `<g fill="${color}" opacity=".75">${dots}<path d="M${x} ${y - 2}q1-3 4-4" fill="none" stroke="${color}" stroke-width=".7"/></g>`;
}

/**
 * The bottle picture of a wine (300 x 400). `text` draws the label's lines: `<text>` for browsers, glyph outlines
 * for drawings made on the server (outline.ts).
 */
export function wineSvg(w: WineArt, text: DrawText = svgText): string {
  const shape = SHAPES[bottleShape(w)];
  const style = KIND_STYLE[w.kind] ?? KIND_STYLE.RED!;
  const h = hash(w.nameOriginal);
  const capsule = w.kind === 'SPARKLING' ? '#c9a64b' : CAPSULES[h % CAPSULES.length]!;
  const half = w.volumeMl === 375;
  // A half bottle is drawn smaller, standing on the same floor.
  const scale = half ? ' transform="translate(36 86) scale(.76)"' : '';
  const [lx, ly, lw, lh] = shape.label;
  const [nl, nr, top] = shape.neck;
  const cx = lx + lw / 2;
  const name = labelName(w.nameOriginal, w.wineryOriginal);
  const lines = wrapWords(name, Math.max(8, Math.round(lw / 5.2)), 3);
  const size = lines.length > 2 ? 8 : 9.5;
  const nameY = ly + lh / 2 - ((lines.length - 1) * size * 1.15) / 2 + 2;
  const nameText = lines.map((l, i) => text(cx, +(nameY + i * size * 1.15).toFixed(1), l, size, lw - 8, { weight: 700 })).join('');
  const labelBg = w.kind === 'RED' || w.kind === 'FORTIFIED' ? '#f7f0e1' : '#fffdf6';
  const volume = w.volumeMl === 750 ? '' : text(cx, ly + lh - 5, w.volumeMl === 375 ? '375 ml' : '1.5 L', 5.5, lw - 10, { fill: '#777' });
  const foil =
    w.kind === 'SPARKLING'
      ? `<path d="M136 ${shape.capsule}C128 ${shape.capsule - 8} 136 ${shape.capsule - 16} 130 ${shape.capsule - 26}L170 ${shape.capsule - 26}C164 ${shape.capsule - 16} 172 ${shape.capsule - 8} 164 ${shape.capsule}Z" fill="${capsule}" opacity=".85"/>`
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400" role="img" aria-label="${escapeXml(w.nameOriginal)}">` +
    `<defs><linearGradient id="b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${style.bg[0]}"/><stop offset="1" stop-color="${style.bg[1]}"/></linearGradient>` +
    `<linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#fff" stop-opacity=".05"/><stop offset=".22" stop-color="#fff" stop-opacity=".38"/>` +
    `<stop offset=".4" stop-color="#fff" stop-opacity=".04"/><stop offset="1" stop-color="#000" stop-opacity=".28"/></linearGradient></defs>` +
    `<rect width="300" height="400" fill="url(#b)"/><circle cx="150" cy="178" r="118" fill="#fff" opacity=".45"/>` +
    `<ellipse cx="150" cy="386" rx="64" ry="7" fill="#000" opacity=".13"/>` +
    `<g${scale}><path d="${shape.path}" fill="${style.glass}"/><path d="${shape.path}" fill="url(#g)"/>` +
    `<rect x="${nl - 1.5}" y="${top - 2}" width="${nr - nl + 3}" height="${shape.capsule - top + 2}" rx="2" fill="${capsule}"/>${foil}` +
    `<rect x="${lx}" y="${ly}" width="${lw}" height="${lh}" rx="2" fill="${labelBg}"/>` +
    `<rect x="${lx + 3}" y="${ly + 3}" width="${lw - 6}" height="${lh - 6}" fill="none" stroke="${style.accent}" stroke-width=".8"/>` +
    `<g font-family="${SERIF}" text-anchor="middle" fill="#2a2220">` +
    text(cx, ly + 14, w.wineryOriginal.toUpperCase(), 5.5, lw - 10, { letterSpacing: 0.4, fill: style.accent }, 0.7) +
    `<path d="M${cx - 10} ${ly + 19}H${cx + 10}" stroke="${style.accent}" stroke-width=".6"/>` +
    nameText +
    grapes(cx, ly + lh - (volume ? 30 : 26), style.accent) +
    text(cx, ly + lh - (volume ? 13 : 9), w.areaOriginal, 5.5, lw - 10, { italic: true, fill: '#5a514c' }) +
    volume +
    `</g></g></svg>`
  );
}

export interface WineryArt {
  id: number;
  nameOriginal: string;
  areaOriginal: string | null;
  countryName: string;
  foundedYear: number | null;
}

const SKIES: [string, string, string][] = [
  ['#f9d9b5', '#f3b792', '#f7e3c4'], // dusk
  ['#cfe4f2', '#e9f2f7', '#fff3cf'], // morning
  ['#bcd7ea', '#e4eef4', '#fde9b0'], // noon
  ['#e9d6e8', '#f6e6df', '#fbe0c0'], // lavender
  ['#d7e8de', '#eef4ec', '#fff0c6'], // mist
];
const HILLS: [string, string, string][] = [
  ['#8aa86b', '#5f7f47', '#3f5c33'],
  ['#a3b36f', '#77904c', '#4f6a36'],
  ['#9bb07a', '#6c8a55', '#455f3a'],
  ['#b5a46d', '#8a8a4e', '#5d6b3a'],
];

/** The picture of a winery (400 x 300): its vineyard landscape, a crest with its initial, and its name. */
export function winerySvg(w: WineryArt): string {
  const h = hash(w.nameOriginal);
  const [sky1, sky2, sun] = SKIES[h % SKIES.length]!;
  const [h1, h2, h3] = HILLS[(h >>> 3) % HILLS.length]!;
  const sunX = 70 + ((h >>> 6) % 260);
  const initial = (
    w.nameOriginal.replace(/^(Château|Domaine|Domaines|Maison|Bodegas?|Viña|Weingut|Tenuta|Quinta|The)\s+/i, '').match(/\p{L}/u)?.[0] ?? '·'
  ).toUpperCase();
  const sub = [w.areaOriginal, w.countryName].filter(Boolean).join(' · ');
  const est = w.foundedYear ? `EST. ${w.foundedYear}` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" role="img" aria-label="${escapeXml(w.nameOriginal)}">` +
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky1}"/><stop offset="1" stop-color="${sky2}"/></linearGradient>` +
    `<pattern id="r" width="14" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(-12)"><path d="M0 4H14" stroke="${h3}" stroke-width="2.2" stroke-dasharray="3 2" opacity=".55"/></pattern></defs>` +
    `<rect width="400" height="300" fill="url(#s)"/><circle cx="${sunX}" cy="78" r="30" fill="${sun}" opacity=".9"/>` +
    `<path d="M0 170C70 130 140 150 210 135S340 120 400 150V300H0Z" fill="${h1}"/>` +
    `<path d="M0 200C90 170 170 190 250 172S360 165 400 185V300H0Z" fill="${h2}"/><path d="M0 200C90 170 170 190 250 172S360 165 400 185V300H0Z" fill="url(#r)"/>` +
    `<path d="M0 238C110 214 230 236 400 220V300H0Z" fill="${h3}"/>` +
    `<g transform="translate(200 108)"><path d="M-30 -38H30V4C30 26 14 38 0 46C-14 38 -30 26 -30 4Z" fill="#fbf7ee" stroke="#7b1e3a" stroke-width="2.5"/>` +
    `<text y="14" text-anchor="middle" font-family="${SERIF}" font-size="38" font-weight="700" fill="#7b1e3a">${escapeXml(initial)}</text></g>` +
    `<rect x="30" y="228" width="340" height="56" rx="4" fill="#fbf7ee" opacity=".94"/>` +
    `<g font-family="${SERIF}" text-anchor="middle">` +
    textLine(200, 253, w.nameOriginal, 19, 320, 'font-weight="700" fill="#2a2220"') +
    textLine(200, 273, est ? `${sub}  ·  ${est}` : sub, 10.5, 320, 'fill="#6b5f58" letter-spacing=".5"') +
    `</g></svg>`
  );
}

/** Open Graph cards are 1200 x 630 (the 1.91:1 that KakaoTalk, Facebook and X show whole). */
export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

/** Places a picture of ours (a root `<svg … viewBox=…>`) at x, y with the given size inside another SVG. */
function nest(svg: string, x: number, y: number, width: number, height: number): string {
  return svg.replace(
    /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" (viewBox="[^"]+") width="\d+" height="\d+"/,
    `<svg x="${x}" y="${y}" width="${width}" height="${height}" $1`,
  );
}

function shareCard(body: string, label: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SHARE_WIDTH} ${SHARE_HEIGHT}" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" role="img" aria-label="${escapeXml(label)}">` +
    `<rect width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" fill="#fbf7ee"/>${body}</svg>`
  );
}

/** The share card of a wine: its bottle on the left, its name, producer and region on the right. */
export function wineShareSvg(w: WineArt): string {
  const style = KIND_STYLE[w.kind] ?? KIND_STYLE.RED!;
  const lines = wrapWords(w.nameOriginal, 24, 3);
  const size = lines.length > 2 ? 44 : 52;
  const top = 315 - ((lines.length - 1) * size * 1.2) / 2 - 40;
  const name = lines
    .map((l, i) => textLine(560, Math.round(top + i * size * 1.2), l, size, 580, 'font-weight="700" fill="#2a2220"', 0.55))
    .join('');
  const below = Math.round(top + (lines.length - 1) * size * 1.2);
  return shareCard(
    nest(wineSvg(w), 0, 0, 473, SHARE_HEIGHT) +
      `<g font-family="${SERIF}" text-anchor="start">` +
      `<path d="M560 ${Math.round(top - size - 18)}H640" stroke="${style.accent}" stroke-width="4"/>` +
      name +
      textLine(560, below + 64, w.wineryOriginal, 30, 580, `fill="${style.accent}"`, 0.55) +
      textLine(560, below + 108, w.areaOriginal, 26, 580, 'font-style="italic" fill="#5a514c"', 0.55) +
      `</g>`,
    w.nameOriginal,
  );
}

/** The share card of a winery: its landscape picture, centred. */
export function wineryShareSvg(w: WineryArt): string {
  const width = Math.round((SHARE_HEIGHT * 400) / 300);
  return shareCard(nest(winerySvg(w), (SHARE_WIDTH - width) / 2, 0, width, SHARE_HEIGHT), w.nameOriginal);
}

/** Palettes of the content covers: background top, background bottom, main shape, highlight. */
const COVER_PALETTES: readonly (readonly [string, string, string, string])[] = [
  ['#5a1427', '#2b0a14', '#f3e6d3', '#c9a94b'],
  ['#3d2418', '#1f120c', '#f1dcc0', '#d08a5a'],
  ['#233b36', '#12201d', '#eae3cf', '#b9c97a'],
  ['#4a2a4f', '#221326', '#f4e3ee', '#d9778f'],
  ['#2a3350', '#141a2b', '#e8e4d8', '#c9a94b'],
];

function bunch(x: number, y: number, r: number, fill: string): string {
  const rows = [4, 3, 3, 2, 1];
  let out = '';
  rows.forEach((n, i) => {
    for (let k = 0; k < n; k++) out += `<circle cx="${x + (k - (n - 1) / 2) * r * 1.9}" cy="${y + i * r * 1.65}" r="${r}" fill="${fill}"/>`;
  });
  return out + `<path d="M${x} ${y - r}c2 -18 10 -26 22 -30" stroke="${fill}" stroke-width="4" fill="none"/>`;
}

const glassAt = (x: number, y: number, s: number, line: string, wine: string) =>
  `<g transform="translate(${x} ${y}) scale(${s})">` +
  `<path d="M-46 0C-46 60 -20 96 0 100C20 96 46 60 46 0Z" fill="none" stroke="${line}" stroke-width="4"/>` +
  `<path d="M-42 40C-38 72 -16 94 0 96C16 94 38 72 42 40Z" fill="${wine}"/>` +
  `<path d="M0 100V190M-38 192H38" stroke="${line}" stroke-width="4" stroke-linecap="round"/></g>`;

const bottleAt = (x: number, y: number, s: number, body: string, label: string) =>
  `<g transform="translate(${x} ${y}) scale(${s})">` +
  `<path d="M-14 0H14V70C14 96 40 104 40 140V330H-40V140C-40 104 -14 96 -14 70Z" fill="${body}"/>` +
  `<rect x="-32" y="190" width="64" height="84" rx="3" fill="${label}"/><rect x="-14" y="-12" width="28" height="16" fill="${label}"/></g>`;

/**
 * The generated cover of a magazine article or an event (800 x 500): a still life after its motif (glass, bottle,
 * bubbles, vineyard, cellar, table) in one of a few wine palettes chosen by its id. It carries no text, so it suits
 * every language; the page shows the title beside it.
 */
export function coverSvg(id: number, motif: string, label: string): string {
  const h = hash(`${motif}:${id}`);
  const [bg1, bg2, main, hi] = COVER_PALETTES[h % COVER_PALETTES.length]!;
  const shift = (h >>> 4) % 120;
  let art: string;
  switch (motif) {
    case 'bottle':
      art =
        bottleAt(330 + shift / 3, 110, 1, main, hi) +
        bottleAt(450 + shift / 3, 150, 0.9, hi, bg2) +
        `<ellipse cx="${400 + shift / 3}" cy="452" rx="200" ry="14" fill="#000" opacity=".25"/>`;
      break;
    case 'bubbles': {
      let dots = '';
      for (let i = 0; i < 26; i++) {
        const k = hash(`${id}:${i}`);
        dots += `<circle cx="${60 + (k % 680)}" cy="${40 + ((k >>> 8) % 420)}" r="${2 + ((k >>> 16) % 9)}" fill="none" stroke="${hi}" stroke-width="2" opacity=".6"/>`;
      }
      art =
        dots +
        `<g transform="translate(${360 + shift / 2} 90)"><path d="M-26 0C-30 90 -22 150 0 160C22 150 30 90 26 0Z" fill="none" stroke="${main}" stroke-width="4"/>` +
        `<path d="M-24 50C-25 100 -18 146 0 154C18 146 25 100 24 50Z" fill="${hi}" opacity=".85"/>` +
        `<path d="M0 160V300M-34 302H34" stroke="${main}" stroke-width="4" stroke-linecap="round"/></g>`;
      break;
    }
    case 'vineyard':
      art =
        `<circle cx="${150 + shift * 4}" cy="120" r="46" fill="${hi}" opacity=".9"/>` +
        `<path d="M0 300C150 250 300 280 460 250S700 240 800 270V500H0Z" fill="${main}" opacity=".35"/>` +
        `<path d="M0 360C180 320 360 350 520 320S720 320 800 340V500H0Z" fill="${main}" opacity=".55"/>` +
        Array.from(
          { length: 9 },
          (_, i) => `<path d="M${i * 100 - 40} 500L${300 + i * 40} 340" stroke="${bg2}" stroke-width="6" opacity=".5"/>`,
        ).join('') +
        bunch(640 - shift, 150, 13, hi);
      break;
    case 'cellar':
      art =
        [160, 400, 640]
          .map(
            (x) =>
              `<path d="M${x - 100} 500V220A100 100 0 0 1 ${x + 100} 220V500" fill="none" stroke="${main}" stroke-width="5" opacity=".5"/>` +
              `<ellipse cx="${x}" cy="420" rx="62" ry="52" fill="${hi}" opacity=".75"/><ellipse cx="${x}" cy="420" rx="20" ry="17" fill="${bg2}" opacity=".6"/>` +
              `<path d="M${x - 58} 400H${x + 58}M${x - 58} 440H${x + 58}" stroke="${bg2}" stroke-width="4" opacity=".5"/>`,
          )
          .join('') + `<path d="M0 480H800" stroke="${main}" stroke-width="4" opacity=".4"/>`;
      break;
    case 'table':
      art =
        `<ellipse cx="${330 + shift / 2}" cy="360" rx="190" ry="60" fill="${main}" opacity=".9"/>` +
        `<ellipse cx="${330 + shift / 2}" cy="356" rx="120" ry="34" fill="${bg1}" opacity=".35"/>` +
        bunch(270 + shift / 2, 300, 11, hi) +
        glassAt(580, 150, 1, main, hi);
      break;
    default:
      art =
        glassAt(330 + shift / 2, 90, 1.2, main, hi) +
        glassAt(500 + shift / 2, 130, 1, main, bg1) +
        `<ellipse cx="${420 + shift / 2}" cy="430" rx="220" ry="14" fill="#000" opacity=".25"/>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" width="800" height="500" role="img" aria-label="${escapeXml(label)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient></defs>` +
    `<rect width="800" height="500" fill="url(#g)"/>${art}</svg>`
  );
}

/** The share card (1200 x 630) of a magazine article or an event: its cover, centred. */
export function coverShareSvg(id: number, motif: string, label: string): string {
  const width = Math.round((SHARE_HEIGHT * 800) / 500);
  return shareCard(nest(coverSvg(id, motif, label), (SHARE_WIDTH - width) / 2, 0, width, SHARE_HEIGHT), label);
}
