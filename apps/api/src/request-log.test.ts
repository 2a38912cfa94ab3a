import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@podo/api';
import { loadConfig } from '@podo/config';
import { migrateDatabase, openDatabase, type DbHandle } from '@podo/db';

// Issue 18 point 5: on a terminal the server writes one line a person can read per request.
const lines: Record<string, unknown>[] = [];
let app: App;
let db: DbHandle;
beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789' });
  db = await openDatabase({});
  await migrateDatabase(db);
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  app = await buildApp({ config, db, logger: { level: 'info', stream }, requestLog: 'line' });
});
afterAll(async () => {
  await app.close();
  await db.close();
});

describe('request log lines', () => {
  it('writes one line per request with method, URL, status and time, errors at error level', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/v1/setting/language' });
    await app.inject({ method: 'GET', url: '/api/v1/no-such-call' });
    const msgs = lines.map((l) => l.msg as string);
    expect(msgs).toHaveLength(2);
    expect(msgs[0]).toMatch(/^GET \/api\/v1\/setting\/language 200 [\d.]+ ms$/);
    expect(msgs[1]).toMatch(/^GET \/api\/v1\/no-such-call 404 [\d.]+ ms$/);
    expect(lines.every((l) => l.level === 30)).toBe(true);
  });
});
