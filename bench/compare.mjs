// `node bench/compare.mjs <other checkout>`: this checkout against another (built) one, in one run.
// Both products run side by side on embedded databases of their own; each workload is loaded in alternating rounds
// (this, other, other, this, this, other) so the host's drift falls on both alike. Reports the throughput ratio and
// each server's CPU per request; writes nothing. Used to check that a refactoring kept the hot paths' speed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMs, startApi, stop } from './catalog.mjs';
import { ensureWrk, wrk } from './wrk.mjs';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const other = path.resolve(process.argv[2] ?? '');
if (!process.argv[2] || !existsSync(path.join(other, 'dist/server.mjs'))) {
  console.error('usage: node bench/compare.mjs <path of another built checkout>');
  process.exit(2);
}
if (!existsSync(path.join(here, 'dist/server.mjs'))) {
  console.error('build this checkout first: npm run build');
  process.exit(2);
}
const ROUND_SECONDS = Number(process.env.ROUND_SECONDS ?? 5);
const ORDER = ['here', 'other', 'other', 'here', 'here', 'other'];

async function pair(label, cache, paths, connections) {
  const servers = { here: await startApi(here, { cache }), other: await startApi(other, { cache }) };
  const out = { here: { requests: 0, cpu: 0, p50: [] }, other: { requests: 0, cpu: 0, p50: [] } };
  try {
    for (const s of Object.values(servers)) wrk(s.base, paths, { connections, seconds: 8 });
    for (const name of ORDER) {
      await new Promise((r) => setTimeout(r, 500));
      const s = servers[name];
      const c0 = cpuMs(s.child.pid);
      const x = wrk(s.base, paths, { connections, seconds: ROUND_SECONDS });
      if (x.non2xx || x.connect_errors || x.timeouts) throw new Error(`${label}: errors in a round of ${name}: ${JSON.stringify(x)}`);
      out[name].cpu += cpuMs(s.child.pid) - c0;
      out[name].requests += x.requests;
      out[name].p50.push(x.p50);
    }
  } finally {
    for (const s of Object.values(servers)) await stop(s.child);
  }
  const med = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  const row = (n) => ({
    throughput: out[n].requests / ((ROUND_SECONDS * ORDER.length) / 2),
    cpuPerRequest: out[n].cpu / out[n].requests,
    p50: med(out[n].p50),
  });
  return { label, here: row('here'), other: row('other'), ratio: out.here.requests / out.other.requests };
}

ensureWrk();
const all = [
  () =>
    pair('API list, uncached (kind + country, 24 wines)', false, ['/api/v1/brand/wines/products?size=24&idKinds=1&countryName=France'], 50),
  () => pair('API detail, uncached (/wines/brand-products/201)', false, ['/api/v1/wines/brand-products/201'], 50),
  () => pair('SSR /product, as shipped', true, ['/product'], 10),
  () => pair('SSR /product/201, as shipped', true, ['/product/201'], 10),
];
// ONLY=2,3 runs the second and third workloads only.
const only = process.env.ONLY?.split(',').map(Number);
const results = [];
for (const [i, run] of all.entries()) if (!only || only.includes(i + 1)) results.push(await run());
console.log(`| workload | this: req/s | other: req/s | ratio | this: CPU ms/req | other: CPU ms/req |`);
console.log(`|---|---|---|---|---|---|`);
for (const r of results) {
  console.log(
    `| ${r.label} | ${r.here.throughput.toFixed(0)} | ${r.other.throughput.toFixed(0)} | ${r.ratio.toFixed(3)} | ${r.here.cpuPerRequest.toFixed(3)} | ${r.other.cpuPerRequest.toFixed(3)} |`,
  );
}
