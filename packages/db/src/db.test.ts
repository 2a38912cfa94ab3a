import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempDatabase, usingPostgres } from '../../../tests/helpers/test-app';
import { unpackDataDir } from './unpack';
import {
  AbandonedError,
  migrateDatabase,
  openDatabase,
  rawQuery,
  DEMO_ACCOUNTS,
  seedDemoData,
  staffAccounts,
  users,
  writePgliteTemplate,
  type DbHandle,
} from './index';
import { first } from '../../../tests/helpers/items';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A fresh database of the project's kind (PGlite in memory or a new PostgreSQL database). */
async function freshDb(): Promise<{ handle: DbHandle; url?: string }> {
  if (usingPostgres()) {
    const temp = await createTempDatabase();
    const handle = await openDatabase({ url: temp.url, poolMax: 10 });
    cleanups.push(
      () => temp.drop(),
      () => handle.close(),
    );
    return { handle, url: temp.url };
  }
  const handle = await openDatabase({});
  cleanups.push(() => handle.close());
  return { handle };
}

/** A gzipped ustar archive of regular files. */
function tarGz(files: { name: string; data: string }[]): Buffer {
  const blocks: Buffer[] = [];
  for (const f of files) {
    const header = Buffer.alloc(512);
    header.write(f.name, 0, 'latin1');
    header.write('0000600\0', 100);
    header.write(`${f.data.length.toString(8).padStart(11, '0')}\0`, 124);
    header.write('00000000000\0', 136);
    header.write('        ', 148);
    header.write('0', 156);
    header.write('ustar\0', 257);
    const sum = header.reduce((a, b) => a + b, 0);
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    blocks.push(header, Buffer.from(f.data), Buffer.alloc((512 - (f.data.length % 512)) % 512));
  }
  return gzipSync(Buffer.concat([...blocks, Buffer.alloc(1024)]));
}

describe('migrations and demo data', () => {
  it('loads demo data once on an empty database and never again', async () => {
    const { handle, url } = await freshDb();
    await migrateDatabase(handle, url);
    await migrateDatabase(handle, url); // applying twice is a no-op
    expect(await seedDemoData(handle.db)).toBe(true);
    expect(await seedDemoData(handle.db)).toBe(false);
    const rows = await handle.db.select().from(users);
    expect(rows.map((u) => u.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    // One member of staff per role, each with an authenticator set up.
    expect(
      rows
        .filter((u) => u.staffRole)
        .map((u) => u.staffRole)
        .sort(),
    ).toEqual(['admin', 'sales', 'warehouse']);
    expect((await handle.db.select().from(staffAccounts)).filter((a) => a.totpSecret)).toHaveLength(3);
    expect(rows.every((u) => u.passwordHash.startsWith('$argon2id$'))).toBe(true);
  });

  it('never loads demo data into a database that already has data', async () => {
    const { handle, url } = await freshDb();
    await migrateDatabase(handle, url);
    await handle.db.insert(users).values({ email: 'real@customer.kr', passwordHash: 'x', fullName: '실고객' });
    expect(await seedDemoData(handle.db)).toBe(false);
    expect(await handle.db.select().from(users)).toHaveLength(1);
  });

  it.runIf(usingPostgres())('migrates and seeds exactly once when several processes start together (PostgreSQL)', async () => {
    const { url } = await freshDb();
    const handles = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ url, poolMax: 4 })));
    cleanups.push(() => Promise.all(handles.map((h) => h.close())).then(() => {}));
    await Promise.all(handles.map((h) => migrateDatabase(h, url)));
    const results = await Promise.all(handles.map((h) => seedDemoData(h.db)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await first(handles).db.select().from(users)).toHaveLength(DEMO_ACCOUNTS.length);
  });

  it.runIf(!usingPostgres())('keeps embedded data across a restart (PGlite in DATA_DIR)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'podo-pglite-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const first = await openDatabase({ dataDir: dir });
    await migrateDatabase(first);
    await seedDemoData(first.db);
    await first.db.update(users).set({ fullName: '변경된 이름' }).where(eq(users.email, 'buyer@example.com'));
    await first.close();

    const second = await openDatabase({ dataDir: dir });
    cleanups.push(() => second.close());
    await migrateDatabase(second);
    expect(await seedDemoData(second.db)).toBe(false);
    const [buyer] = await second.db.select().from(users).where(eq(users.email, 'buyer@example.com'));
    if (!buyer) throw new Error('the seeded buyer is missing');
    expect(buyer.fullName).toBe('변경된 이름');
  });

  it.runIf(!usingPostgres())(
    'starts a new DATA_DIR from a build template, empty or with the demo data, and falls back when it is unreadable',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'podo-tpl-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const template = path.join(dir, 'template.tar.gz');
      await writePgliteTemplate(template);
      const db = await openDatabase({ dataDir: path.join(dir, 'a'), template });
      await migrateDatabase(db);
      expect(await seedDemoData(db.db)).toBe(true);
      await db.close();
      const again = await openDatabase({ dataDir: path.join(dir, 'a'), template });
      expect(await again.db.select().from(users)).toHaveLength(DEMO_ACCOUNTS.length);
      await again.close();

      // A template prepared at build time (migrated, demo data loaded): a new DATA_DIR has the data at once, and the
      // start-up's migrate and seed find nothing left to do.
      const demo = path.join(dir, 'demo.tar.gz');
      await writePgliteTemplate(demo, async (h) => {
        await migrateDatabase(h);
        await seedDemoData(h.db);
      });
      const fromDemo = await openDatabase({ dataDir: path.join(dir, 'c'), template: demo });
      cleanups.push(() => fromDemo.close());
      expect(await fromDemo.db.select().from(users)).toHaveLength(DEMO_ACCOUNTS.length);
      await migrateDatabase(fromDemo);
      expect(await seedDemoData(fromDemo.db)).toBe(false);
      expect(await fromDemo.db.select().from(users)).toHaveLength(DEMO_ACCOUNTS.length);

      // A first start that stopped half-way left a directory without PG_VERSION (and maybe the unpacking one): the
      // next start begins again from the template.
      mkdirSync(path.join(dir, 'd', 'pglite'), { recursive: true });
      writeFileSync(path.join(dir, 'd', 'pglite', 'postgresql.conf'), 'half-written');
      mkdirSync(path.join(dir, 'd', 'pglite.unpacking', 'base'), { recursive: true });
      const resumed = await openDatabase({ dataDir: path.join(dir, 'd'), template: demo });
      cleanups.push(() => resumed.close());
      expect(await resumed.db.select().from(users)).toHaveLength(DEMO_ACCOUNTS.length);
      expect(existsSync(path.join(dir, 'd', 'pglite.unpacking'))).toBe(false);

      const broken = path.join(dir, 'broken.tar.gz');
      writeFileSync(broken, 'not a tarball');
      const fallback = await openDatabase({ dataDir: path.join(dir, 'b'), template: broken });
      cleanups.push(() => fallback.close());
      await migrateDatabase(fallback);
      expect(await seedDemoData(fallback.db)).toBe(true);

      // A tarball whose entry points outside the data directory writes nothing there, and the start falls back too.
      const escaping = path.join(dir, 'escaping.tar.gz');
      writeFileSync(escaping, tarGz([{ name: '../escaped', data: 'x' }]));
      expect(() => unpackDataDir(tarGz([{ name: '../escaped', data: 'x' }]), path.join(dir, 'u'))).toThrow(/outside/);
      const contained = await openDatabase({ dataDir: path.join(dir, 'e'), template: escaping });
      cleanups.push(() => contained.close());
      await migrateDatabase(contained);
      expect(await seedDemoData(contained.db)).toBe(true);
      expect(existsSync(path.join(dir, 'escaped'))).toBe(false);
      expect(existsSync(path.join(dir, 'e', 'escaped'))).toBe(false);
    },
    // Builds two templates and migrates four databases in WebAssembly: about 20 s alone, 90-110 s beside the other
    // test files on a slow two-core host.
    180_000,
  );
});

describe.runIf(usingPostgres())('rawQuery on PostgreSQL', () => {
  it('runs nothing for a caller that gave up while it waited for a free connection', async () => {
    const temp = await createTempDatabase();
    const handle = await openDatabase({ url: temp.url, poolMax: 1 });
    cleanups.push(
      () => temp.drop(),
      () => handle.close(),
    );
    await rawQuery(handle.db, 'create sequence ran', []);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // The pool's only connection is busy in this transaction, so the next statement waits for it.
    const holding = handle.db.transaction(async () => held);
    const leaving = new AbortController();
    const waiting = rawQuery(handle.db, "select nextval('ran')", [], () => leaving.signal.aborted).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    leaving.abort();
    release();
    await holding;
    expect(await waiting).toBeInstanceOf(AbandonedError);
    const staying = new AbortController();
    expect((await rawQuery(handle.db, "select nextval('ran')::int as n", [], () => staying.signal.aborted)).rows).toEqual([{ n: 1 }]);
  });
});

describe.runIf(usingPostgres())('listen on PostgreSQL', () => {
  it('receives notifications, and after its backend is terminated connects again and says so', async () => {
    const { handle } = await freshDb();
    const reported: Error[] = [];
    handle.onConnectionError = (err) => reported.push(err);
    const messages: string[] = [];
    const events: string[] = [];
    const l = handle.listen!('cache_test', {
      message: (m) => messages.push(m),
      listening: () => events.push('listening'),
      lost: () => events.push('lost'),
    });
    cleanups.push(() => l.close());
    await l.ready;
    expect(events).toEqual(['listening']);
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 25));
      expect(done()).toBe(true);
    };

    // Sent at commit, never for a rollback.
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('cache_test', 'one')`);
    });
    await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('cache_test', 'rolled back')`);
        throw new Error('rollback');
      })
      .catch(() => {});
    await handle.db.execute(sql`select pg_notify('cache_test', 'two')`);
    await until(() => messages.length === 2);
    expect(messages).toEqual(['one', 'two']);

    await handle.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'cache-listen' and datname = current_database()`);
    await until(() => events.length === 3);
    expect(events).toEqual(['listening', 'lost', 'listening']);
    expect(reported.length).toBeGreaterThan(0);
    await handle.db.execute(sql`select pg_notify('cache_test', 'three')`);
    await until(() => messages.length === 3);
    expect(messages[2]).toBe('three');
  });

  it('settles `ready` when the database cannot be reached, and tries again until closed', async () => {
    const handle = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/nowhere', poolMax: 1 });
    cleanups.push(() => handle.close());
    const lost: number[] = [];
    const l = handle.listen!('cache_test', { message: () => {}, listening: () => {}, lost: (_err, retryMs) => lost.push(retryMs) });
    await l.ready;
    await new Promise((r) => setTimeout(r, 400));
    await l.close();
    const attempts = lost.length;
    // Each failure doubles the pause before the next attempt.
    expect(lost.slice(0, 2)).toEqual([100, 200]);
    await new Promise((r) => setTimeout(r, 500));
    expect(lost.length).toBe(attempts);
  });
});
