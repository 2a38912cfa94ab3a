import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webMessages } from '@podo/i18n/resources';
import { group } from '../../../../tests/helpers/items';

const appDir = path.resolve(import.meta.dirname, '..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(path.join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts')
        ? [path.join(dir, e.name)]
        : [],
  );
const lookup = (key: string): unknown =>
  key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], webMessages['ko-KR']);

describe('web texts', () => {
  it("has every key the app's t() calls name (a dynamic suffix needs its parent)", () => {
    const missing: string[] = [];
    for (const file of sources(appDir)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*(['`])([^'`]+)\1/g)) {
        const key = group(m, 2);
        const dynamic = key.indexOf('${');
        if (dynamic >= 0) {
          const parent = key.slice(0, dynamic).replace(/\.$/, '');
          if (typeof lookup(parent) !== 'object') missing.push(`${path.relative(appDir, file)}: ${parent}.*`);
        } else if (typeof lookup(key) !== 'string') missing.push(`${path.relative(appDir, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names every leave reason and business type', async () => {
    const { LEAVE_REASONS, BUSINESS_TYPES } = await import('@podo/contracts/rules');
    for (const r of LEAVE_REASONS) expect(lookup(`leave.reasons.${r}`)).toBeTypeOf('string');
    for (const b of BUSINESS_TYPES) expect(lookup(`businessType.${b}`)).toBeTypeOf('string');
  });
});
