import type { TProductCard, TWineryDetail } from '@podo/contracts';
import { apiMessages } from '@podo/i18n/resources';
import { Canvas, COLORS, CONTENT_WIDTH, PAGE, formatKrw } from './canvas';
import type { SheetContext } from './tech-sheet';
import { drawBottle } from './bottle';

const BOTTOM = PAGE.height - 72;
const M = PAGE.margin;

/** Up to two initials of a name ('Château Léoville Barton' → 'LB'), skipping the usual estate words. */
export function monogram(name: string): string {
  const skip = /^(ch[aâ]teau|domaine|bodegas?|cantina|tenuta|weingut|quinta|vi[ñn]a|casa|maison|the|de|du|la|le|di|del|des|et|&)$/i;
  const words = name.split(/[\s,-]+/).filter((w) => w && !skip.test(w));
  const letters = (words.length ? words : name.split(/\s+/)).slice(0, 2).map((w) => [...w][0] ?? '');
  return letters.join('').toUpperCase();
}

/** The one-page A4 sheet of a winery: who they are, then their wines with prices. */
export async function renderWinerySheet(
  w: TWineryDetail,
  wines: { items: TProductCard[]; total: number },
  ctx: SheetContext,
): Promise<Buffer> {
  const c = new Canvas(ctx.lang, ctx.site, { title: `${w.name} — ${apiMessages[ctx.lang].pdf.winerySheet}`, subject: w.nameOriginal });
  const L = c.labels;
  const doc = c.doc;
  c.addPage();
  const top = c.pageHeader(L.winerySheet, ctx.date) + 8;

  // ---- monogram panel ----------------------------------------------------------------------------------
  const panelW = 178;
  const panelH = 196;
  const grad = doc.linearGradient(M, top, M + panelW, top + panelH);
  grad.stop(0, COLORS.wine).stop(1, COLORS.wineDark);
  doc.roundedRect(M, top, panelW, panelH, 6).fill(grad);
  const cx = M + panelW / 2;
  const cy = top + 84;
  doc.circle(cx, cy, 50).lineWidth(1.2).strokeColor(COLORS.gold).stroke();
  doc.circle(cx, cy, 45).lineWidth(0.4).strokeColor(COLORS.gold).stroke();
  c.text(monogram(w.nameOriginal || w.name), cx - 45, cy - 21, {
    size: 30,
    face: 'bold',
    color: COLORS.white,
    width: 90,
    align: 'center',
    oneLine: true,
  });
  const place = [w.productionArea?.name, w.country.name].filter(Boolean).join(', ');
  c.text(place, M + 10, top + 148, { size: 8.5, face: 'bold', color: COLORS.white, width: panelW - 20, align: 'center', oneLine: true });
  if (w.foundedYear) {
    c.text(`${L.founded} ${w.foundedYear}`, M + 10, top + 163, {
      size: 7.5,
      color: '#eadadd',
      width: panelW - 20,
      align: 'center',
      oneLine: true,
    });
  }

  // ---- names and facts ---------------------------------------------------------------------------------
  const X = M + panelW + 20;
  const W = PAGE.width - M - X;
  let y = top + 2;
  c.text([w.country.name, w.productionArea?.name].filter(Boolean).join('  ·  '), X, y, {
    size: 8,
    face: 'bold',
    color: COLORS.wine,
    width: W,
    oneLine: true,
    characterSpacing: 0.4,
  });
  y += 15;
  const titleStyle = { size: 19, face: 'bold' as const, color: COLORS.ink, width: W, lineGap: 1 };
  const titleH = Math.min(c.height(w.name, titleStyle), c.lineHeight(titleStyle) * 2);
  c.text(w.name, X, y, { ...titleStyle, height: titleH + 1 });
  y += titleH + 3;
  const second = ctx.lang === 'ko-KR' ? w.nameOriginal : w.nameKo;
  if (second && second !== w.name) {
    c.text(second, X, y, { size: 10.5, color: COLORS.muted, width: W, oneLine: true });
    y += c.lineHeight({ size: 10.5 });
  }
  y += 10;
  c.rule(X, y, W);
  y += 9;
  const half = (W - 16) / 2;
  const fact = (label: string, value: string, x: number, width: number) => {
    c.text(label, x, y, { size: 7, face: 'bold', color: COLORS.muted, width, oneLine: true, characterSpacing: 0.3 });
    c.text(value || '—', x, y + 10.5, { size: 9.5, color: COLORS.ink, width, oneLine: true });
  };
  fact(L.country, w.country.name, X, half);
  fact(L.region, w.productionArea?.name ?? '—', X + half + 16, half);
  y += 34;
  fact(L.founded, w.foundedYear ? String(w.foundedYear) : '—', X, half);
  fact(L.wines, c.t('wineCount', { count: wines.total }), X + half + 16, half);
  y += 34;
  if (w.website) {
    fact(L.website, w.website.replace(/^https?:\/\//, '').replace(/\/$/, ''), X, W);
    y += 34;
  }
  if (w.kinds.length) {
    c.text(L.kinds, X, y, { size: 7, face: 'bold', color: COLORS.muted, width: W, oneLine: true, characterSpacing: 0.3 });
    y += 12;
    let x = X;
    for (const k of w.kinds) {
      const label = `${k.name} ${k.qty}`;
      const cw = c.width(label, { size: 8 }) + 22;
      if (x + cw > X + W) {
        x = X;
        y += 21;
      }
      doc.roundedRect(x, y, cw, 16, 8).fill(COLORS.panel);
      doc.circle(x + 9, y + 8, 3).fill(k.color || COLORS.wine);
      c.text(label, x + 15, y + 3.5, { size: 8, color: COLORS.text, width: cw - 15, oneLine: true });
      x += cw + 6;
    }
    y += 24;
  }

  // ---- description -------------------------------------------------------------------------------------
  y = Math.max(y, top + panelH) + 18;
  if (w.description) {
    y += c.heading(L.description, M, y, CONTENT_WIDTH);
    const para = { size: 8.8, color: COLORS.text, width: CONTENT_WIDTH, lineGap: 2.4 };
    const h = Math.min(c.height(w.description, para), c.lineHeight(para) * 7);
    c.text(w.description, M, y, { ...para, height: h + 1 });
    y += h + 16;
  }

  // ---- a line-up of bottles, when the table leaves room for it -------------------------------------------
  const tableNeed = 24 + 13 + wines.items.length * 25 + 20;
  const lineupH = 168;
  const lineup = wines.items.slice(0, 6);
  if (lineup.length && BOTTOM - y - tableNeed >= lineupH) {
    doc.roundedRect(M, y, CONTENT_WIDTH, lineupH - 16, 6).fill(COLORS.panel);
    const slot = CONTENT_WIDTH / lineup.length;
    lineup.forEach((p, i) => {
      const cx = M + slot * i + slot / 2;
      const small = p.volumeMl < 750;
      drawBottle(c, p.kind.code, cx, y + 104, small ? 78 : 92, { top: '', title: '', bottom: '' });
      const label = { size: 7.2, face: 'bold' as const, color: COLORS.ink, width: Math.min(slot - 12, 110), align: 'center' as const };
      const years = p.vintages.slice(0, 1).map((v) => (v === null ? L.nv : String(v)));
      c.text(p.name, cx - label.width / 2, y + 114, { ...label, height: c.lineHeight(label) * 2 });
      c.text([p.kind.name, ...years].join(' · '), cx - label.width / 2, y + 138, {
        ...label,
        size: 6.5,
        face: 'regular',
        color: COLORS.muted,
        oneLine: true,
      });
    });
    y += lineupH;
  }

  // ---- wines -------------------------------------------------------------------------------------------
  y += c.heading(`${L.wines} (${wines.total})`, M, y, CONTENT_WIDTH);
  const trade = wines.items.some((p) => p.tradePrice !== null);
  const cols = [
    { t: L.wine, w: 250 },
    { t: L.kind, w: 70 },
    { t: L.vintage, w: 70 },
    { t: L.volume, w: 45 },
    { t: trade ? `${L.retailPrice} / ${L.tradePrice}` : L.retailPrice, w: CONTENT_WIDTH - 250 - 70 - 70 - 45, right: true },
  ];
  let x = M;
  for (const col of cols) {
    c.text(col.t, x, y, {
      size: 6.8,
      face: 'bold',
      color: COLORS.muted,
      width: col.w - 6,
      align: col.right ? 'right' : 'left',
      oneLine: true,
    });
    x += col.w;
  }
  y += 13;
  const rowH = 25;
  let shown = 0;
  for (const p of wines.items) {
    // Keep a line free for 'N more' when not everything fits.
    const last = shown === wines.items.length - 1 && wines.total === wines.items.length;
    if (y + rowH + (last ? 0 : 16) > BOTTOM) break;
    c.rule(M, y, CONTENT_WIDTH, COLORS.line, 0.4);
    const ry = y + 4;
    doc.circle(M + 2.8, ry + 5.6, 2.6).fill(p.kind.color || COLORS.wine);
    c.text(p.name, M + 9, ry, { size: 8.4, face: 'bold', color: COLORS.ink, width: 250 - 15, oneLine: true });
    c.text(ctx.lang === 'ko-KR' ? p.nameOriginal : p.nameKo, M + 9, ry + 11, {
      size: 6.8,
      color: COLORS.muted,
      width: 250 - 15,
      oneLine: true,
    });
    let cx2 = M + 250;
    c.text(p.kind.name, cx2, ry, { size: 7.6, color: COLORS.text, width: 64, oneLine: true });
    cx2 += 70;
    const years = p.vintages.slice(0, 3).map((v) => (v === null ? L.nv : String(v)));
    c.text(years.join(', ') || '—', cx2, ry, { size: 7.6, color: COLORS.text, width: 64, oneLine: true });
    cx2 += 70;
    c.text(`${p.volumeMl}ml`, cx2, ry, { size: 7.6, color: COLORS.text, width: 40, oneLine: true });
    cx2 += 45;
    const pw = CONTENT_WIDTH - 250 - 70 - 70 - 45 - 6;
    c.text(formatKrw(p.retailPrice, ctx.lang), cx2, ry, {
      size: 8,
      face: 'bold',
      color: p.inStock ? COLORS.ink : COLORS.faint,
      width: pw,
      align: 'right',
      oneLine: true,
    });
    if (p.tradePrice !== null) {
      c.text(formatKrw(p.tradePrice, ctx.lang), cx2, ry + 11, { size: 7, color: COLORS.wine, width: pw, align: 'right', oneLine: true });
    } else if (!p.inStock) {
      c.text(L.soldOut, cx2, ry + 11, { size: 6.8, color: COLORS.faint, width: pw, align: 'right', oneLine: true });
    }
    y += rowH;
    shown++;
  }
  c.rule(M, y, CONTENT_WIDTH, COLORS.line, 0.4);
  if (shown < wines.total) {
    c.text(c.t('moreWines', { count: wines.total - shown }), M, y + 6, {
      size: 7.5,
      color: COLORS.muted,
      width: CONTENT_WIDTH,
      align: 'right',
      oneLine: true,
    });
  } else if (!wines.total) {
    c.text(L.empty, M, y + 6, { size: 8, color: COLORS.muted, width: CONTENT_WIDTH, oneLine: true });
  }
  return c.finish();
}
