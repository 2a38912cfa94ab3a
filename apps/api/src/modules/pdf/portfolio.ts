import type { TProductCard, TWineryCard } from '@podo/contracts';
import { apiMessages } from '@podo/i18n/resources';
import { Canvas, COLORS, CONTENT_WIDTH, PAGE, formatKrw, localized } from './canvas';
import type { SheetContext } from './tech-sheet';
import { grapeText } from './tech-sheet';

/** Bottom of the table area, above the company footer. */
const BOTTOM = PAGE.height - 72;
const M = PAGE.margin;

export interface Group<T> {
  key: string;
  title: string;
  color?: string;
  items: T[];
}

interface Column<T> {
  title: string;
  /** Width in points; the widths add up to the content width. */
  width: number;
  align?: 'left' | 'right';
  draw(c: Canvas, item: T, x: number, y: number, w: number, index: number): void;
}

/** Groups in first-seen order (the list's own sort decides both the group order and the order inside). */
export function groupBy<T>(items: T[], key: (t: T) => { key: string; title: string; color?: string }): Group<T>[] {
  const groups = new Map<string, Group<T>>();
  for (const item of items) {
    const k = key(item);
    let g = groups.get(k.key);
    if (!g) groups.set(k.key, (g = { ...k, items: [] }));
    g.items.push(item);
  }
  return [...groups.values()];
}

/** Lets other requests run between two pages of a long portfolio (drawing is synchronous CPU work). */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Draws grouped rows as a table over as many pages as needed (column heads repeat on every page, a group
 * never starts at the foot of a page). Returns the page index (0-based) where each group starts.
 */
async function drawTable<T>(
  c: Canvas,
  title: string,
  date: string,
  groups: Group<T>[],
  columns: Column<T>[],
  rowH: number,
  count: (n: number) => string,
): Promise<Map<string, number>> {
  const starts = new Map<string, number>();
  const doc = c.doc;
  let y = 0;
  let page = -1;
  let row = 0;
  const newPage = () => {
    c.addPage();
    page++;
    y = c.pageHeader(title, date);
    let x = M;
    for (const col of columns) {
      c.text(col.title, x + 3, y, { size: 6.8, face: 'bold', color: COLORS.muted, width: col.width - 6, align: col.align, oneLine: true });
      x += col.width;
    }
    y += 13;
    c.rule(M, y, CONTENT_WIDTH, COLORS.ink, 0.8);
    y += 4;
  };
  const groupHead = (g: Group<T>, more: boolean) => {
    y += 6;
    doc.rect(M, y, CONTENT_WIDTH, 20).fill(COLORS.wineSoft);
    doc.rect(M, y, 3, 20).fill(g.color ?? COLORS.wine);
    c.text(g.title, M + 10, y + 4.5, { size: 9.5, face: 'bold', color: COLORS.wineDark, width: CONTENT_WIDTH - 110, oneLine: true });
    if (!more)
      c.text(count(g.items.length), M + CONTENT_WIDTH - 100, y + 5.5, {
        size: 7.5,
        color: COLORS.muted,
        width: 92,
        align: 'right',
        oneLine: true,
      });
    y += 24;
  };
  newPage();
  for (const g of groups) {
    if (y + 30 + rowH > BOTTOM) {
      await breathe();
      newPage();
    }
    starts.set(g.key, page);
    groupHead(g, false);
    for (const [i, item] of g.items.entries()) {
      if (y + rowH > BOTTOM) {
        await breathe();
        newPage();
        groupHead(g, true);
      }
      let x = M;
      for (const col of columns) {
        col.draw(c, item, x + 3, y + 4, col.width - 6, row);
        x += col.width;
      }
      row++;
      y += rowH;
      if (i < g.items.length - 1) c.rule(M, y, CONTENT_WIDTH, COLORS.line, 0.4);
    }
  }
  return starts;
}

interface CoverInput {
  title: string;
  filters: string[];
  stats: { value: string; label: string }[];
  legend?: { color: string; label: string; count: number }[];
  contentsTitle: string;
  groups: { key: string; title: string; count: number; color?: string }[];
  count: (n: number) => string;
  empty?: string;
}

/** The portfolio cover: a wine-red field with the title, the filters, key numbers and a contents list. */
function drawCover(c: Canvas, date: string, input: CoverInput, starts: Map<string, number>): void {
  const doc = c.doc;
  const bandH = 318;
  const grad = doc.linearGradient(0, 0, PAGE.width, bandH);
  grad.stop(0, COLORS.wine).stop(1, COLORS.wineDark);
  doc.rect(0, 0, PAGE.width, bandH).fill(grad);
  // A large, faint bottle-round motif in the corner.
  doc.save();
  doc
    .circle(PAGE.width - 70, 80, 150)
    .fillOpacity(0.07)
    .fill('#ffffff');
  doc
    .circle(PAGE.width - 40, 250, 90)
    .fillOpacity(0.05)
    .fill('#ffffff');
  doc.restore();
  c.text(localized(c.site.brandName, c.lang), M, 56, {
    size: 13,
    face: 'bold',
    color: COLORS.white,
    width: 400,
    oneLine: true,
    characterSpacing: 1.5,
  });
  doc.rect(M, 80, 36, 1.5).fill(COLORS.gold);
  const desc = localized(c.site.description, c.lang);
  c.text(desc, M, 90, { size: 8.5, color: '#eadadd', width: 340, height: 26 });
  c.text(input.title, M, 150, { size: 32, face: 'bold', color: COLORS.white, width: CONTENT_WIDTH, oneLine: true });
  let y = 202;
  const filters = input.filters.length ? input.filters.join('  ·  ') : '';
  if (filters) {
    const h = Math.min(c.height(filters, { size: 10, width: CONTENT_WIDTH }), 44);
    c.text(filters, M, y, { size: 10, color: '#f3e6e8', width: CONTENT_WIDTH, height: h + 1 });
    y += h + 6;
  }
  c.text(c.t('asOf', { date }), M, bandH - 34, { size: 8.5, color: '#eadadd', width: 300, oneLine: true });

  // Key numbers.
  y = bandH + 28;
  const sw = CONTENT_WIDTH / input.stats.length;
  input.stats.forEach((s, i) => {
    const x = M + i * sw;
    c.text(s.value, x, y, { size: 24, face: 'bold', color: COLORS.wine, width: sw - 10, oneLine: true });
    c.text(s.label, x, y + 34, { size: 8, color: COLORS.muted, width: sw - 10, oneLine: true });
    if (i > 0) doc.rect(x - 12, y + 4, 0.6, 42).fill(COLORS.line);
  });
  y += 66;

  if (input.empty) {
    c.rule(M, y, CONTENT_WIDTH);
    c.text(input.empty, M, y + 24, { size: 11, color: COLORS.muted, width: CONTENT_WIDTH, align: 'center', oneLine: true });
    return;
  }

  if (input.legend?.length) {
    y += c.heading(c.labels.kinds, M, y, CONTENT_WIDTH);
    let x = M;
    for (const k of input.legend) {
      const label = `${k.label} ${k.count}`;
      const w = c.width(label, { size: 8 }) + 22;
      if (x + w > M + CONTENT_WIDTH) {
        x = M;
        y += 22;
      }
      doc.roundedRect(x, y, w, 16, 8).fill(COLORS.panel);
      doc.circle(x + 9, y + 8, 3).fill(k.color);
      c.text(label, x + 15, y + 3.5, { size: 8, color: COLORS.text, width: w - 15, oneLine: true });
      x += w + 6;
    }
    y += 32;
  }

  // Contents in two columns, with the page each group starts on.
  y += c.heading(input.contentsTitle, M, y, CONTENT_WIDTH);
  const colW = (CONTENT_WIDTH - 24) / 2;
  const perCol = Math.max(1, Math.floor((BOTTOM - y) / 17));
  const shown = input.groups.slice(0, perCol * 2);
  shown.forEach((g, i) => {
    const x = M + (i >= perCol ? colW + 24 : 0);
    const yy = y + (i % perCol) * 17;
    if (g.color) doc.circle(x + 3, yy + 5.5, 2.6).fill(g.color);
    const tx = g.color ? x + 10 : x;
    c.text(g.title, tx, yy, { size: 8.8, color: COLORS.ink, width: colW - 110, oneLine: true });
    c.text(input.count(g.count), x + colW - 104, yy + 0.8, { size: 7.5, color: COLORS.muted, width: 60, align: 'right', oneLine: true });
    const start = starts.get(g.key);
    if (start !== undefined) {
      c.text(`p. ${start + 2}`, x + colW - 40, yy + 0.8, {
        size: 7.5,
        face: 'bold',
        color: COLORS.wine,
        width: 40,
        align: 'right',
        oneLine: true,
      });
    }
    doc.rect(x, yy + 14, colW, 0.4).fill(COLORS.line);
  });
}

export interface ProductPortfolioInput {
  items: TProductCard[];
  groupBy: 'country' | 'kind';
  /** Active filters, readable ('레드', '프랑스', '50,000원 – 100,000원'...). */
  filters: string[];
}

/** The wine portfolio: a cover, then every wine in a table grouped by country (or kind), with page numbers. */
export async function renderProductPortfolio(input: ProductPortfolioInput, ctx: SheetContext): Promise<Buffer> {
  const c = new Canvas(ctx.lang, ctx.site, { title: ctxTitle(ctx, 'portfolio'), subject: input.filters.join(', ') });
  const L = c.labels;
  const wineCount = (n: number) => c.t('wineCount', { count: n });
  const trade = input.items.some((p) => p.tradePrice !== null);
  const groups =
    input.groupBy === 'kind'
      ? groupBy(input.items, (p) => ({ key: `k${p.kind.id}`, title: p.kind.name, color: p.kind.color }))
      : groupBy(input.items, (p) => ({ key: p.country.code, title: p.country.name }));
  const vintages = (p: TProductCard) =>
    p.vintages
      .slice(0, 3)
      .map((v) => (v === null ? L.nv : String(v)))
      .join(', ');
  const columns: Column<TProductCard>[] = [
    {
      title: 'No.',
      width: 22,
      draw: (cc, _p, x, y, w, i) => cc.text(String(i + 1), x, y + 1, { size: 7, color: COLORS.faint, width: w, oneLine: true }),
    },
    {
      title: L.wine,
      width: 180,
      draw: (cc, p, x, y, w) => {
        cc.doc.circle(x + 2.8, y + 5.6, 2.6).fill(p.kind.color || COLORS.wine);
        cc.text(p.name, x + 9, y, { size: 8.4, face: 'bold', color: COLORS.ink, width: w - 9, oneLine: true });
        const second = ctx.lang === 'ko-KR' ? p.nameOriginal : p.nameKo;
        cc.text(second, x + 9, y + 11.5, { size: 6.8, color: COLORS.muted, width: w - 9, oneLine: true });
      },
    },
    {
      title: `${L.winery} / ${L.region}`,
      width: 112,
      draw: (cc, p, x, y, w) => {
        cc.text(p.winery.name, x, y, { size: 7.6, color: COLORS.text, width: w, oneLine: true });
        const area = input.groupBy === 'kind' ? `${p.productionArea.name}, ${p.country.name}` : p.productionArea.name;
        cc.text(area, x, y + 11.5, { size: 6.8, color: COLORS.muted, width: w, oneLine: true });
      },
    },
    {
      title: L.grapes,
      width: 84,
      draw: (cc, p, x, y, w) =>
        cc.text(grapeText(p.grapes), x, y, { size: 6.8, color: COLORS.text, width: w, height: twoLines(cc), lineGap: 0.5 }),
    },
    {
      title: L.vintage,
      width: 36,
      draw: (cc, p, x, y, w) =>
        cc.text(vintages(p) || '—', x, y, { size: 6.8, color: COLORS.text, width: w, height: twoLines(cc), lineGap: 0.5 }),
    },
    {
      title: L.volume,
      width: 30,
      draw: (cc, p, x, y, w) => {
        cc.text(`${p.volumeMl}ml`, x, y, { size: 6.8, color: COLORS.text, width: w, oneLine: true });
        cc.text(`${p.alcohol}%`, x, y + 11.5, { size: 6.8, color: COLORS.muted, width: w, oneLine: true });
      },
    },
    {
      title: trade ? `${L.retailPrice} / ${L.tradePrice}` : L.retailPrice,
      width: 59,
      align: 'right',
      draw: (cc, p, x, y, w) => {
        cc.text(formatKrw(p.retailPrice, ctx.lang), x, y, {
          size: 8,
          face: 'bold',
          color: p.inStock ? COLORS.ink : COLORS.faint,
          width: w,
          align: 'right',
          oneLine: true,
        });
        if (p.tradePrice !== null) {
          cc.text(formatKrw(p.tradePrice, ctx.lang), x, y + 11.5, { size: 7, color: COLORS.wine, width: w, align: 'right', oneLine: true });
        } else if (!p.inStock) {
          cc.text(L.soldOut, x, y + 11.5, { size: 6.8, color: COLORS.faint, width: w, align: 'right', oneLine: true });
        }
      },
    },
  ];

  c.addPage(); // the cover, drawn last (it lists the page each group starts on)
  const starts = input.items.length ? await drawTable(c, L.portfolio, ctx.date, groups, columns, 27, wineCount) : new Map<string, number>();
  const kinds = groupBy(input.items, (p) => ({ key: `k${p.kind.id}`, title: p.kind.name, color: p.kind.color }));
  c.doc.switchToPage(0);
  drawCover(
    c,
    ctx.date,
    {
      title: L.portfolio,
      filters: input.filters.length ? input.filters : [L.allWines],
      stats: [
        { value: String(input.items.length), label: L.wines },
        { value: String(new Set(input.items.map((p) => p.winery.id)).size), label: L.winery },
        { value: String(new Set(input.items.map((p) => p.country.code)).size), label: L.country },
      ],
      legend: kinds.map((k) => ({ color: k.color ?? COLORS.wine, label: k.title, count: k.items.length })),
      contentsTitle: input.groupBy === 'kind' ? L.contentsKind : L.contents,
      groups: groups.map((g) => ({ key: g.key, title: g.title, count: g.items.length, color: g.color })),
      count: wineCount,
      empty: input.items.length ? undefined : L.empty,
    },
    starts,
  );
  return c.finish({ footers: true });
}

export interface WineryPortfolioInput {
  items: TWineryCard[];
  filters: string[];
}

/** The winery portfolio: a cover, then every winery grouped by country. */
export async function renderWineryPortfolio(input: WineryPortfolioInput, ctx: SheetContext): Promise<Buffer> {
  const c = new Canvas(ctx.lang, ctx.site, { title: ctxTitle(ctx, 'wineryPortfolio'), subject: input.filters.join(', ') });
  const L = c.labels;
  const wineryCount = (n: number) => c.t('wineryCount', { count: n });
  const groups = groupBy(input.items, (w) => ({ key: w.country.code, title: w.country.name }));
  const columns: Column<TWineryCard>[] = [
    {
      title: 'No.',
      width: 24,
      draw: (cc, _w, x, y, w, i) => cc.text(String(i + 1), x, y + 1, { size: 7, color: COLORS.faint, width: w, oneLine: true }),
    },
    {
      title: L.winery,
      width: 260,
      draw: (cc, w, x, y, width) => {
        cc.text(w.name, x, y, { size: 8.6, face: 'bold', color: COLORS.ink, width, oneLine: true });
        const second = ctx.lang === 'ko-KR' ? w.nameOriginal : w.nameKo;
        cc.text(second, x, y + 11.5, { size: 6.8, color: COLORS.muted, width, oneLine: true });
      },
    },
    {
      title: L.region,
      width: 170,
      draw: (cc, w, x, y, width) => {
        cc.text(w.productionArea?.name ?? '—', x, y, { size: 7.8, color: COLORS.text, width, oneLine: true });
        cc.text(w.country.name, x, y + 11.5, { size: 6.8, color: COLORS.muted, width, oneLine: true });
      },
    },
    {
      title: L.wines,
      width: CONTENT_WIDTH - 24 - 260 - 170,
      align: 'right',
      draw: (cc, w, x, y, width) =>
        cc.text(cc.t('wineCount', { count: w.productCount }), x, y, {
          size: 8,
          face: 'bold',
          color: COLORS.wine,
          width,
          align: 'right',
          oneLine: true,
        }),
    },
  ];
  c.addPage();
  const starts = input.items.length
    ? await drawTable(c, L.wineryPortfolio, ctx.date, groups, columns, 27, wineryCount)
    : new Map<string, number>();
  c.doc.switchToPage(0);
  drawCover(
    c,
    ctx.date,
    {
      title: L.wineryPortfolio,
      filters: input.filters.length ? input.filters : [L.allWineries],
      stats: [
        { value: String(input.items.length), label: L.winery },
        { value: String(input.items.reduce((n, w) => n + w.productCount, 0)), label: L.wines },
        { value: String(groups.length), label: L.country },
      ],
      contentsTitle: L.contents,
      groups: groups.map((g) => ({ key: g.key, title: g.title, count: g.items.length })),
      count: wineryCount,
      empty: input.items.length ? undefined : L.emptyWineries,
    },
    starts,
  );
  return c.finish({ footers: true });
}

/** Height of two 6.8 pt lines, the most a table cell holds. */
function twoLines(c: Canvas): number {
  return c.lineHeight({ size: 6.8, lineGap: 0.5 }) * 2 + 1;
}

function ctxTitle(ctx: SheetContext, key: 'portfolio' | 'wineryPortfolio'): string {
  return `${localized(ctx.site.brandName, ctx.lang)} — ${apiMessages[ctx.lang].pdf[key]}`;
}
