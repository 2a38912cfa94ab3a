// `node bench/outbox.mjs <base checkout>`: issue 35's speed targets, measured in one run on PostgreSQL and written into
// docs/benchmarks.md as the "Issue 35 check" section. Both checkouts must be built (`npm run build`).
// - Orders per second at 20 connections, this build against the base (the main before the outbox), each on a
//   database of its own with its mail going to a local SMTP server, in alternating rounds so the host's drift falls
//   on both alike.
// - A backlog of 10,000 queued e-mails drained by one worker process to a local SMTP server, against a plain
//   nodemailer loop sending the same mails to the same server.
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { writeSection } from './lib.mjs';
import { load, login, orderableWines, startProduct } from './ordering-lib.mjs';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const base = path.resolve(process.argv[2] ?? process.env.BENCH_BASE ?? '');
for (const dir of [here, base]) {
  if (!existsSync(path.join(dir, 'dist/server.mjs'))) {
    console.error(`usage: node bench/outbox.mjs <built base checkout> (no dist/server.mjs in ${dir}: npm run build there)`);
    process.exit(2);
  }
}
const ROUND_SECONDS = Number(process.env.ROUND_SECONDS ?? 6);
const BACKLOG = Number(process.env.BACKLOG ?? 10_000);
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A local SMTP server that takes every mail and counts it: the protocol's few commands over plain TCP. (smtp-server,
 * which the tests use, waits 100 ms before greeting each connection to catch clients that talk too soon: a
 * bench of 10,000 connections would measure that wait.)
 */
async function smtpSink() {
  const sink = { count: 0 };
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          buffer = buffer.slice(end + 5);
          inData = false;
          sink.count += 1;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (line.startsWith('EHLO')) socket.write('250-sink\r\n250 8BITMIME\r\n');
        else if (line.startsWith('DATA')) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  sink.url = `smtp://127.0.0.1:${server.address().port}`;
  sink.close = () => new Promise((r) => server.close(r));
  return sink;
}

const admin = new pg.Client({ connectionString: pgUrl });
await admin.connect();
const made = [];
async function database() {
  const name = `podo_bench_outbox_${Date.now()}_${made.length}`;
  await admin.query(`create database ${name}`);
  made.push(name);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const BUYERS = 20;
/** A product of checkout `dir` on a database of its own, with 20 buyers logged in and 4 wines stocked for ever. */
async function orderingSetup(dir, label, smtpUrl) {
  const url = await database();
  const server = await startProduct(dir, { DATABASE_URL: url, DATABASE_POOL_MAX: '24', SMTP_URL: smtpUrl, PUBLIC_URL: 'http://shop.test' });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query(`
    insert into users (email, password_hash, full_name, role, status, buyer_level, lang)
    select 'bench' || g || '@example.com', password_hash, full_name, 'BUYER', 'APPROVED', 'GENERAL', 'ko-KR'
    from users, generate_series(1, ${BUYERS}) g where email = 'buyer@example.com'`);
  const tokens = [];
  for (let i = 1; i <= BUYERS; i++) tokens.push(await login(server.base, `bench${i}@example.com`, 'Buyer!2345', `10.9.2.${i}`));
  const wines = await orderableWines(server.base, tokens[0], 4);
  await db.query(`update product_vintages set stock = 1000000 where id = any($1)`, [wines.map((w) => w.vintage)]);
  let k = 0;
  const round = () =>
    load(
      () => {
        const i = k++ % BUYERS;
        const products = wines.map((w) => ({ idProduct: w.id, qty: 1 + (k % 3) }));
        return fetch(`${server.base}/api/v1/commerce/orders`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'PICKUP', paymentMethod: 'BANK_TRANSFER', depositorName: '벤치', products }),
        });
      },
      { concurrency: 20, seconds: ROUND_SECONDS, warmup: 1 },
    );
  return { label, url, server, db, round };
}

// ---- orders per second: this build against the base ---------------------------------------------------------------
const orderSink = await smtpSink();
const sides = { here: await orderingSetup(here, 'this build', orderSink.url), base: await orderingSetup(base, 'base', orderSink.url) };
const totals = { here: { n: 0, errors: 0, rounds: [] }, base: { n: 0, errors: 0, rounds: [] } };
for (const side of ['here', 'base', 'base', 'here', 'here', 'base']) {
  const r = await sides[side].round();
  totals[side].n += r.n;
  totals[side].errors += r.errors;
  totals[side].rounds.push(r.rps);
}
const rps = (side) => totals[side].n / (ROUND_SECONDS * totals[side].rounds.length);
const orderMails = { here: 0, base: 0 };
// This build's mails leave through the outbox: wait for its worker to catch up before comparing.
for (const t0 = Date.now(); Date.now() - t0 < 60_000; await new Promise((r) => setTimeout(r, 500))) {
  const { rows } = await sides.here.db.query(`select count(*) filter (where status <> 'sent')::int as left from outbox_messages`);
  if (rows[0].left === 0) break;
}
for (const side of ['here', 'base']) {
  orderMails[side] = Number((await sides[side].db.query(`select count(*) n from orders`)).rows[0].n);
  await sides[side].server.stop();
}
const outboxLeft = Number((await sides.here.db.query(`select count(*) n from outbox_messages where status <> 'sent'`)).rows[0].n);
for (const side of ['here', 'base']) await sides[side].db.end();
await orderSink.close();

// ---- a backlog of queued e-mails against a plain nodemailer loop -----------------------------------------------------
const mails = Array.from({ length: BACKLOG }, (_, i) => ({
  to: `buyer${i % 500}@example.com`,
  subject: `[포도 와인] 주문 20261129-${String(i).padStart(6, '0')}: 주문 접수`,
  text: `김바이어님, 주문이 접수되었습니다.\n\n${'- 샤토 몽페라 루즈 2020 × 6: 180,000원\n'.repeat(8)}\n입금 계좌: 국민은행 123-456-789012 (주)포도와인\n`,
}));
const loopSink = await smtpSink();
// As the product's transport: four pooled connections, each reused, kept busy by four sends in flight.
const transport = nodemailer.createTransport({ url: loopSink.url, pool: true, maxConnections: 4, maxMessages: 100 });
let t0 = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (next < mails.length) await transport.sendMail({ from: 'no-reply@podo.test', ...mails[next++] });
  }),
);
const loopSeconds = (performance.now() - t0) / 1000;
transport.close();
await loopSink.close();

const drainSink = await smtpSink();
const drainUrl = await database();
const worker = await startProduct(here, {
  DATABASE_URL: drainUrl,
  SMTP_URL: drainSink.url,
  MAIL_FROM: 'no-reply@podo.test',
  PUBLIC_URL: 'http://shop.test',
});
const ddb = new pg.Client({ connectionString: drainUrl });
await ddb.connect();
const boss = new PgBoss({ connectionString: drainUrl, schema: 'pgboss', migrate: false, supervise: false, schedule: false, max: 2 });
boss.on('error', () => {});
await boss.start();
const { rows: ids } = await ddb.query(
  `insert into outbox_messages (channel, purpose, recipient, subject, body)
   select 'mail', 'bench', m->>'to', m->>'subject', m->>'text' from jsonb_array_elements($1::jsonb) m returning id`,
  [JSON.stringify(mails)],
);
t0 = performance.now();
for (let i = 0; i < ids.length; i += 1000)
  await boss.insert(
    'deliver-message',
    ids.slice(i, i + 1000).map((r) => ({ data: { id: Number(r.id) } })),
  );
const queuedSeconds = (performance.now() - t0) / 1000;
while (drainSink.count < BACKLOG && performance.now() - t0 < 900_000) await new Promise((r) => setTimeout(r, 200));
const drainSeconds = (performance.now() - t0) / 1000;
const drained = drainSink.count;
// The last hand-overs are marked sent just after the server took them.
for (const t1 = Date.now(); Date.now() - t1 < 30_000; await new Promise((r) => setTimeout(r, 200))) {
  if (Number((await ddb.query(`select count(*) n from outbox_messages where status <> 'sent'`)).rows[0].n) === 0) break;
}
const duplicates = drained - Number((await ddb.query(`select count(*) n from outbox_messages where status = 'sent'`)).rows[0].n);
await boss.stop({ graceful: false });
await ddb.end();
await worker.stop();
await drainSink.close();
for (const name of made) await admin.query(`drop database if exists ${name} with (force)`);
await admin.end();

// ---- report ----------------------------------------------------------------------------------------------------
const met = (ok) => (ok ? 'met' : '**MISSED**');
const cpu = os.cpus();
const orderRatio = rps('here') / rps('base');
const loopRate = BACKLOG / loopSeconds;
const drainRate = drained / drainSeconds;
const section = `## Issue 35 check: the outbox (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)

\`node bench/outbox.mjs <base>\` with both checkouts built; ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, Node ${process.version},
PostgreSQL on 127.0.0.1, one run. Base: ${path.basename(base)} (\`git -C ${path.basename(base)} log -1\`: the main before the outbox).

| measure | figure | target | result |
|---|---|---|---|
| \`POST /commerce/orders\`, 20 connections, 20 buyers, 4 wines; 3 rounds of ${ROUND_SECONDS} s each, alternating | this build ${rps('here').toFixed(0)} orders/s (rounds ${totals.here.rounds.map((x) => x.toFixed(0)).join(', ')}), base ${rps('base').toFixed(0)} (rounds ${totals.base.rounds.map((x) => x.toFixed(0)).join(', ')}); errors ${totals.here.errors} / ${totals.base.errors} | ≥ 90 % of the base: ${(100 * orderRatio).toFixed(0)} % | ${met(orderRatio >= 0.9 && totals.here.errors === 0)} |
| the confirmations of those orders | ${orderMails.here.toLocaleString('en-US')} orders here, ${outboxLeft} messages not sent a minute after the load | all sent | ${met(outboxLeft === 0)} |
| ${BACKLOG.toLocaleString('en-US')} queued e-mails drained by one process (\`deliver-message\`, 8 at a time, 10 per fetch) to a local SMTP server | ${drainRate.toFixed(0)} mails/s (${drainSeconds.toFixed(1)} s, of which queueing ${queuedSeconds.toFixed(1)} s); ${drained.toLocaleString('en-US')} received, ${duplicates} more than marked sent | ≥ 50 % of a plain nodemailer loop to the same server (${loopRate.toFixed(0)} mails/s, ${loopSeconds.toFixed(1)} s): ${((100 * drainRate) / loopRate).toFixed(0)} % | ${met(drainRate >= 0.5 * loopRate && drained === BACKLOG && duplicates === 0)} |

Both products send their order mails to a local SMTP server during the load (the base after each commit, this build
through the outbox and its worker in the same process). The plain loop sends through four pooled SMTP connections
with four mails in flight, as the product's transport does.
`;
writeSection(path.join(here, 'docs/benchmarks.md'), '## Issue 35 check', section, '## Issue 20 check');
console.log(section);
