// `node bench/list-floor.mjs --base <checkout>`: the product-list targets of issue 22, measured in one run on
// PostgreSQL with the result caches off (CATALOG_CACHE=false), written into docs/benchmarks.md as the "Issue 22
// check" section. <checkout> is a built checkout of the previous main (`git worktree add ../base <commit>`, then
// `npm install && npm run build` there): both builds serve copies of one catalogue, loaded by the base's own seed.
// - uncached list at 30,000 wines, this build against the base, in alternating rounds: ≥ 2.5× the throughput;
// - this build's p95 at 30,000 wines against 3,000: ≤ 1.1×;
// - page 100 against page 1 at 30,000 wines: within 1.5× (of the time per request, so of the throughput);
// - an approved buyer's uncached list against a visitor's: within 1.2×.
// Rounds alternate (a, b, b, a, a, b) so a host that speeds up or slows down during the run weighs on both sides.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, writeSection } from './lib.mjs';
import { ensureWrk, wrk } from './wrk.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({ options: { base: { type: 'string' }, reseed: { type: 'boolean', default: false } } });
const baseRoot = path.resolve(args.base ?? process.env.BENCH_BASE ?? '');
if (!args.base && !process.env.BENCH_BASE) {
  console.error('usage: node bench/list-floor.mjs --base <built checkout of the previous main>');
  process.exit(2);
}
const ROUND = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 8);
const CONNECTIONS = 20;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LIST = '/api/v1/brand/wines/products?size=24&idKinds=1&countryName=France';

const dbUrl = (name) => {
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin(sql) {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A catalogue of `wines` loaded once by the base's seed (kept between runs unless --reseed). */
async function seeded(wines) {
  const name = `podo_floor_seed_${wines}`;
  const exists = (await admin(`select 1 from pg_database where datname = '${name}'`)).rowCount > 0;
  if (exists && !args.reseed) return name;
  await admin(`drop database if exists ${name}`);
  await admin(`create database ${name}`);
  const r = spawnSync(
    process.execPath,
    [path.join(baseRoot, 'scripts/bench-seed.mjs'), '--wines', String(wines), '--database-url', dbUrl(name)],
    {
      cwd: baseRoot,
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`seed failed: ${r.stderr || r.stdout}`);
  console.log(
    `› ${r.stdout
      .trim()
      .split('\n')
      .find((l) => l.startsWith('loaded'))}`,
  );
  return name;
}

async function copyOf(template, name) {
  await admin(`drop database if exists ${name}`);
  await admin(`create database ${name} template ${template}`);
  return dbUrl(name);
}

async function start(checkout, url) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(checkout, 'dist/server.mjs')], {
    cwd: checkout,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_DATA: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'podo-bench-floor-')),
      DATABASE_URL: url,
      CATALOG_CACHE: 'false',
      RATE_LIMIT_MAX: '1000000000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  const t0 = Date.now();
  while (Date.now() - t0 < 300_000) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return { child, base };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${log}`);
}

const stop = async ({ child }) => {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
};

/** CPU seconds a process has used so far (Linux /proc). */
function cpuSeconds(pid) {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

/** Alternating rounds of two loads: a, b, b, a, a, b. Sums requests per side; medians of p95. */
function alternate(a, b) {
  const out = { a: [], b: [] };
  for (const side of ['a', 'b', 'b', 'a', 'a', 'b']) {
    const x = side === 'a' ? a : b;
    const r = wrk(x.base, [x.path], { connections: CONNECTIONS, seconds: ROUND, headers: x.headers ?? {} });
    if (r.errors) throw new Error(`${x.label}: ${r.errors} errors`);
    out[side].push(r);
  }
  const sum = (rs) => {
    const rps = rs.reduce((s, r) => s + r.rps, 0) / rs.length;
    const p95s = rs.map((r) => r.p95).sort((x, y) => x - y);
    return { rps, p95: p95s[1], rounds: rs.map((r) => r.rps) };
  };
  return { a: sum(out.a), b: sum(out.b) };
}

ensureWrk();
const probe = () => {
  const t0 = performance.now();
  let x = 0;
  for (let i = 0; i < 3e8; i++) x = (x + i) | 0;
  return Math.round(performance.now() - t0) + (x & 0);
};
const probes = [probe()];
const head = (dir) => spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8' }).stdout.trim();
const [s30, s3] = [await seeded(30_000), await seeded(3_000)];
const t0 = Date.now();
const servers = {};
// A failed step must not leave servers running: they hold the copied databases the next run drops.
const stopAll = () => Promise.all(Object.values(servers).map(stop));
process.once('uncaughtException', async (e) => {
  console.error(e);
  await stopAll();
  process.exit(1);
});
servers.base30 = await start(baseRoot, await copyOf(s30, 'podo_floor_base30'));
servers.new30 = await start(root, await copyOf(s30, 'podo_floor_new30'));
servers.new3 = await start(root, await copyOf(s3, 'podo_floor_new3'));
console.log(`› servers up in ${((Date.now() - t0) / 1000).toFixed(0)} s (this build rebuilds the cards of a base catalogue on start)`);

const login = await fetch(`${servers.new30.base}/api/v1/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'buyer@example.com', password: 'Buyer!2345' }),
});
const token = (await login.json()).data.accessToken;
const buyerHeaders = { authorization: `Bearer ${token}` };
const buyerPage = await (await fetch(servers.new30.base + LIST, { headers: buyerHeaders })).json();
if (buyerPage._embedded.items[0]?.tradePrice == null) throw new Error('the buyer sees no trade price');
// Asked now: wrk runs synchronously, and a kept-alive connection the server closes meanwhile fails the next fetch.
const page99 = await (await fetch(`${servers.new30.base}${LIST}&page=99`)).json();
const afterId = page99._embedded.items.at(-1).id;

for (const s of Object.values(servers)) wrk(s.base, [LIST], { connections: CONNECTIONS, seconds: WARMUP });
wrk(servers.new30.base, [`${LIST}&page=100`], { connections: CONNECTIONS, seconds: Math.ceil(WARMUP / 2) });
wrk(servers.new30.base, [LIST], { connections: CONNECTIONS, seconds: Math.ceil(WARMUP / 2), headers: buyerHeaders });
probes.push(probe());

const cpu0 = { base: cpuSeconds(servers.base30.child.pid), new: cpuSeconds(servers.new30.child.pid) };
const ab = alternate({ ...servers.base30, path: LIST, label: 'base' }, { ...servers.new30, path: LIST, label: 'this build' });
const cpu1 = { base: cpuSeconds(servers.base30.child.pid), new: cpuSeconds(servers.new30.child.pid) };
const sizes = alternate({ ...servers.new30, path: LIST, label: '30k' }, { ...servers.new3, path: LIST, label: '3k' });
const pages = alternate(
  { ...servers.new30, path: LIST, label: 'page 1' },
  { ...servers.new30, path: `${LIST}&page=100`, label: 'page 100' },
);
const keyset = alternate(
  { ...servers.new30, path: LIST, label: 'page 1' },
  { ...servers.new30, path: `${LIST}&page=100&after=${afterId}`, label: 'page 100 by keyset' },
);
const buyer = alternate(
  { ...servers.new30, path: LIST, label: 'visitor' },
  { ...servers.new30, path: LIST, headers: buyerHeaders, label: 'buyer' },
);
probes.push(probe());
await stopAll();

const n = (x) => Math.round(x).toLocaleString('en-US');
const ms = (x) => `${x.toFixed(1)} ms`;
const met = (ok) => (ok ? 'met' : '**MISSED**');
const rounds = (r) => r.rounds.map(n).join(' / ');
const reqs = (rps) => rps * ROUND * 3;
const cpuPer = (side, rps) => (((cpu1[side] - cpu0[side]) * 1000) / reqs(rps)).toFixed(2);
const gain = ab.b.rps / ab.a.rps;
const cpus = os.cpus();
const section = `## Issue 22 check: the product list at its floor (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)

\`node bench/list-floor.mjs --base <previous main>\` on ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, Node ${process.version},
PostgreSQL at ${new URL(pgUrl).host}; this build ${head(root)} against the base ${head(baseRoot)}. \`${LIST.replace('/api/v1', '')}\`,
\`CATALOG_CACHE=false\`, wrk ${CONNECTIONS} connections, rounds of ${ROUND} s alternating (a, b, b, a, a, b) after ${WARMUP} s of
warm-up each; throughput is the mean of a side's three rounds, p95 their median. Both builds serve copies of the same
catalogues, loaded by the base's seed. Speed probe (a 3×10⁸-step loop): ${probes.join(', ')} ms.

| measure | a | b | target | result |
|---|---|---|---|---|
| uncached list at 30,000 wines: base (a) against this build (b) | ${n(ab.a.rps)} req/s (${rounds(ab.a)}), ${cpuPer('base', ab.a.rps)} ms CPU/request | ${n(ab.b.rps)} req/s (${rounds(ab.b)}), ${cpuPer('new', ab.b.rps)} ms CPU/request | b ≥ 2.5 × a: ${gain.toFixed(2)}× | ${met(gain >= 2.5)} |
| p95 at 30,000 (a) against 3,000 wines (b) | ${ms(sizes.a.p95)} (${n(sizes.a.rps)} req/s) | ${ms(sizes.b.p95)} (${n(sizes.b.rps)} req/s) | a ≤ 1.1 × b: ${(sizes.a.p95 / sizes.b.p95).toFixed(2)}× | ${met(sizes.a.p95 <= 1.1 * sizes.b.p95)} |
| page 1 (a) against page 100 by number (b, \`page=100\`), 30,000 wines | ${n(pages.a.rps)} req/s, p95 ${ms(pages.a.p95)} | ${n(pages.b.rps)} req/s, p95 ${ms(pages.b.p95)} | time per request b ≤ 1.5 × a: ${(pages.a.rps / pages.b.rps).toFixed(2)}× | ${met(pages.a.rps / pages.b.rps <= 1.5)} |
| page 1 (a) against page 100 by keyset (b, \`after=\` the last wine of page 99), 30,000 wines | ${n(keyset.a.rps)} req/s, p95 ${ms(keyset.a.p95)} | ${n(keyset.b.rps)} req/s, p95 ${ms(keyset.b.p95)} | time per request b ≤ 1.5 × a: ${(keyset.a.rps / keyset.b.rps).toFixed(2)}× | ${met(keyset.a.rps / keyset.b.rps <= 1.5)} |
| visitor (a) against an approved buyer (b), 30,000 wines | ${n(buyer.a.rps)} req/s, p95 ${ms(buyer.a.p95)} | ${n(buyer.b.rps)} req/s, p95 ${ms(buyer.b.p95)} | time per request b ≤ 1.2 × a: ${(buyer.a.rps / buyer.b.rps).toFixed(2)}× | ${met(buyer.a.rps / buyer.b.rps <= 1.2)} |
`;
writeSection(path.join(root, 'docs/benchmarks.md'), '## Issue 22 check: the product list at its floor', section, '## Issue 20 check');
console.log(section);
