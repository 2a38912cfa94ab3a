import type { TProductDetail } from '@podo/contracts';
import type { Language } from '@podo/i18n';
import { apiMessages } from '@podo/i18n/resources';
import type { TSiteConfig } from '@podo/config';
import { Canvas, COLORS, CONTENT_WIDTH, PAGE, formatKrw, thousands } from './canvas';
import { drawBottle } from './bottle';

export interface SheetContext {
  lang: Language;
  site: TSiteConfig;
  /** YYYY-MM-DD shown in the header. */
  date: string;
}

/** Bottom of the usable area, above the company footer. */
const BOTTOM = PAGE.height - 70;
const GAP = 22;

/** Sweetness name (1 dry .. 5 sweet) from the API texts. */
export function sugarName(lang: Language, level: number): string {
  const names = (apiMessages[lang] as { catalog?: { sugar?: Record<string, string> } }).catalog?.sugar;
  return names?.[String(level)] ?? String(level);
}

/** Grapes as 'Cabernet Sauvignon 75%, Merlot 25%'. */
export function grapeText(grapes: TProductDetail['grapes']): string {
  return grapes.map((g) => (g.percent ? `${g.name} ${g.percent}%` : g.name)).join(', ');
}

export function vintageText(c: Canvas, year: number | null): string {
  return year === null ? c.labels.nv : String(year);
}

/** The one-page A4 tech sheet of a wine. */
export async function renderTechSheet(p: TProductDetail, ctx: SheetContext): Promise<Buffer> {
  const L = () => c.labels;
  const c = new Canvas(ctx.lang, ctx.site, { title: `${p.name} — ${apiMessages[ctx.lang].pdf.techSheet}`, subject: p.nameOriginal });
  c.addPage();
  const doc = c.doc;
  const M = PAGE.margin;
  const top = c.pageHeader(L().techSheet, ctx.date) + 8;

  // ---- hero: bottle panel on the left ------------------------------------------------------------------
  const panelW = 178;
  const panelH = 292;
  doc.roundedRect(M, top, panelW, panelH, 6).fill(COLORS.panel);
  const chip = p.kind.name;
  const chipW = c.width(chip, { size: 7.5, face: 'bold' }) + 20;
  doc.roundedRect(M + 10, top + 10, chipW, 16, 8).fill(COLORS.white);
  doc.circle(M + 18, top + 18, 3).fill(p.kind.color || COLORS.wine);
  c.text(chip, M + 24, top + 13.5, { size: 7.5, face: 'bold', color: COLORS.ink, width: chipW - 14, oneLine: true });
  const newest = p.vintageList[0]?.year ?? p.vintages[0] ?? null;
  // Half bottles (375 ml) stand lower, magnums (1.5 l) fill the panel.
  const bottleH = p.volumeMl < 750 ? 200 : p.volumeMl > 750 ? 250 : 236;
  drawBottle(c, p.kind.code, M + panelW / 2, top + panelH - 18, bottleH, {
    top: p.winery.nameOriginal || p.winery.name,
    title: p.nameOriginal || p.name,
    bottom: vintageText(c, newest),
  });

  // ---- hero: names and facts on the right --------------------------------------------------------------
  const X = M + panelW + 20;
  const W = PAGE.width - M - X;
  let y = top + 2;
  const eyebrow = [p.kind.name, p.country.name, p.productionArea.name].filter(Boolean).join('  ·  ');
  c.text(eyebrow, X, y, { size: 8, face: 'bold', color: COLORS.wine, width: W, oneLine: true, characterSpacing: 0.4 });
  y += 15;
  const titleStyle = { size: 19, face: 'bold' as const, color: COLORS.ink, width: W, lineGap: 1 };
  const titleH = Math.min(c.height(p.name, titleStyle), c.lineHeight(titleStyle) * 2);
  c.text(p.name, X, y, { ...titleStyle, height: titleH + 1 });
  y += titleH + 3;
  const second = ctx.lang === 'ko-KR' ? p.nameOriginal : p.nameKo;
  if (second && second !== p.name) {
    const s = { size: 10.5, color: COLORS.muted, width: W };
    const h = Math.min(c.height(second, s), c.lineHeight(s) * 2);
    c.text(second, X, y, { ...s, height: h + 1 });
    y += h;
  }
  y += 10;
  c.rule(X, y, W);
  y += 9;

  const half = (W - 16) / 2;
  const fact = (label: string, value: string, x: number, yy: number, width: number, lines = 1): number => {
    c.text(label, x, yy, { size: 7, face: 'bold', color: COLORS.muted, width, oneLine: true, characterSpacing: 0.3 });
    const style = { size: 9.5, color: COLORS.ink, width, lineGap: 1 };
    const h = lines > 1 ? Math.min(c.height(value || '—', style), c.lineHeight(style) * lines) : c.lineHeight(style);
    c.text(value || '—', x, yy + 10.5, lines > 1 ? { ...style, height: h + 1 } : { ...style, oneLine: true });
    return 10.5 + h + 8;
  };
  const wineryName = p.winery.name === p.winery.nameOriginal ? p.winery.name : `${p.winery.name}  (${p.winery.nameOriginal})`;
  y += fact(L().winery, wineryName, X, y, W);
  const rowA = Math.max(fact(L().country, p.country.name, X, y, half), fact(L().region, p.productionArea.name, X + half + 16, y, half));
  y += rowA;
  y += fact(L().grapes, grapeText(p.grapes), X, y, W, 2);
  const temp = p.servingTemp ? c.t('servingTempValue', { min: p.servingTemp.min, max: p.servingTemp.max }) : '—';
  y += Math.max(fact(L().alcohol, `${p.alcohol}%`, X, y, half), fact(L().volume, `${p.volumeMl}ml`, X + half + 16, y, half));
  y += Math.max(fact(L().sugar, sugarName(ctx.lang, p.sugarLevel), X, y, half), fact(L().servingTemp, temp, X + half + 16, y, half));
  if (p.level) y += fact(L().level, p.level.name, X, y, W);

  if (p.profile) {
    y += 2;
    c.text(L().profile, X, y, { size: 7, face: 'bold', color: COLORS.muted, width: W, oneLine: true, characterSpacing: 0.3 });
    y += 13;
    const bars: [string, number][] = [
      [L().body, p.profile.body],
      [L().acidity, p.profile.acidity],
      [L().tannin, p.profile.tannin],
      [L().sweetness, p.profile.sweetness],
    ];
    bars.forEach(([label, value], i) => {
      const bx = X + (i % 2) * (half + 16);
      const by = y + Math.floor(i / 2) * 17;
      c.text(label, bx, by, { size: 8, color: COLORS.text, width: 52, oneLine: true });
      const tx = bx + 54;
      const tw = half - 54 - 22;
      doc.roundedRect(tx, by + 3.5, tw, 5, 2.5).fill(COLORS.line);
      const v = Math.max(0, Math.min(5, value));
      if (v > 0) doc.roundedRect(tx, by + 3.5, (tw * v) / 5, 5, 2.5).fill(COLORS.wine);
      c.text(`${Number.isInteger(v) ? v : v.toFixed(1)}/5`, tx + tw + 4, by + 0.5, {
        size: 7,
        color: COLORS.muted,
        width: 20,
        oneLine: true,
      });
    });
    y += 34;
  }

  // ---- below: notes on the left, prices and scores on the right ----------------------------------------
  const lowTop = Math.max(top + panelH, y) + 18;
  const colW = (CONTENT_WIDTH - GAP) / 2;
  const rightX = M + colW + GAP;

  let ly = lowTop;
  const para = { size: 8.8, color: COLORS.text, width: colW, lineGap: 2.4 };
  const notes: [string, string | null][] = [
    [L().tastingNote, p.tastingNote],
    [L().pairing, p.pairing],
    [L().description, p.description],
    [L().winemaking, p.winemaking],
  ];
  for (const [title, body] of notes) {
    if (!body) continue;
    const room = BOTTOM - ly - 24;
    if (room < 30) break;
    ly += c.heading(title, M, ly, colW);
    const h = Math.min(c.height(body, para), room);
    c.text(body, M, ly, { ...para, height: h + 1 });
    ly += h + 14;
  }

  let ry = lowTop;
  ry += c.heading(L().vintages, rightX, ry, colW);
  const trade = p.vintageList.some((v) => v.tradePrice !== null);
  const cols = trade ? [0.26, 0.27, 0.27, 0.2] : [0.3, 0.4, 0.3];
  const heads = trade ? [L().vintage, L().retailPrice, L().tradePrice, L().stock] : [L().vintage, L().retailPrice, L().stock];
  const cell = (texts: string[], yy: number, style: { face?: 'bold' | 'regular'; color?: string; size?: number }) => {
    let cx = rightX;
    texts.forEach((t, i) => {
      const w = colW * cols[i]!;
      c.text(t, cx, yy, {
        size: style.size ?? 8.5,
        face: style.face,
        color: style.color,
        width: w - 6,
        align: i === 0 ? 'left' : 'right',
        oneLine: true,
      });
      cx += w;
    });
  };
  cell(heads, ry, { size: 7, face: 'bold', color: COLORS.muted });
  ry += 13;
  const maxRows = 6;
  for (const v of p.vintageList.slice(0, maxRows)) {
    const stock = v.stock !== null ? c.t('bottles', { count: thousands(v.stock) }) : v.inStock ? L().inStock : L().soldOut;
    const row = [vintageText(c, v.year), formatKrw(v.retailPrice, ctx.lang)];
    if (trade) row.push(v.tradePrice === null ? '—' : formatKrw(v.tradePrice, ctx.lang));
    row.push(stock);
    cell(row, ry, { color: v.inStock ? COLORS.ink : COLORS.faint });
    ry += 15;
    c.rule(rightX, ry - 3.5, colW, COLORS.line, 0.4);
  }
  if (!p.vintageList.length) {
    cell([L().nv, formatKrw(p.retailPrice, ctx.lang), '—'], ry, { color: COLORS.ink });
    ry += 15;
  }
  const note = { size: 6.8, color: COLORS.muted, width: colW };
  const noteH = Math.min(c.height(trade ? L().priceNote : `${L().priceNote} ${L().tradeOnly}`, note), c.lineHeight(note) * 2);
  c.text(trade ? L().priceNote : `${L().priceNote} ${L().tradeOnly}`, rightX, ry + 2, { ...note, height: noteH + 1 });
  ry += noteH + 12;

  if (p.scores.length && BOTTOM - ry > 80) {
    ry += c.heading(L().scores, rightX, ry, colW);
    const bw = (colW - 3 * 6) / 4;
    p.scores.slice(0, 8).forEach((s, i) => {
      const bx = rightX + (i % 4) * (bw + 6);
      const by = ry + Math.floor(i / 4) * 44;
      doc.roundedRect(bx, by, bw, 38, 4).fill(COLORS.wineSoft);
      c.text(String(s.score), bx, by + 4, { size: 15, face: 'bold', color: COLORS.wine, width: bw, align: 'center', oneLine: true });
      const sub = s.vintageYear ? `${s.critic} · ${s.vintageYear}` : s.critic;
      c.text(sub, bx + 3, by + 24, { size: 6.5, color: COLORS.text, width: bw - 6, align: 'center', oneLine: true });
    });
    ry += Math.ceil(Math.min(p.scores.length, 8) / 4) * 44 + 8;
  }

  if (p.awards.length && BOTTOM - ry > 50) {
    ry += c.heading(L().awards, rightX, ry, colW);
    for (const a of p.awards) {
      if (BOTTOM - ry < 14) break;
      const medal = /gold|금|double/i.test(a.medal)
        ? COLORS.gold
        : /silver|은/i.test(a.medal)
          ? '#9ea3a8'
          : /bronze|동/i.test(a.medal)
            ? '#a8703f'
            : COLORS.wine;
      doc.circle(rightX + 4, ry + 5, 3.2).fill(medal);
      c.text(`${a.year}  ${a.name}`, rightX + 13, ry, { size: 8.2, color: COLORS.ink, width: colW - 13 - 70, oneLine: true });
      c.text(a.medal, rightX + colW - 70, ry, { size: 8.2, face: 'bold', color: COLORS.text, width: 70, align: 'right', oneLine: true });
      ry += 15;
    }
  }

  return c.finish();
}
