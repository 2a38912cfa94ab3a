import type { TSiteConfig } from '@podo/config';
import { Canvas, COLORS } from './canvas';
import { warmFonts } from './fonts';

/**
 * Parses the fonts and draws a throw-away page shortly after start, off the request path: the first real PDF
 * otherwise pays ~0.5 s for font parsing, lazy module loading and cold JIT.
 */
export function warmUp(site: TSiteConfig): void {
  const timer = setTimeout(() => {
    try {
      warmFonts('ko-KR');
      const c = new Canvas('ko-KR', site, { title: 'warm-up', subject: 'warm-up' });
      c.addPage();
      c.heading('테이스팅 노트 Tasting note', 36, 36, 300);
      c.text('블랙커런트와 삼나무, Château 2019 · 38,000원', 36, 60, { size: 9, color: COLORS.text, width: 300, height: 40 });
      void c.finish({ footers: true }).catch(() => undefined);
    } catch {
      // Only a head start: a real request would meet (and report) the same problem.
    }
  }, 300);
  timer.unref();
}
