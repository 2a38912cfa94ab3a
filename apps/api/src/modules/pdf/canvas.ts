import PDFDocument from 'pdfkit';
import type { Language } from '@podo/i18n';
import { apiMessages, interpolate, type ApiMessages } from '@podo/i18n/resources';
import type { TSiteConfig } from '@podo/config';
import { fontObject, sharedLayoutCache, splitRuns, textEm, trimLayoutCaches, type Face, type FontName } from './fonts';

/** The house style of every generated PDF: wine-red accents on warm greys. */
export const COLORS = {
  wine: '#7b1e2b',
  wineDark: '#561421',
  wineSoft: '#f4e9e9',
  ink: '#231c1e',
  text: '#3d3537',
  muted: '#7a7073',
  faint: '#a79ea0',
  line: '#e6dfdf',
  panel: '#f7f3f1',
  gold: '#b38b4d',
  white: '#ffffff',
};

/** A4 in PDF points. */
export const PAGE = { width: 595.28, height: 841.89, margin: 36 };
export const CONTENT_WIDTH = PAGE.width - PAGE.margin * 2;

export type PdfLabels = ApiMessages['pdf'];
/** Line box of every font (ascent 880 + descent 120 + line gap 500 per 1000 units; see fonts.ts). */
const LINE_EM = 1.5;

export interface TextStyle {
  size: number;
  face?: Face;
  color?: string;
  width?: number;
  /** Clip to this height, ending with '…'. */
  height?: number;
  align?: 'left' | 'center' | 'right' | 'justify';
  lineGap?: number;
  characterSpacing?: number;
  /** One line, cut with '…' when too long. */
  oneLine?: boolean;
}

/**
 * A pdfkit document that draws text in the request language with the right font for every character
 * (Korean, Latin and Chinese glyphs in one line), in the house style.
 */
export class Canvas {
  readonly doc: PDFKit.PDFDocument;
  readonly labels: PdfLabels;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(
    readonly lang: Language,
    readonly site: TSiteConfig,
    info: { title: string; subject: string },
  ) {
    this.labels = apiMessages[lang].pdf;
    this.doc = new PDFDocument({
      size: 'A4',
      margin: PAGE.margin,
      bufferPages: true,
      autoFirstPage: false,
      // No built-in Helvetica: every text goes through our embedded fonts.
      font: null as unknown as string,
      lang,
      displayTitle: true,
      info: {
        Title: info.title,
        Subject: info.subject,
        Author: localized(site.company.name, lang),
        Creator: localized(site.brandName, lang),
      },
    });
    trimLayoutCaches();
    this.doc.on('data', (c: Buffer) => this.chunks.push(c));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  private readonly used = new Set<FontName>();
  /**
   * Selects a font, registering it on first use (a Korean sheet never parses the Chinese font); its pdfkit font
   * object gets the process-wide word layout cache.
   */
  private useFont(name: FontName): PDFKit.PDFDocument {
    const first = !this.used.has(name);
    if (first) {
      this.doc.registerFont(name, fontObject(name) as unknown as string);
      this.used.add(name);
    }
    this.doc.font(name);
    if (first) (this.doc as unknown as { _font: { layoutCache?: object } })._font.layoutCache = sharedLayoutCache(name);
    return this.doc;
  }

  /** A label with {{params}} filled in. */
  t(key: keyof PdfLabels, params?: Record<string, string | number>): string {
    return interpolate(this.labels[key] as string, params);
  }

  addPage(): void {
    this.doc.addPage({ size: 'A4', margin: PAGE.margin });
  }

  /**
   * The lines a text takes at a width: broken between words, cut to `height` (or one line) with '…'.
   * Measured with cached per-character advances, so no fontkit layout runs for fitting.
   */
  lines(str: string, s: TextStyle): string[] {
    const text = str.replace(/\s+/g, ' ').trim();
    if (!text) return [];
    if (s.width === undefined) return [text];
    if (s.oneLine) return [this.fit(text, s.width, s)];
    const lines = this.wrap(text, s.width, s);
    if (s.height === undefined) return lines;
    const gap = s.lineGap ?? 0;
    const max = Math.max(1, Math.floor((s.height + gap) / (LINE_EM * s.size + gap)));
    if (lines.length <= max) return lines;
    const kept = lines.slice(0, max);
    kept[max - 1] = this.fit(`${kept[max - 1]} ${lines.slice(max).join(' ')}`, s.width, s);
    return kept;
  }

  /**
   * Draws a text with its top at (x, y), line by line and run by run (each run in the font that has its
   * glyphs, positioned with pdfkit's own kerned widths); returns the height it took.
   */
  text(str: string, x: number, y: number, s: TextStyle): number {
    const lines = this.lines(str, s);
    if (!lines.length) return 0;
    const doc = this.doc;
    const face = s.face ?? 'regular';
    const step = LINE_EM * s.size + (s.lineGap ?? 0);
    doc.fillColor(s.color ?? COLORS.text);
    lines.forEach((line, i) => {
      const runs = splitRuns(line, this.lang, face).map((r) => ({
        ...r,
        w: this.useFont(r.font).fontSize(s.size).widthOfString(r.text, { characterSpacing: s.characterSpacing }),
      }));
      const lineW = runs.reduce((n, r) => n + r.w, 0);
      let cx = x;
      if (s.width !== undefined && s.align === 'right') cx = x + s.width - lineW;
      else if (s.width !== undefined && s.align === 'center') cx = x + (s.width - lineW) / 2;
      for (const r of runs) {
        this.useFont(r.font)
          .fontSize(s.size)
          .text(r.text, cx, y + i * step, { lineBreak: false, characterSpacing: s.characterSpacing });
        cx += r.w;
      }
    });
    return this.heightOf(lines.length, s);
  }

  private heightOf(n: number, s: Pick<TextStyle, 'size' | 'lineGap'>): number {
    return n ? n * LINE_EM * s.size + (n - 1) * (s.lineGap ?? 0) : 0;
  }

  /** Height of a text at a width (as text() would draw it). */
  height(str: string, s: TextStyle): number {
    return this.heightOf(this.lines(str, s).length, s);
  }

  /** Height of one line plus the gap to the next (the line box of the CJK fonts is 1.5 em). */
  lineHeight(s: Pick<TextStyle, 'size' | 'face' | 'lineGap'>): number {
    return LINE_EM * s.size + (s.lineGap ?? 0);
  }

  /** Width of a one-line text (without kerning; see textEm). */
  width(str: string, s: Pick<TextStyle, 'size' | 'face' | 'characterSpacing'>): number {
    return textEm(str, this.lang, s.face ?? 'regular') * s.size + (s.characterSpacing ?? 0) * [...str].length;
  }

  /**
   * Breaks a text into lines between words (Korean 'keep-all': a word never splits unless it alone is wider
   * than the line), so names and notes do not break in the middle of a word.
   */
  wrap(text: string, width: number, s: Pick<TextStyle, 'size' | 'face' | 'characterSpacing'>): string[] {
    const max = width - 1;
    if (this.width(text, s) <= max) return [text];
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (this.width(next, s) <= max) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      // A single word wider than the line: split it by characters.
      while (this.width(line, s) > max) {
        const chars = [...line];
        let n = chars.length - 1;
        while (n > 1 && this.width(chars.slice(0, n).join(''), s) > max) n--;
        lines.push(chars.slice(0, n).join(''));
        line = chars.slice(n).join('');
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  /** Cuts a one-line text to a width with '…' (pdfkit's ellipsis works on wrapped text only). */
  fit(text: string, width: number, s: Pick<TextStyle, 'size' | 'face' | 'characterSpacing'>): string {
    if (this.width(text, s) <= width) return text;
    const chars = [...text];
    let lo = 0;
    let hi = chars.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (this.width(`${chars.slice(0, mid).join('').trimEnd()}…`, s) <= width) lo = mid;
      else hi = mid - 1;
    }
    return `${chars.slice(0, lo).join('').trimEnd()}…`;
  }

  rule(x: number, y: number, w: number, color = COLORS.line, thickness = 0.6): void {
    this.doc
      .moveTo(x, y)
      .lineTo(x + w, y)
      .lineWidth(thickness)
      .strokeColor(color)
      .stroke();
  }

  /** A section title with a short wine-red bar before it; returns the height used. */
  heading(title: string, x: number, y: number, width: number): number {
    this.doc.rect(x, y + 2, 3, 10).fill(COLORS.wine);
    this.text(title, x + 9, y, { size: 10, face: 'bold', color: COLORS.ink, width: width - 9, oneLine: true });
    this.rule(x, y + 17, width);
    return 24;
  }

  /** The brand line at the top of a page: a thin wine-red band, brand name, document title and date. */
  pageHeader(title: string, date: string): number {
    const { margin } = PAGE;
    this.doc.rect(0, 0, PAGE.width, 6).fill(COLORS.wine);
    this.text(localized(this.site.brandName, this.lang), margin, 22, {
      size: 11,
      face: 'bold',
      color: COLORS.wine,
      characterSpacing: 0.6,
      width: 260,
      oneLine: true,
    });
    this.text(`${title}  ·  ${date}`, margin + 260, 24, {
      size: 8,
      color: COLORS.muted,
      width: CONTENT_WIDTH - 260,
      align: 'right',
      oneLine: true,
    });
    this.rule(margin, 44, CONTENT_WIDTH, COLORS.line);
    return 56;
  }

  /** Company details from the site configuration, at the foot of a page. */
  pageFooter(pageLabel?: string): void {
    const { margin } = PAGE;
    const top = PAGE.height - 58;
    const c = this.site.company;
    const L = this.labels;
    this.rule(margin, top, CONTENT_WIDTH, COLORS.line);
    this.text(localized(c.name, this.lang), margin, top + 8, { size: 8, face: 'bold', color: COLORS.ink, width: 380, oneLine: true });
    const contact = [
      `${L.phone} ${this.site.mainPhone}`,
      c.fax ? `${L.fax} ${c.fax}` : '',
      c.email,
      `${L.businessNumber} ${c.businessRegistrationNumber}`,
    ].filter(Boolean);
    this.text(localized(c.address, this.lang), margin, top + 20, { size: 7, color: COLORS.muted, width: 400, oneLine: true });
    this.text(contact.join('   ·   '), margin, top + 30, { size: 7, color: COLORS.muted, width: 420, oneLine: true });
    const site = this.site.familySites.find((s) => s.key === 'brand')?.url ?? this.site.familySites[0]?.url ?? '';
    this.text(site.replace(/^https?:\/\//, '').replace(/\/$/, ''), margin + 380, top + 8, {
      size: 7.5,
      face: 'bold',
      color: COLORS.wine,
      width: CONTENT_WIDTH - 380,
      align: 'right',
      oneLine: true,
    });
    if (pageLabel)
      this.text(pageLabel, margin + 380, top + 30, {
        size: 7,
        color: COLORS.muted,
        width: CONTENT_WIDTH - 380,
        align: 'right',
        oneLine: true,
      });
    this.doc.rect(0, PAGE.height - 6, PAGE.width, 6).fill(COLORS.wine);
  }

  /** Draws page footers with 'n / total' on every buffered page, then closes the document. */
  async finish(opts: { footers: boolean; skipFirst?: boolean } = { footers: true }): Promise<Buffer> {
    if (opts.footers) {
      const range = this.doc.bufferedPageRange();
      for (let i = range.start; i < range.start + range.count; i++) {
        if (opts.skipFirst && i === range.start) continue;
        this.doc.switchToPage(i);
        // Footers sit below the bottom margin: keep pdfkit from starting a new page for them.
        const bottom = this.doc.page.margins.bottom;
        this.doc.page.margins.bottom = 0;
        this.pageFooter(range.count > 1 ? this.t('page', { page: i + 1, total: range.count }) : undefined);
        this.doc.page.margins.bottom = bottom;
      }
    }
    this.doc.end();
    return this.done;
  }
}

/** A site-config text in a language (falling back to Korean). */
export function localized(v: string | Partial<Record<Language, string>>, lang: Language): string {
  return typeof v === 'string' ? v : (v[lang] ?? v['ko-KR'] ?? '');
}

/** KRW with thousands separators and no decimals: '38,000원' in Korean, '₩38,000' otherwise. */
export function formatKrw(value: number, lang: Language): string {
  const digits = thousands(value);
  return lang === 'ko-KR' ? `${digits}원` : `₩${digits}`;
}

/** 1234567 → '1,234,567' (a regex, not toLocaleString: the first ICU call of a process costs ~50 ms). */
export function thousands(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Today in Korea (the importer's calendar), YYYY-MM-DD. */
export function koreaDate(now = new Date()): string {
  return new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}
