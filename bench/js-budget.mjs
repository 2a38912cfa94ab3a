// `node bench/js-budget.mjs [--base http://127.0.0.1:3000] [--budget-kb 100]`
// The JavaScript a first visit downloads, measured from what the server really sends: every script src, modulepreload
// href and static `import` of the SSR HTML, plus the static imports of those modules (transitively), each gzipped
// (level 9, like the .gz files the build writes). Without --base it starts the built product (`npm start`) on a fresh
// DATA_DIR. Exits 1 when a page is over budget or a module is imported without a modulepreload (a request waterfall).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** KB here are 1000 bytes. */
export const JS_BUDGET_BYTES = 100_000;
export const DEFAULT_PATHS = ['/', '/product', '/product/:pid'];

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const attr = (tag, name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

/** Starts `npm start` on a free port with a fresh DATA_DIR; resolves once `/` answers 200. */
export async function startProductServer({ port = 3900 + Math.floor(Math.random() * 90), env = {} } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podo-bench-'));
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      RATE_LIMIT_MAX: '1000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const t0 = Date.now();
  // A first start may build (several minutes on this machine) before it listens.
  while (Date.now() - t0 < 600_000) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${baseUrl}/`);
      await r.arrayBuffer();
      if (r.status === 200) return { baseUrl, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('server did not answer');
}

/** Replaces `:pid` with the first product detail link found on /product (the page a visitor would open). */
export async function resolvePaths(baseUrl, paths) {
  if (!paths.some((p) => p.includes(':pid'))) return paths;
  const html = await (await fetch(`${baseUrl}/product`)).text();
  const pid = [...html.matchAll(/href="\/product\/([^"/?#]+)"/g)].map((m) => m[1]).find((id) => id !== 'pdf');
  return paths.flatMap((p) => (p.includes(':pid') ? (pid ? [p.replace(':pid', pid)] : []) : [p]));
}

/** Static imports of a built ES module (`import"./x.js"`, `from"./x.js"`), resolved against its URL. */
function staticImports(code, url) {
  const out = [];
  for (const m of code.matchAll(/(?:\bimport|\bfrom)\s*["']([^"']+\.m?js)["']/g)) out.push(new URL(m[1], url).href);
  return out;
}

/**
 * What a first visit of `pathname` downloads: JS modules (gz bytes each), inline script bytes, stylesheets.
 * `missingPreload` lists modules imported statically but not announced by a modulepreload or script tag.
 */
export async function measurePage(baseUrl, pathname) {
  const pageUrl = new URL(pathname, baseUrl).href;
  const res = await fetch(pageUrl);
  const html = await res.text();
  const announced = new Set();
  const css = new Set();
  let inlineGz = 0;
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attr(m[0], 'rel');
    const href = attr(m[0], 'href');
    if (!href) continue;
    if (rel === 'modulepreload' || (rel === 'preload' && attr(m[0], 'as') === 'script')) announced.add(new URL(href, pageUrl).href);
    if (rel === 'stylesheet') css.add(new URL(href, pageUrl).href);
  }
  const inlineImports = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = attr(m[0], 'src');
    if (src) announced.add(new URL(src, pageUrl).href);
    else if (attr(m[0], 'type') !== 'application/ld+json') {
      inlineGz += gz(Buffer.from(m[2]));
      inlineImports.push(...staticImports(m[2], pageUrl));
      // Reading pages add their module preloads and module script after the first paint
      // (apps/web/app/lib/defer-hydration.server.ts): the loader names them as JSON strings.
      for (const js of m[2].matchAll(/\\?"(\/assets\/[\w.-]+\.m?js)\\?"/g)) announced.add(new URL(js[1], pageUrl).href);
    }
  }
  const modules = new Map();
  const queue = [...announced, ...inlineImports];
  const missingPreload = new Set();
  while (queue.length) {
    const url = queue.shift();
    if (modules.has(url)) continue;
    const r = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    if (!r.ok) throw new Error(`${url}: ${r.status}`);
    const code = Buffer.from(await r.arrayBuffer());
    modules.set(url, { url, raw: code.length, gz: gz(code) });
    for (const dep of staticImports(code.toString('utf8'), url)) {
      if (!announced.has(dep)) missingPreload.add(dep);
      queue.push(dep);
    }
  }
  let cssGz = 0;
  for (const url of css) cssGz += gz(Buffer.from(await (await fetch(url)).arrayBuffer()));
  const list = [...modules.values()].sort((a, b) => b.gz - a.gz);
  return {
    path: pathname,
    status: res.status,
    htmlGz: gz(Buffer.from(html)),
    jsGz: list.reduce((s, m) => s + m.gz, 0),
    jsRaw: list.reduce((s, m) => s + m.raw, 0),
    inlineGz,
    cssGz,
    modules: list,
    missingPreload: [...missingPreload],
  };
}

/** Rows for the bench report: one per page. */
export async function measureJsBudget(baseUrl, paths = DEFAULT_PATHS) {
  const rows = [];
  for (const p of await resolvePaths(baseUrl, paths)) rows.push(await measurePage(baseUrl, p));
  return rows;
}

const kb = (n) => (n / 1000).toFixed(1);

export function formatJsBudget(rows, budget = JS_BUDGET_BYTES) {
  const lines = [
    '| page | status | JS modules | JS gz KB | inline scripts gz KB | CSS gz KB | HTML gz KB | budget |',
    '| --- | --: | --: | --: | --: | --: | --: | --- |',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.path} | ${r.status} | ${r.modules.length} | ${kb(r.jsGz)} | ${kb(r.inlineGz)} | ${kb(r.cssGz)} | ${kb(r.htmlGz)} | ${r.jsGz <= budget ? 'ok' : 'OVER'} |`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const budget = Number(arg('--budget-kb') ?? JS_BUDGET_BYTES / 1000) * 1000;
  let server;
  const baseUrl = arg('--base') ?? (server = await startProductServer()).baseUrl;
  try {
    const rows = await measureJsBudget(baseUrl);
    console.log(formatJsBudget(rows, budget));
    for (const r of rows) {
      console.log(`\n${r.path}`);
      for (const m of r.modules) console.log(`  ${kb(m.gz).padStart(6)} KB gz  ${kb(m.raw).padStart(7)} KB  ${new URL(m.url).pathname}`);
      for (const m of r.missingPreload) console.log(`  no modulepreload for ${new URL(m).pathname}`);
    }
    const bad = rows.filter((r) => r.jsGz > budget || r.missingPreload.length > 0 || r.status !== 200);
    if (bad.length) {
      console.error(`\n✗ over budget (${kb(budget)} KB gz), missing preloads or failed pages: ${bad.map((r) => r.path).join(', ')}`);
      process.exitCode = 1;
    } else console.log(`\n✓ every page within ${kb(budget)} KB of gzipped JavaScript`);
  } finally {
    await server?.stop();
  }
}
