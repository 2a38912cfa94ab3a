import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deferHydration as deferBytes } from './defer-hydration.server';
import { group } from '../../../../tests/helpers/items';

const deferHydration = (html: string, nonce: string, fetches?: string[]) => deferBytes(Buffer.from(html), nonce, fetches).toString('utf8');

const page = (body: string) =>
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/manifest.js" nonce="N1"/><link rel="modulepreload" href="/assets/entry.client.js" nonce="N1"/>' +
  `<title>와인 포트폴리오</title></head><body><h1>샤또 마고</h1>${body}<p>끝</p></body></html>`;
const moduleScript = '<script nonce="N1" type="module" async="">import "/assets/manifest.js";\nimport("/assets/entry.client.js");</script>';

/** Runs the inline loader against a minimal document; returns what it appended. */
function runLoader(html: string, hidden: boolean) {
  const scripts = [...html.matchAll(/<script nonce="N1">([\s\S]*?)<\/script>/g)].map((m) => group(m));
  const appended: Record<string, string>[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const el = (tag: string) => ({ tag }) as Record<string, string>;
  const document = {
    hidden,
    createElement: el,
    head: { appendChild: (n: Record<string, string>) => appended.push(n) },
    body: { appendChild: (n: Record<string, string>) => appended.push(n) },
  };
  for (const code of scripts)
    runInNewContext(code, {
      document,
      window: {},
      requestAnimationFrame: (f: () => void) => frames.push(f),
      setTimeout: (f: () => void) => timers.push(f),
    });
  return { appended, frames, timers };
}

describe('deferHydration', () => {
  it('takes the module preloads out of the head and loads them with the module script after the first frame', () => {
    const html = deferHydration(page(`<main>x</main>${moduleScript}<script nonce="N1">window.done=1</script>`), 'N1', [
      '/assets/web-ko.json',
    ]);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain('<title>와인 포트폴리오</title></head><body><h1>샤또 마고</h1><main>x</main>');
    expect(html).toContain('<script nonce="N1">window.done=1</script><p>끝</p></body></html>');

    const { appended, frames, timers } = runLoader(html, false);
    expect(appended).toEqual([]); // nothing before the first frame
    frames.forEach((f) => f());
    // A few elements per task, the module script in a task of its own.
    const tasks: number[] = [];
    while (timers.length) {
      timers.shift()!();
      tasks.push(appended.length);
    }
    expect(tasks).toEqual([3, 4]);
    expect(appended).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/manifest.js', nonce: 'N1' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/entry.client.js', nonce: 'N1' },
      { tag: 'link', rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', href: '/assets/web-ko.json' },
      { tag: 'script', type: 'module', nonce: 'N1', textContent: 'import "/assets/manifest.js";\nimport("/assets/entry.client.js");' },
    ]);
  });

  it('loads at once in a hidden tab (no frames are painted there)', () => {
    const { appended } = runLoader(deferHydration(page(moduleScript), 'N1'), true);
    expect(appended.map((n) => n.tag)).toEqual(['link', 'link', 'script']);
  });

  it('keeps a closing script tag inside the module code from ending the inline script', () => {
    const html = deferHydration(page('<script nonce="N1" type="module">var s = "</scr" + "ipt>"; var t = "<\\/b>";</script>'), 'N1');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it('leaves a page without a module script as it is', () => {
    const html = page('<p>no scripts</p>');
    expect(deferHydration(html, 'N1')).toBe(html);
  });
});
