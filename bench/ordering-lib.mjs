// What the ordering benchmarks share: a built product on a port of its own, a load loop, a buyer's login, and wines a
// buyer can order one bottle of.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let nextPort = 3900 + Math.floor(Math.random() * 80);
/** The built product of checkout `dir` on a port of its own (an embedded database, or DATABASE_URL in `env`). */
export async function startProduct(dir, env) {
  const port = nextPort++;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podo-bench-commerce-'));
  const child = spawn(process.execPath, [path.join(dir, 'dist/server.mjs')], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_DATA: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '10000000',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  // Up when /health answers (the log stays at warn: request lines would cost time in the figures).
  for (const t0 = Date.now(); ;) {
    if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}:\n${log}`);
    if (Date.now() - t0 > 120_000) throw new Error(`no start:\n${log}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** `concurrency` loops calling `make()` for `seconds`; latencies of the successful answers and the failures. */
export async function load(make, { concurrency, seconds, warmup = 2 }) {
  const run = async (secs, record) => {
    const end = performance.now() + secs * 1000;
    const xs = [];
    let errors = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < end) {
          const t = performance.now();
          const r = await make();
          await r.arrayBuffer();
          if (r.ok) xs.push(performance.now() - t);
          else errors++;
        }
      }),
    );
    return record ? { xs, errors } : null;
  };
  await run(warmup, false);
  const { xs, errors } = await run(seconds, true);
  return { n: xs.length, errors, rps: xs.length / seconds, p50: pct(xs, 50), p95: pct(xs, 95) };
}

export async function login(base, email, password, ip) {
  const r = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password }),
  });
  if (!r.ok) throw new Error(`login ${email}: ${r.status} ${await r.text()}`);
  return (await r.json()).data.accessToken;
}

/** Wines a buyer can order one bottle of: in stock, sold by the bottle. */
export async function orderableWines(base, token, count) {
  const auth = { authorization: `Bearer ${token}` };
  const list = await (await fetch(`${base}/api/v1/brand/wines/products?size=100`, { headers: auth })).json();
  const out = [];
  for (const w of list._embedded.items) {
    const v = (await (await fetch(`${base}/api/v1/wines/products/${w.id}/vintages`, { headers: auth })).json())._embedded.items;
    const first = v.find((x) => x.stock > 0);
    if (first && first.orderStep === 1 && first.minQty === 1 && first === v[0]) out.push({ id: w.id, vintage: first.id });
    if (out.length === count) break;
  }
  if (out.length < count) throw new Error(`only ${out.length} orderable wines`);
  return out;
}
