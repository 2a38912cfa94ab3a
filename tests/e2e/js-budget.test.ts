import { describe, expect, inject, it } from 'vitest';
// @ts-expect-error plain ESM helper shared with `npm run bench`
import { JS_BUDGET_BYTES, measureJsBudget } from '../../bench/js-budget.mjs';

const base = inject('baseUrl');

interface Row {
  path: string;
  status: number;
  jsGz: number;
  missingPreload: string[];
  modules: { url: string }[];
}

// The first visit's JavaScript stays within its budget (benchmarks.md "Initial JavaScript"): a constant imported from
// a module that also builds zod schemas once put the schema library on every portfolio page, 28 KB over it.
describe('initial JavaScript of the portfolio pages', () => {
  it('stays within 100 KB gzipped, preloads every module, and leaves the schema library out', async () => {
    const rows = (await measureJsBudget(base)) as Row[];
    expect(rows.map((r) => r.path)).toHaveLength(3);
    for (const r of rows) {
      expect(r.status, r.path).toBe(200);
      expect(r.jsGz, r.path).toBeLessThanOrEqual(JS_BUDGET_BYTES);
      expect(r.missingPreload, r.path).toEqual([]);
      for (const m of r.modules) {
        const code = await (await fetch(m.url)).text();
        expect(code.includes('$ZodType'), `${r.path}: ${m.url}`).toBe(false);
      }
    }
  });
});
