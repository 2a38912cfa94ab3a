import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startProductServer, type ProductServer } from '../helpers/product-server';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server';

/**
 * The deployment of docs/operations.md, run as an operator would: two product processes behind nginx
 * (deploy/nginx.conf), their requests through PgBouncer in transaction mode (deploy/pgbouncer.ini) and their LISTEN,
 * migrations and CLI on the direct connection. Pages, orders, jobs and mail work through the pooler, a cart changed
 * on one process is seen on the other, and a rolling restart under load, with the mail server down meanwhile, answers
 * every request with a 2xx and delivers every order's confirmation exactly once when the mail server is back.
 */
const root = path.resolve(import.meta.dirname, '../..');
const baseDbUrl = process.env.TEST_DATABASE_URL;
const tools = existsSync('/usr/sbin/nginx') && existsSync('/usr/sbin/pgbouncer');
const skip = !baseDbUrl || !tools;
const skipReason = !baseDbUrl
  ? 'needs PostgreSQL (TEST_DATABASE_URL): the processes share one database'
  : 'needs nginx and pgbouncer (Debian packages; .ci/run installs them)';

const dbName = `podo_scale_${process.pid}_${Date.now()}`;
let dir: string;
let directUrl: string;
let pooledUrl: string;
let smtp: TestSmtpServer;
let bouncer: ChildProcess | undefined;
let nginx: ChildProcess | undefined;
let redis: { child: ChildProcess; url: string } | undefined;
let siteConf: string;

/**
 * Takes the i-th process out of nginx's upstream (`down`), or puts every process back (null), and reloads nginx as
 * `nginx -s reload` does: new connections follow the new list, requests under way finish where they are.
 */
async function upstreamDown(i: number | null) {
  const conf = i === null ? siteConf : siteConf.replace(`server 127.0.0.1:${ports[i]} `, `server 127.0.0.1:${ports[i]} down `);
  writeFileSync(path.join(dir, 'podo.conf'), conf);
  const before = readFileSync(path.join(dir, 'nginx-error.log'), 'utf8').split('reconfiguring').length;
  nginx!.kill('SIGHUP');
  for (let t = 0; t < 100 && readFileSync(path.join(dir, 'nginx-error.log'), 'utf8').split('reconfiguring').length === before; t++) {
    await sleep(50);
  }
}
let nginxUrl: string;
const ports: number[] = [];
const servers: (ProductServer | undefined)[] = [];
/** Every process started, restarted ones included: their logs explain a failure. */
const allServers: ProductServer[] = [];
const errorLines = () =>
  allServers
    .flatMap((s) =>
      s
        .log()
        .split('\n')
        .filter((l) => /"level":(50|60)|"statusCode":5\d\d/.test(l)),
    )
    .join('\n');
let env: Record<string, string>;
let db: pg.Client;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once something accepts TCP connections on the port. */
async function listening(port: number, what: ChildProcess, log: () => string): Promise<void> {
  for (const t0 = Date.now(); Date.now() - t0 < 20_000; await sleep(100)) {
    if (what.exitCode !== null) throw new Error(`exited with ${what.exitCode}:\n${log()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
  }
  throw new Error(`nothing listens on ${port}:\n${log()}`);
}

function run(cmd: string, args: string[]): { child: ChildProcess; log: () => string } {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  return { child, log: () => log };
}

async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

/** The i-th product process on its own fixed port (nginx's upstream names it), on the shared database. */
async function startProcess(i: number): Promise<ProductServer> {
  const s = await startProductServer({ ...env, PORT: String(ports[i]) });
  servers[i] = s;
  allServers.push(s);
  return s;
}

beforeAll(async () => {
  if (skip) return;
  dir = mkdtempSync(path.join(tmpdir(), 'podo-scale-'));
  // PgBouncer drops root for the postgres user, which must read its configuration.
  chmodSync(dir, 0o755);
  const admin = new pg.Client({ connectionString: baseDbUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const u = new URL(baseDbUrl!);
  u.pathname = `/${dbName}`;
  directUrl = u.toString();
  db = new pg.Client({ connectionString: directUrl });

  // PgBouncer from the example, on a port and database of its own; the test's server trusts local connections.
  const bouncerPort = await freePort();
  const ini = readFileSync(path.join(root, 'deploy/pgbouncer.ini'), 'utf8')
    .replace(
      /^podo = host=\S+ port=\d+ dbname=podo/m,
      `${dbName} = host=${u.hostname} port=${u.port || 5432} dbname=${dbName} user=${u.username || 'postgres'}`,
    )
    .replace(/^listen_port = .*$/m, `listen_port = ${bouncerPort}`)
    .replace(/^auth_type = .*$/m, 'auth_type = any')
    .replace(/^auth_file = .*$/m, '');
  expect(ini).toContain(`${dbName} = host=`);
  writeFileSync(path.join(dir, 'pgbouncer.ini'), ini, { mode: 0o644 });
  const b = run('/usr/sbin/pgbouncer', [...(process.getuid?.() === 0 ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')]);
  bouncer = b.child;
  await listening(bouncerPort, b.child, b.log);
  const p = new URL(directUrl);
  p.port = String(bouncerPort);
  pooledUrl = p.toString();

  smtp = await startSmtpServer();
  if (existsSync('/usr/bin/redis-server')) {
    const port = await freePort();
    const r = run('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
    await listening(port, r.child, r.log);
    redis = { child: r.child, url: `redis://127.0.0.1:${port}` };
  }
  ports.push(await freePort(), await freePort());
  const nginxPort = await freePort();
  env = {
    PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
    DATABASE_URL: pooledUrl,
    DATABASE_DIRECT_URL: directUrl,
    DATABASE_POOL_MAX: '6',
    TRUST_PROXY: '1',
    SHUTDOWN_DRAIN_MS: '0',
    // One signing secret for all the processes: a token from one is good on the others.
    JWT_SECRET: randomUUID() + randomUUID(),
    SMTP_URL: smtp.url,
    JOBS_POLL_SECONDS: '1',
    // Retries a second apart at first, so the mail held back by the outage below goes out soon after it ends.
    OUTBOX_RETRY_SECONDS: '1',
    // The processes share their rate-limit counters, in a Redis of the test's own.
    ...(redis ? { REDIS_URL: redis.url } : {}),
  };
  // The first process migrates and loads the demo data; the second finds both done.
  await startProcess(0);
  await startProcess(1);

  // nginx with the example's upstream and server, listening on a port of the test's.
  const site = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
    .replace(/^\s*server 127\.0\.0\.1:3001 /m, `    server 127.0.0.1:${ports[0]} `)
    .replace(/^\s*server 127\.0\.0\.1:3002 /m, `    server 127.0.0.1:${ports[1]} `)
    .replace(/^\s*listen 80;/m, `    listen 127.0.0.1:${nginxPort};`);
  expect(site).toContain(`127.0.0.1:${ports[1]} max_fails`);
  siteConf = site;
  writeFileSync(path.join(dir, 'podo.conf'), site);
  for (const t of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, t));
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      'daemon off;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/nginx-error.log notice;`,
      'events { worker_connections 512; }',
      'http {',
      '  access_log off;',
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t === 'body' ? 'client_body' : t}_temp_path ${dir}/${t};`),
      `  include ${dir}/podo.conf;`,
      '}',
    ].join('\n'),
  );
  const n = run('/usr/sbin/nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'nginx-error.log')]);
  nginx = n.child;
  await listening(
    nginxPort,
    n.child,
    () => n.log() + (existsSync(`${dir}/nginx-error.log`) ? readFileSync(`${dir}/nginx-error.log`, 'utf8') : ''),
  );
  nginxUrl = `http://127.0.0.1:${nginxPort}`;
  await db.connect();
}, 180_000);

afterAll(async () => {
  if (skip) return;
  await stopChild(nginx);
  await Promise.all(servers.map((s) => s?.stop()));
  await stopChild(bouncer);
  await stopChild(redis?.child);
  await smtp?.close();
  await db?.end().catch(() => {});
  const admin = new pg.Client({ connectionString: baseDbUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
  await admin.end();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function login(base: string, email: string): Promise<string> {
  const r = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Buyer!2345' }),
  });
  expect(r.status, await r.clone().text()).toBe(200);
  return ((await r.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** Buyers of their own (copies of the demo buyer's password), and two wines with plenty of stock sold by the bottle. */
async function fixture(prefix: string, buyers: number) {
  await db.query(
    `insert into users (email, password_hash, full_name, role, status, buyer_level, lang)
     select $1 || g || '@example.com', password_hash, full_name, 'BUYER', 'APPROVED', 'GENERAL', 'ko-KR'
     from users, generate_series(1, $2::int) g where email = 'buyer@example.com'`,
    [prefix, buyers],
  );
  // Two wines of the anonymous list, made orderable one bottle at a time with plenty of stock.
  const list = (await (await fetch(`${nginxUrl}/api/v1/brand/wines/products?size=2`)).json()) as { _embedded: { items: { id: number }[] } };
  const ids = list._embedded.items.map((w) => w.id);
  expect(ids).toHaveLength(2);
  await db.query('update product_vintages set stock = 1000000, order_step = 1, min_qty = 1, is_on_sale = true where product_id = any($1)', [
    ids,
  ]);
  const tokens = [];
  for (let i = 1; i <= buyers; i++) tokens.push(await login(nginxUrl, `${prefix}${i}@example.com`));
  return { tokens, wines: ids.map((id) => ({ idProduct: id })) };
}

function placeOrder(base: string, token: string, wines: { idProduct: number }[], key = randomUUID()): Promise<Response> {
  return fetch(`${base}/api/v1/commerce/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({
      type: 'PICKUP',
      paymentMethod: 'BANK_TRANSFER',
      depositorName: '확장시험',
      products: wines.map((w) => ({ ...w, qty: 1 })),
    }),
  });
}

/** Waits until no outbox message is left to send, and returns how many were sent. */
async function outboxSettled(timeoutMs = 150_000): Promise<number> {
  for (const t0 = Date.now(); ; await sleep(250)) {
    const { rows } = await db.query<{ status: string; n: string }>('select status, count(*) n from outbox_messages group by status');
    const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    if (!by.pending && !by.sending) return by.sent ?? 0;
    if (Date.now() - t0 > timeoutMs) throw new Error(`outbox not settled: ${JSON.stringify(by)}`);
  }
}

/** Every received mail's Message-ID, counted. */
function messageIds(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of smtp.messages) {
    const id = /^message-id:\s*(\S+)/im.exec(m.raw)?.[1] ?? '(none)';
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

describe('two processes behind nginx, through PgBouncer in transaction mode', { skip, meta: { skipReason } } as never, () => {
  it('serves pages, lists, orders and mail through the pooler, and carts across processes', async () => {
    // A page (the web build) and a catalogue list (statements that are prepared per connection without a pooler).
    const page = await fetch(`${nginxUrl}/`, { headers: { 'accept-language': 'ko-KR' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="ko-KR"');
    for (let i = 0; i < 4; i++) {
      const list = await fetch(`${nginxUrl}/api/v1/brand/wines/products?size=5&page=${i + 1}`);
      expect(list.status).toBe(200);
    }
    // The pooled sessions carry the time limits (the pooler's connect_query): no process warned of missing ones.
    for (const s of servers) expect(s!.log()).not.toMatch(/sessions have no/);
    const probe = new pg.Client({ connectionString: pooledUrl });
    await probe.connect();
    const { rows: limits } = await probe.query<{ s: string }>("select current_setting('statement_timeout') s").finally(() => probe.end());
    expect(limits[0]!.s).toBe('10s');

    const { tokens, wines } = await fixture('scale-a', 1);
    const token = tokens[0]!;
    const [a, b] = servers.map((s) => s!.baseUrl);
    // The cart is cached per buyer in each process: a change on A reaches B's cache through LISTEN/NOTIFY (direct).
    const cartOn = async (base: string) =>
      (await (await fetch(`${base}/api/v1/cart`, { headers: { authorization: `Bearer ${token}` } })).json()) as unknown;
    const before = JSON.stringify(await cartOn(b!));
    const added = await fetch(`${a}/api/v1/cart/add`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ idProduct: wines[0]!.idProduct, qty: 2 }] }),
    });
    expect(added.status, await added.clone().text()).toBe(200);
    await expect.poll(async () => JSON.stringify(await cartOn(b!)), { timeout: 5_000 }).not.toBe(before);

    // An order through nginx and the pooler; its confirmation goes out by a job (pg-boss through the pooler too).
    const order = await placeOrder(nginxUrl, token, wines);
    expect(order.status, await order.clone().text()).toBe(201);
    await smtp.waitFor((m) => m.to.includes('scale-a1@example.com'), 30_000);
  }, 90_000);

  it('answers every request with a 2xx during a rolling restart under load, and mails each order once after a mail outage', async () => {
    const { tokens, wines } = await fixture('scale-r', 4);
    const statuses = new Map<string, number>();
    const failures: string[] = [];
    let ordersPlaced = 0;
    let stop = false;
    const note = (what: string, r: Response | Error) => {
      const key = r instanceof Error ? `${what} ${r.message}` : `${what} ${r.status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (r instanceof Error || r.status >= 300) failures.push(key);
    };
    let resent = 0;
    /**
     * As a browser does: a request whose kept-alive connection was closed before any answer came (nginx's old worker
     * closes its idle connections at a reload) is sent again on another connection, at most twice. The order keeps
     * its Idempotency-Key, as the web checkout's retry does.
     */
    const asBrowser = async (send: () => Promise<Response>, tries = 0): Promise<Response> => {
      try {
        return await send();
      } catch (e) {
        const code = (e as { cause?: { code?: string } }).cause?.code;
        if (tries >= 2 || (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET')) throw e;
        resent++;
        return asBrowser(send, tries + 1);
      }
    };
    const worker = async (k: number) => {
      for (let n = 0; !stop; n++) {
        const kind = (k + n) % 3;
        try {
          if (kind === 0) {
            const key = randomUUID();
            const r = await asBrowser(() => placeOrder(nginxUrl, tokens[k % tokens.length]!, wines, key));
            await r.arrayBuffer();
            note('POST order', r);
            if (r.status === 201) ordersPlaced++;
          } else {
            const r = await asBrowser(() =>
              fetch(kind === 1 ? `${nginxUrl}/api/v1/brand/wines/products?size=10&page=${1 + (n % 3)}` : `${nginxUrl}/product`),
            );
            await r.arrayBuffer();
            note(kind === 1 ? 'GET list' : 'GET page', r);
          }
        } catch (e) {
          note(kind === 0 ? 'POST order' : 'GET', e as Error);
        }
      }
    };
    // The mail server is down for the whole restart: the confirmations wait in the outbox.
    await smtp.stop();
    const mailsBefore = smtp.messages.length;
    const load = Promise.all(Array.from({ length: 6 }, (_, k) => worker(k)));
    await sleep(1_500);
    // One process at a time, as docs/operations.md says: out of the upstream, its requests finish, SIGTERM, the new
    // one started on its port, back into the upstream.
    for (const i of [0, 1]) {
      await upstreamDown(i);
      await sleep(1_000);
      await servers[i]!.stop();
      await startProcess(i);
      await upstreamDown(null);
      await sleep(1_500);
    }
    await sleep(1_000);
    stop = true;
    await load;
    expect(smtp.messages.length).toBe(mailsBefore);
    const { rows: waiting } = await db.query<{ n: string }>("select count(*) n from outbox_messages where status <> 'sent'");
    expect(Number(waiting[0]!.n)).toBeGreaterThanOrEqual(ordersPlaced);
    await smtp.start();

    // Connections nginx closed at its reloads, each request sent again and answered (a handful per run).
    expect(resent).toBeLessThan(ordersPlaced);
    expect(failures, `${JSON.stringify(Object.fromEntries(statuses))}\n${errorLines()}`).toEqual([]);
    expect(ordersPlaced).toBeGreaterThan(10);
    const { rows } = await db.query<{ n: string }>(
      "select count(*) n from orders o join users u on u.id = o.user_id where u.email like 'scale-r%'",
    );
    expect(Number(rows[0]!.n)).toBe(ordersPlaced);

    // Every message was handed over exactly once, across the restarts of both workers.
    const sent = await outboxSettled();
    const { rows: failed } = await db.query("select id, last_error from outbox_messages where status <> 'sent'");
    expect(failed).toEqual([]);
    await expect.poll(() => smtp.messages.length, { timeout: 10_000 }).toBe(sent);
    const twice = [...messageIds()].filter(([, n]) => n > 1);
    expect(twice).toEqual([]);
    const confirmations = smtp.messages.filter((m) => /scale-r\d@example\.com/.test(m.to)).length;
    expect(confirmations).toBe(ordersPlaced);
    // Two process starts, the restarts' pauses, and the mail held back (its retries back off, up to a minute apart
    // after a long outage): more than a browser journey's time.
  }, 300_000);
});
