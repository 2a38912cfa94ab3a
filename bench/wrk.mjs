// Load generator for the catalogue benchmarks: wrk (Debian package `wrk`, installed by the bench when missing).
// wrk is written in C, so at 100 connections on this 2-core machine it takes far less CPU from the server under
// test than a Node load generator would. A Lua `done` hook prints the percentiles as JSON.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const LUA = `
local paths = {}
local i = 0
init = function(args)
  for _, p in ipairs(args) do table.insert(paths, p) end
end
request = function()
  i = i + 1
  if #paths == 0 then return wrk.format(nil) end
  return wrk.format(nil, paths[(i % #paths) + 1])
end
done = function(summary, latency, requests)
  local non2xx = summary.errors.status
  io.write(string.format('{"requests":%d,"duration_us":%d,"non2xx":%d,"connect_errors":%d,"read_errors":%d,"timeouts":%d,' ..
    '"p50":%f,"p95":%f,"p99":%f,"max":%f}\\n',
    summary.requests, summary.duration, non2xx, summary.errors.connect, summary.errors.read, summary.errors.timeout,
    latency:percentile(50)/1000, latency:percentile(95)/1000, latency:percentile(99)/1000, latency.max/1000))
end
`;

export function ensureWrk() {
  if (spawnSync('wrk', ['--version']).error === undefined) return;
  console.log('› installing wrk (Debian) for the load benchmarks');
  const r = spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (r.status !== 0) throw new Error('wrk is required: apt-get install wrk');
}

let script;
/**
 * Runs wrk against base + the given paths (requests rotate through them).
 * Returns { rps, p50, p95, p99, max (ms), requests, errors }.
 */
export function wrk(base, paths, { connections = 100, seconds = 10, threads = 2, headers = {} } = {}) {
  if (!script) {
    script = path.join(mkdtempSync(path.join(os.tmpdir(), 'podo-wrk-')), 'bench.lua');
    writeFileSync(script, LUA);
  }
  const args = ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '--timeout', '5s', '-s', script];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  args.push(base + paths[0], '--', ...paths);
  const r = spawnSync('wrk', args, { encoding: 'utf8' });
  const line = r.stdout.split('\n').find((l) => l.startsWith('{'));
  if (!line) throw new Error(`wrk failed: ${r.stderr || r.stdout}`);
  const j = JSON.parse(line);
  return {
    rps: j.requests / (j.duration_us / 1e6),
    p50: j.p50,
    p95: j.p95,
    p99: j.p99,
    max: j.max,
    requests: j.requests,
    errors: j.non2xx + j.connect_errors + j.read_errors + j.timeouts,
  };
}
