import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@podo/config';
import { businessProfiles, migrateDatabase, openDatabase, seedDemoData, users, type DbHandle } from '@podo/db';
import { createServer } from '../../../../server/src/server';
import { tryAcquireDataDirLock, writeServerPort } from '../../../../server/src/lock';
import { startSmtpServer, type TestSmtpServer } from '../../../../../tests/helpers/smtp-server';
import { createTempDatabase, TEST_JWT_SECRET, usingPostgres } from '../../../../../tests/helpers/test-app';
import { first } from '../../../../../tests/helpers/items';

const root = path.resolve(import.meta.dirname, '../../../../..');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let smtp: TestSmtpServer;
let dataDir: string;
let pgTemp: Awaited<ReturnType<typeof createTempDatabase>> | undefined;

/** `npm run admin -- <args>` as a separate process (asynchronously: the in-process server must keep answering). */
function admin(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'scripts/admin.mjs'), ...args],
      {
        cwd: root,
        timeout: 60_000,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? tmpdir(),
          DATA_DIR: dataDir,
          DATABASE_URL: pgTemp?.url ?? '',
          JWT_SECRET: TEST_JWT_SECRET,
          SMTP_URL: smtp.url,
          PUBLIC_URL: 'http://shop.test',
          LOG_LEVEL: 'warn',
          ...env,
        },
      },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Opens the test database the CLI works on (the same directory or PostgreSQL database). */
async function openTestDb(): Promise<DbHandle> {
  const handle = await openDatabase(pgTemp ? { url: pgTemp.url } : { dataDir });
  await migrateDatabase(handle, pgTemp?.url);
  return handle;
}

/** Puts business changes of the demo buyer up for review, as PUT /change-user does for an approved buyer. */
async function askForChanges(changes: Record<string, string>) {
  const handle = await openTestDb();
  try {
    const u = first(await handle.db.select().from(users).where(eq(users.email, 'buyer@example.com')));
    await handle.db
      .update(businessProfiles)
      .set({ pendingChanges: changes, pendingSince: new Date() })
      .where(eq(businessProfiles.userId, u.id));
    return u.id;
  } finally {
    await handle.close();
  }
}

async function profileOf(userId: number) {
  const handle = await openTestDb();
  try {
    return (await handle.db.select().from(businessProfiles).where(eq(businessProfiles.userId, userId)))[0];
  } finally {
    await handle.close();
  }
}

async function statusOf(email: string) {
  const handle = await openTestDb();
  try {
    return first(await handle.db.select().from(users).where(eq(users.email, email)));
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  dataDir = mkdtempSync(path.join(tmpdir(), 'podo-cli-'));
  if (usingPostgres()) pgTemp = await createTempDatabase();
  const handle = await openTestDb();
  await seedDemoData(handle.db);
  await handle.close();
}, 120_000);
afterAll(async () => {
  await smtp?.close();
  await pgTemp?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run admin', () => {
  it('explains itself and refuses wrong usage with exit code 2', async () => {
    const help = await admin(['help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: npm run admin -- <command>/);
    const bogus = await admin(['frobnicate']);
    expect(bogus.code).toBe(2);
    expect(bogus.stderr).toMatch(/Unknown command: frobnicate/);
    expect((await admin(['reject', 'someone@example.com'])).code).toBe(2);
    expect((await admin(['members', '--status', 'maybe'])).code).toBe(2);
    const noQuery = await admin(['members', '--query']);
    expect(noQuery.code).toBe(2);
    expect(noQuery.stderr).toMatch(/--query needs a text/);
    expect((await admin(['members', '--query='])).code).toBe(2);
  });

  it('lists, approves and rejects members on the database it opens itself, and mails them', async () => {
    const list = await admin(['members', 'pending']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/pending@example\.com/);
    expect(list.stdout).not.toMatch(/buyer@example\.com/);
    expect(list.stdout).toMatch(/1 PENDING members\./);
    expect(list.stderr).toMatch(pgTemp ? /via PostgreSQL/ : /via the database in/);

    const approve = await admin(['approve', 'Pending@Example.com']);
    expect(approve.code, approve.stderr).toBe(0);
    expect(approve.stdout).toMatch(/Approved pending@example\.com .*BUYER/);
    const row = await statusOf('pending@example.com');
    expect(row).toMatchObject({ status: 'APPROVED', role: 'BUYER', reviewedBy: null });
    expect(row.reviewedAt).not.toBeNull();
    const mail = await smtp.waitFor((m) => m.to === 'pending@example.com');
    expect(mail.subject).toMatch(/거래처 승인 완료/);

    const again = await admin(['approve', 'pending@example.com']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/Error: This member is not waiting for review\./);
    const unknown = await admin(['reject', 'nobody@example.com', 'no', 'such', 'member']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Error: The requested information could not be found\./);
    // The CLI let go of DATA_DIR.
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  }, 120_000);

  it("lists, applies and rejects approved buyers' business changes, and mails them", async () => {
    expect((await admin(['approve-changes'])).code).toBe(2);
    expect((await admin(['reject-changes', 'buyer@example.com'])).code).toBe(2);
    const empty = await admin(['changes']);
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toMatch(/No members with business changes waiting for review\./);

    const id = await askForChanges({ companyName: '와인바 포도 2호점', taxEmail: 'new-tax@example.com' });
    const list = await admin(['changes']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/buyer@example\.com +companyName +와인바 포도 +와인바 포도 2호점/);
    expect(list.stdout).toMatch(/taxEmail +\S+ +new-tax@example\.com/);
    expect(list.stdout).toMatch(/1 members with business changes waiting for review\./);

    const ok = await admin(['approve-changes', 'buyer@example.com']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/Applied the business changes of buyer@example\.com .*와인바 포도 2호점/);
    expect(await profileOf(id)).toMatchObject({ companyName: '와인바 포도 2호점', taxEmail: 'new-tax@example.com', pendingChanges: null });
    expect((await smtp.waitFor((m) => m.to === 'buyer@example.com' && /변경 승인/.test(m.subject))).text).toContain('와인바 포도 2호점');
    const none = await admin(['approve-changes', 'buyer@example.com']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/Error: This member has no business detail changes waiting for review\./);

    await askForChanges({ representative: '김대표' });
    const rejected = await admin(['reject-changes', 'buyer@example.com', 'Send', 'the', 'new', 'certificate.']);
    expect(rejected.code, rejected.stderr).toBe(0);
    expect(rejected.stdout).toMatch(/Rejected the business changes of buyer@example\.com .*Send the new certificate\./);
    expect(await profileOf(id)).toMatchObject({ representative: '김바이어', pendingChanges: null, pendingSince: null });
    expect((await smtp.waitFor((m) => m.to === 'buyer@example.com' && /변경 반려/.test(m.subject))).text).toContain(
      '사유: Send the new certificate.',
    );
  }, 120_000);

  it.runIf(!usingPostgres())(
    'works through the running server while it holds the embedded database',
    async () => {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        JWT_SECRET: TEST_JWT_SECRET,
        SMTP_URL: smtp.url,
        DEMO_DATA: 'false',
      });
      const lock = tryAcquireDataDirLock(dataDir);
      if ('heldBy' in lock) throw new Error('DATA_DIR is held');
      const app = await createServer({ config, logger: false });
      try {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const port = (app.server.address() as { port: number }).port;
        writeServerPort(dataDir, port);
        await app.deps.db.db
          .insert(users)
          .values({ email: 'applicant@example.com', passwordHash: 'x', fullName: '신청자', status: 'PENDING' });

        const reject = await admin(['reject', 'applicant@example.com', 'The', 'scan', 'is', 'blurry.']);
        expect(reject.code, reject.stderr).toBe(0);
        expect(reject.stdout).toMatch(/Rejected applicant@example\.com .*The scan is blurry\./);
        expect(reject.stderr).toContain(`via the running server on port ${port}`);
        const [row] = await app.deps.db.db.select().from(users).where(eq(users.email, 'applicant@example.com'));
        expect(row).toMatchObject({ status: 'REJECTED', rejectReason: 'The scan is blurry.', reviewedBy: null });
        expect((await smtp.waitFor((m) => m.to === 'applicant@example.com')).text).toContain('The scan is blurry.');

        const list = await admin(['members', '--status=REJECTED']);
        expect(list.code, list.stderr).toBe(0);
        expect(list.stdout).toMatch(/applicant@example\.com/);
        const refused = await admin(['reject', 'applicant@example.com', 'again']);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/not waiting for review/);

        // Business changes go through the server's admin API too.
        const buyer = first(await app.deps.db.db.select().from(users).where(eq(users.email, 'buyer@example.com')));
        await app.deps.db.db
          .update(businessProfiles)
          .set({ pendingChanges: { companyName: '와인바 포도 3호점' }, pendingSince: new Date() })
          .where(eq(businessProfiles.userId, buyer.id));
        const changes = await admin(['changes']);
        expect(changes.code, changes.stderr).toBe(0);
        expect(changes.stdout).toMatch(/companyName +\S+( \S+)* +와인바 포도 3호점/);
        const applied = await admin(['approve-changes', 'buyer@example.com']);
        expect(applied.code, applied.stderr).toBe(0);
        const [profile] = await app.deps.db.db.select().from(businessProfiles).where(eq(businessProfiles.userId, buyer.id));
        expect(profile).toMatchObject({ companyName: '와인바 포도 3호점', pendingChanges: null });

        // A CLI with another secret is refused by the server, with a hint.
        const wrongSecret = await admin(['members'], { JWT_SECRET: `${TEST_JWT_SECRET}-not-the-same` });
        expect(wrongSecret.code).toBe(1);
        expect(wrongSecret.stderr).toMatch(/JWT_SECRET/);
      } finally {
        await app.close();
        lock.release();
      }
    },
    120_000,
  );

  it('moves an order along: the deposit received, then shipped; a move the state machine refuses fails', async () => {
    const handle = await openTestDb();
    let oid: string;
    try {
      const rows = await handle.db.execute(sql`
        insert into orders (oid, user_id, type, status, payment_method, subtotal, supply_amount, vat, total, pay_amount, buyer, deposit_deadline)
        select '20261124-990001', id, 'PICKUP', 'AWAITING_DEPOSIT', 'BANK_TRANSFER', 100000, 100000, 10000, 110000, 110000,
          '{"fullName":"김바이어","email":"buyer@example.com","mobile":null,"companyName":"와인바 포도","businessNumber":null}'::jsonb,
          now() + interval '3 days'
        from users where email = 'buyer@example.com' returning oid`);
      oid = (rows as unknown as { rows: { oid: string }[] }).rows[0]?.oid ?? '';
    } finally {
      await handle.close();
    }
    expect((await admin(['order', oid, 'sideways'])).code).toBe(2);
    expect((await admin(['order', 'not-an-oid', 'PAID'])).code).toBe(2);
    const paid = await admin(['order', oid, 'paid', '입금', '확인']);
    expect(paid.code, paid.stderr).toBe(0);
    expect(paid.stdout).toMatch(new RegExp(`Order ${oid} is now PAID \\(와인바 포도, total 110,000 KRW\\)`));
    await smtp.waitFor((m) => m.subject.includes(`주문 ${oid}: 결제 완료`));
    const refused = await admin(['order', oid, 'DELIVERED']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/not possible while the order is Paid/);
  }, 120_000);
  it('lists the messages that could not be sent and sends one again', async () => {
    const handle = await openTestDb();
    let id: number;
    try {
      const rows = await handle.db.execute(sql`
        insert into outbox_messages (channel, purpose, recipient, subject, body, status, attempts, last_error)
        values ('mail', 'order-paid', 'buyer@example.com', '[포도 와인] 주문 20261124-990002: 결제 완료', '입금이 확인되었습니다.',
          'failed', 30, 'SMTP delivery failed: connect ECONNREFUSED 127.0.0.1:25')
        returning id`);
      id = Number((rows as unknown as { rows: { id: number }[] }).rows[0]?.id);
    } finally {
      await handle.close();
    }
    expect((await admin(['outbox', 'lost'])).code).toBe(2);
    expect((await admin(['outbox', 'retry', 'x'])).code).toBe(2);
    const list = await admin(['outbox']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^${id}\\s+failed\\s+mail\\s+order-paid\\s+buyer@example.com\\s+30 .*ECONNREFUSED`, 'm'));
    // Earlier tests of this file leave messages of their own.
    expect(list.stdout).toMatch(/Outbox: [1-9]\d* failed, \d+ waiting, \d+ being sent, \d+ sent\./);
    const retry = await admin(['outbox', 'retry', String(id)]);
    expect(retry.code, retry.stderr).toBe(0);
    expect(retry.stdout).toContain(`Message ${id} (mail to buyer@example.com) is waiting to be sent again.`);
    // Sent as the command ended (or by the server's worker, when one runs).
    await smtp.waitFor((m) => m.subject.includes('20261124-990002'), 20_000);
    const again = await admin(['outbox', 'retry', String(id)]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/Only a failed message can be sent again/);
  }, 120_000);
});
