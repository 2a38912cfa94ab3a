// Catalogue benchmarks of issue 4 (called by bench/run.mjs). Every figure comes from one run on this machine:
// - the product list API (24 wines, two filters: kind + country) on real PostgreSQL against a bare node:http + pg
//   route running the same SQL and building the same JSON (bench/bare-server.ts), both uncached
//   (CATALOG_CACHE=false), 100 connections;
// - the same list on the embedded PGlite default;
// - search with 1-, 2- and 3-syllable Korean queries against the list, at 3,000 and at 30,000 wines.
// Load comes from wrk (C, Debian), so the load generator takes little CPU from the server.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './lib.mjs';
import { ensureWrk, wrk } from './wrk.mjs';

const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Length of one round where runs alternate (API against the bare route, 3k against 30k wines). */
const ROUND_SECONDS = Math.max(2, Math.round(SECONDS / 2));
const SEARCHES = [
  ['1 syllable', '샤'],
  ['2 syllables', '피노'],
  ['3 syllables', '까베르'],
];

async function waitReady(child, label) {
  let log = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start:\n${log}`)), 120_000);
    const on = (d) => {
      log += d.toString();
      if (/ready on/.test(log)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', on);
    child.stderr.on('data', on);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (${code}):\n${log}`));
    });
  });
}

/** Polls /api/v1/health (the server logs at warn level here, so it prints no 'ready' line). */
async function waitHealthy(child, base) {
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const t0 = Date.now();
  while (Date.now() - t0 < 180_000) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
    try {
      const r = await fetch(`${base}/api/v1/health`);
      if (r.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start:\n${log}`);
}

export async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** The built product (dist/server.mjs) on PostgreSQL (url) or PGlite (dataDir), caches as given. */
export async function startApi(root, { url, dataDir, cache }) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'dist/server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_DATA: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'podo-bench-api-')),
      DATABASE_URL: url ?? '',
      CATALOG_CACHE: cache ? 'true' : 'false',
      RATE_LIMIT_MAX: '1000000000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(child, base);
  return { child, base };
}

async function startBare(root, url) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/bare-server.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitReady(child, 'bare route');
  return { child, base: `http://127.0.0.1:${port}` };
}

function seed(root, wines, target) {
  const args = [path.join(root, 'scripts/bench-seed.mjs'), '--wines', String(wines)];
  if (target.url) args.push('--database-url', target.url);
  else args.push('--data-dir', target.dataDir);
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bench:seed failed: ${r.stderr || r.stdout}`);
  return (
    r.stdout
      .trim()
      .split('\n')
      .find((l) => l.startsWith('loaded')) ?? ''
  );
}

async function pgAdmin(base) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  return c;
}

/** List paths with two filters (a kind and a country that share wines), pages 1 and 2. */
async function listPaths(base) {
  const kinds = (await (await fetch(`${base}/api/v1/wines/kinds?serviceType=BRAND`)).json())._embedded.items;
  const countries = (await (await fetch(`${base}/api/v1/wines/production-areas?serviceType=BRAND`)).json())._embedded.countries;
  const top = countries.sort((a, b) => b.qty - a.qty).slice(0, 4);
  const paths = [];
  for (const k of kinds.slice(0, 4))
    for (const c of top)
      for (const page of [1, 2])
        paths.push(`/api/v1/brand/wines/products?idKinds=${k.id}&countryCodes=${c.countryCode}&page=${page}&size=24`);
  return paths;
}
const searchPath = (q) => `/api/v1/brand/wines/products?query=${encodeURIComponent(q)}&size=24`;

/** Node CPU time (user + system) of a process so far, in ms (Linux /proc). */
export function cpuMs(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/**
 * The API (uncached) against the bare route, both running, in alternating rounds (API, bare, bare, API, API, bare):
 * the host's speed drifts by tens of percent within minutes, so two runs a minute apart compare the host more than
 * the servers. The ratio is that of the requests served in all rounds; each server's CPU per request is kept too.
 */
export async function pairedRuns(root, url, paths) {
  const api = await startApi(root, { url, cache: false });
  let bare;
  try {
    bare = await startBare(root, url);
  } catch (e) {
    await stop(api.child);
    throw e;
  }
  const servers = { api, bare };
  const out = { api: [], bare: [], cpu: { api: 0, bare: 0 }, requests: { api: 0, bare: 0 } };
  try {
    // A fresh API process needs 10-15 s under load before its CPU per request settles (the first 5 s after a 3 s
    // warm-up cost it 30-40 % more CPU per request than later rounds; the bare route, far less code, settles sooner):
    // the rounds compare the two servers in their steady state.
    for (const s of Object.values(servers)) wrk(s.base, paths, { connections: CONNECTIONS, seconds: PAIR_WARMUP });
    for (const name of PAIR_ORDER) {
      await settle();
      const s = servers[name];
      const c0 = cpuMs(s.child.pid);
      const x = wrk(s.base, paths, { connections: CONNECTIONS, seconds: ROUND_SECONDS });
      out.cpu[name] += cpuMs(s.child.pid) - c0;
      out.requests[name] += x.requests;
      out[name].push(x);
    }
  } finally {
    await stop(api.child);
    await stop(bare.child);
  }
  out.ratio = out.requests.api / out.requests.bare;
  out.bareAll = merged(out.bare);
  return out;
}
const PAIR_ORDER = ['api', 'bare', 'bare', 'api', 'api', 'bare'];
/**
 * A pause between rounds: when wrk stops, up to 100 requests are still queued in the server it loaded. The API skips
 * the statements of callers that have gone (AbandonedError); the bare route runs them all, for a few hundred
 * milliseconds into the next round, whichever server that is.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));
const PAIR_WARMUP = Number(process.env.BENCH_PAIR_WARMUP ?? 15);
const CLOCK_TICKS = 100;

/** Several wrk results as one: throughput over all, worst max, the rest as medians of the runs. */
function merged(runs) {
  const med = (k) => runs.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  return {
    rps: runs.reduce((a, r) => a + r.rps, 0) / runs.length,
    p50: med('p50'),
    p95: med('p95'),
    p99: med('p99'),
    max: Math.max(...runs.map((r) => r.max)),
    requests: runs.reduce((a, r) => a + r.requests, 0),
    errors: runs.reduce((a, r) => a + r.errors, 0),
  };
}

/**
 * A warm-up, then the measured run (the cached list and PGlite; each is the first load on a fresh server process).
 * After a 3 s warm-up the uncached list at 30,000 wines had a p95 of 1.6 s in its first 10 s run and 0.4–0.8 s in
 * the next three, at the same median.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
function load(base, paths) {
  wrk(base, paths, { connections: CONNECTIONS, seconds: WARMUP_SECONDS });
  return wrk(base, paths, { connections: CONNECTIONS, seconds: SECONDS });
}

const SIZE_ORDER = [3000, 30000, 30000, 3000, 3000, 30000];
/**
 * The API on the 3,000- and on the 30,000-wine catalogue, both running (uncached), each workload (the list, then each
 * search) in alternating rounds (3k, 30k, 30k, 3k, 3k, 30k) of SECONDS / 2 after a short warm-up of both. The targets
 * compare p95s of the two sizes; run a few minutes apart, each p95 caught a different phase of the host (the tail of
 * a 10 s run at 100 connections is the host's stalls), so the 30k list missed in runs where its median was 1.4 × the
 * 3k one. Each size's figures are its rounds merged (median p95 of three rounds).
 */
async function sizeRounds(root, urls) {
  const apis = {};
  const out = {};
  const sizes = Object.keys(urls);
  try {
    for (const n of sizes) apis[n] = await startApi(root, { url: urls[n], cache: false });
    for (const n of sizes) out[n] = { paths: await listPaths(apis[n].base), list: [], search: {} };
    for (const n of sizes) wrk(apis[n].base, out[n].paths, { connections: CONNECTIONS, seconds: WARMUP_SECONDS });
    const workloads = [['list', (n) => out[n].paths], ...SEARCHES.map(([label, q]) => [label, () => [searchPath(q)]])];
    for (const [name, paths] of workloads) {
      for (const n of sizes) wrk(apis[n].base, paths(n), { connections: CONNECTIONS, seconds: 3 });
      for (const n of SIZE_ORDER) {
        await settle();
        const x = wrk(apis[n].base, paths(n), { connections: CONNECTIONS, seconds: ROUND_SECONDS });
        if (name === 'list') out[n].list.push(x);
        else (out[n].search[name] ??= []).push(x);
      }
    }
  } finally {
    for (const a of Object.values(apis)) await stop(a.child);
  }
  for (const r of Object.values(out)) {
    r.list = merged(r.list);
    for (const k of Object.keys(r.search)) r.search[k] = merged(r.search[k]);
  }
  return out;
}

/** Runs everything; returns the markdown section and a list of [target, met] pairs. */
export async function catalogBench(root) {
  ensureWrk();
  const out = { rows: {}, notes: [] };
  const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let admin;
  try {
    admin = await pgAdmin(pgBase);
  } catch {
    out.notes.push(`PostgreSQL did not answer at ${pgBase}: the PostgreSQL figures are missing.`);
  }
  const dbUrl = (name) => {
    const u = new URL(pgBase);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const sizes = [3000, 30000];
  const seeded = {};
  if (admin) {
    for (const n of sizes) {
      const name = `podo_bench_${n}`;
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      seeded[n] = seed(root, n, { url: dbUrl(name) });
    }
  }
  const pgliteDir = mkdtempSync(path.join(os.tmpdir(), 'podo-bench-pglite-'));
  seeded.pglite = seed(root, 3000, { dataDir: pgliteDir });

  const result = {};
  if (admin) {
    const urls = Object.fromEntries(sizes.map((n) => [n, dbUrl(`podo_bench_${n}`)]));
    Object.assign(result, await sizeRounds(root, urls));
    const r = result[3000];
    r.pair = await pairedRuns(root, urls[3000], r.paths);
    r.bare = r.pair.bareAll;
    // The product as shipped (caches on), for reference.
    const cached = await startApi(root, { url: urls[3000], cache: true });
    r.cached = load(cached.base, r.paths);
    await stop(cached.child);
  }
  const lite = await startApi(root, { dataDir: pgliteDir, cache: false });
  result.pglite = load(lite.base, await listPaths(lite.base));
  await stop(lite.child);
  rmSync(pgliteDir, { recursive: true, force: true });
  if (admin) {
    for (const n of sizes) await admin.query(`drop database if exists podo_bench_${n} with (force)`);
    await admin.end();
  }
  return { result, seeded, notes: out.notes };
}

const ms = (x) => `${x.toFixed(1)} ms`;
const rps = (x) => `${Math.round(x).toLocaleString('en-US')}/s`;
const ok = (b) => (b ? 'met' : '**MISSED**');

/** Markdown of catalogBench's result, with each target checked. */
export function catalogMarkdown({ result, seeded, notes }) {
  const r3 = result[3000];
  const r30 = result[30000];
  const lines = [];
  const targets = [];
  lines.push(
    `Catalogues built with \`npm run bench:seed\`: ${Object.entries(seeded)
      .map(([k, v]) => `${k}: ${v}`)
      .join('; ')}.`,
  );
  lines.push('');
  lines.push(
    `Load: wrk, ${CONNECTIONS} connections. API with \`CATALOG_CACHE=false\` unless noted. The uncached API rows at 3,000 and 30,000 wines come from both catalogues' servers running side by side, each workload in alternating rounds of ${ROUND_SECONDS} s (${SIZE_ORDER.map((n) => (n === 3000 ? '3k' : '30k')).join(', ')}) after a ${WARMUP_SECONDS} s warm-up of both (and 3 s more before each search): throughput is the mean of a size's three rounds, p50, p95 and p99 their medians, max the highest. Other rows: ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up.`,
  );
  lines.push('');
  lines.push('| run | throughput | p50 | p95 | p99 | max | errors |');
  lines.push('|---|---|---|---|---|---|---|');
  const row = (name, x) =>
    lines.push(`| ${name} | ${rps(x.rps)} | ${ms(x.p50)} | ${ms(x.p95)} | ${ms(x.p99)} | ${ms(x.max)} | ${x.errors} |`);
  if (r3) {
    row('PostgreSQL 3k: bare `pg` route, same SQL and JSON', r3.bare);
    row('PostgreSQL 3k: API list (kind + country, 24 items)', r3.list);
    row('PostgreSQL 3k: API list, caches on (as shipped)', r3.cached);
    for (const [label] of SEARCHES) row(`PostgreSQL 3k: search, ${label}`, r3.search[label]);
  }
  if (r30) {
    row('PostgreSQL 30k: API list', r30.list);
    for (const [label] of SEARCHES) row(`PostgreSQL 30k: search, ${label}`, r30.search[label]);
  }
  row('PGlite 3k: API list', result.pglite);
  lines.push('');
  if (r3) {
    const { pair } = r3;
    lines.push(
      `API against the bare route: both servers running, ${PAIR_ORDER.length} alternating rounds of ${ROUND_SECONDS} s (${PAIR_ORDER.join(', ')}) after a ${PAIR_WARMUP} s warm-up of each; the bare route's row in the table above is the mean of its rounds.`,
    );
    lines.push('');
    lines.push('| round | server | throughput | p95 |');
    lines.push('|---|---|---|---|');
    const seen = { api: 0, bare: 0 };
    PAIR_ORDER.forEach((name, i) => {
      const x = pair[name][seen[name]++];
      lines.push(`| ${i + 1} | ${name === 'api' ? 'API' : 'bare route'} | ${rps(x.rps)} | ${ms(x.p95)} |`);
    });
    const per = (name) => (pair.cpu[name] / pair.requests[name]).toFixed(3);
    lines.push('');
    lines.push(`Server process CPU per request in these rounds: API ${per('api')} ms, bare route ${per('bare')} ms.`);
    lines.push('');
  }
  if (r3) {
    const { pair } = r3;
    const ratio = pair.ratio;
    targets.push([
      `API list ≥ 80 % of the bare route: ${(ratio * 100).toFixed(0)} % (${pair.requests.api.toLocaleString('en-US')} against ${pair.requests.bare.toLocaleString('en-US')} requests in alternating rounds)`,
      ratio >= 0.8,
    ]);
    // p99 is a target of the product as shipped (caches on); uncached, even the bare route cannot reach it.
    targets.push([
      `API list p99 ≤ 50 ms at 100 connections, as shipped: ${ms(r3.cached.p99)} (uncached ${ms(r3.list.p99)})`,
      r3.cached.p99 <= 50,
    ]);
    const lite = result.pglite.rps / r3.list.rps;
    targets.push([`PGlite ≥ 25 % of PostgreSQL: ${(lite * 100).toFixed(0)} %`, lite >= 0.25]);
    for (const [label] of SEARCHES) {
      const s = r3.search[label].p95;
      targets.push([`search (${label}) p95 ≤ 2 × list p95 at 3k: ${ms(s)} vs ${ms(r3.list.p95)}`, s <= 2 * r3.list.p95]);
    }
  }
  targets.push([
    `PGlite: no request slower than 1 s: max ${ms(result.pglite.max)}`,
    result.pglite.max <= 1000 && result.pglite.errors === 0,
  ]);
  if (r3 && r30) {
    targets.push([`list p95 at 30k ≤ 2 × at 3k: ${ms(r30.list.p95)} vs ${ms(r3.list.p95)}`, r30.list.p95 <= 2 * r3.list.p95]);
    for (const [label] of SEARCHES) {
      const a = r3.search[label].p95;
      const b = r30.search[label].p95;
      targets.push([`search (${label}) p95 at 30k ≤ 2 × at 3k: ${ms(b)} vs ${ms(a)}`, b <= 2 * a]);
      targets.push([`search (${label}) p95 ≤ 2 × list p95 at 30k: ${ms(b)} vs ${ms(r30.list.p95)}`, b <= 2 * r30.list.p95]);
    }
  }
  lines.push('| target | result |');
  lines.push('|---|---|');
  for (const [t, met] of targets) lines.push(`| ${t} | ${ok(met)} |`);
  for (const n of notes) lines.push('', n);
  return { md: lines.join('\n'), targets };
}
