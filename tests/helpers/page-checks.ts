import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
// Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not apply to (a script tag
// would be refused, and switching CSP off would hide the page's own violations).
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Elements wider than the viewport make the page scroll sideways; names the widest few. */
export async function horizontalOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= vw + 1) return null;
    const wide: { d: string; r: number }[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const r = el.getBoundingClientRect();
      if (r.right > vw + 1 && r.width > 0) {
        const d = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${[...el.classList].join('.')}` : ''}`;
        wide.push({ d, r: Math.round(r.right) });
      }
    }
    // The innermost offenders say most: keep those whose children do not overflow too.
    return `page is ${document.documentElement.scrollWidth}px wide in a ${vw}px viewport: ${wide
      .slice(-4)
      .map((w) => `${w.d} (right ${w.r})`)
      .join(', ')}`;
  });
}

/**
 * At the end of the page (scrolled to the bottom, where nothing can move further), text that a fixed element near
 * the bottom of the viewport (tab bar, scroll-to-top button, banners) lies over cannot be read.
 */
export async function coveredTextAtEnd(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // Scroll-driven controls (scroll-to-top) appear on the scroll event; their fade-in is skipped to its end.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate(() => {
    for (const a of document.getAnimations()) if (a.effect?.getComputedTiming().iterations !== Infinity) a.finish();
    const vh = window.innerHeight;
    const fixed: { el: Element; r: DOMRect }[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const cs = getComputedStyle(el);
      if (cs.position !== 'fixed' || cs.visibility === 'hidden' || Number(cs.opacity) < 0.1 || cs.display === 'none') continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.top < vh / 2 || r.top >= vh) continue;
      // A full-screen layer (an open modal) is not a control lying over the page.
      if (r.height > vh * 0.6) continue;
      fixed.push({ el, r });
    }
    if (!fixed.length) return [];
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      if (!text) continue;
      const parent = n.parentElement;
      if (!parent || fixed.some((f) => f.el.contains(parent))) continue;
      const cs = getComputedStyle(parent);
      if (cs.visibility === 'hidden' || cs.position === 'fixed') continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const t of range.getClientRects()) {
        if (t.width === 0 || t.bottom < vh / 2 || t.top > vh) continue;
        const hit = fixed.find((f) => t.left < f.r.right - 1 && t.right > f.r.left + 1 && t.top < f.r.bottom - 1 && t.bottom > f.r.top + 1);
        if (hit) {
          const h = hit.el as HTMLElement;
          out.push(`"${text.slice(0, 40)}" under ${h.tagName.toLowerCase()}.${[...h.classList].join('.')}`);
          break;
        }
      }
    }
    return out;
  });
}

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: unknown,
            o: unknown,
          ): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
}

/**
 * Text cut short or broken where a control has one line for it: placeholders wider than their field, and labels in
 * the fixed bars (header, phone tab bar) that wrap onto a second line or do not fit their box (cut or spilling).
 */
export async function cutText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const ctx = document.createElement('canvas').getContext('2d')!;
    for (const el of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')) {
      if (!el.getClientRects().length || el instanceof HTMLTextAreaElement) continue;
      const cs = getComputedStyle(el);
      ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      if (ctx.measureText(el.placeholder).width > room + 1)
        out.push(`placeholder "${el.placeholder}" is cut (${Math.round(room)}px of room)`);
    }
    const bars = [...document.body.querySelectorAll<HTMLElement>('*')].filter((el) => {
      return getComputedStyle(el).position === 'fixed' && el.getClientRects().length > 0;
    });
    for (const bar of bars) {
      const walker = document.createTreeWalker(bar, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent?.trim();
        const parent = n.parentElement;
        if (!text || !parent || !parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
        // Only labels: a bar's longer texts (a drawer's paragraphs, an open menu) may wrap.
        if (text.length > 24 || parent.closest('.visually-hidden, [hidden]')) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) out.push(`"${text}" wraps onto ${tops.size} lines`);
        else if (parent.scrollWidth > parent.clientWidth + 1 && getComputedStyle(parent).display !== 'inline')
          out.push(`"${text}" does not fit its ${Math.round(parent.clientWidth)}px`);
      }
    }
    return out;
  });
}
