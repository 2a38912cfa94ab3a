import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedFiles } from '@podo/db';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { purgeUnclaimedUploads, storeUpload, uploadsDir } from './uploads';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'podo-uploads-'));
  t = await createTestApp({ DATA_DIR: dataDir }, { seed: false });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('unclaimed uploads', () => {
  it('deletes rows and bytes of uploads nobody claimed within a day, and keeps recent and claimed ones', async () => {
    const db = t.db.db;
    const file = { purpose: 'CERTIFICATE', name: 'a.pdf', mime: 'application/pdf', bytes: Buffer.from('%PDF-1.4 test') };
    const old = await storeUpload(db, dataDir, file);
    const recent = await storeUpload(db, dataDir, file);
    await db
      .update(uploadedFiles)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(uploadedFiles.id, old.id));
    expect(existsSync(path.join(uploadsDir(dataDir), old.storageKey))).toBe(true);

    expect(await purgeUnclaimedUploads(db, dataDir)).toBe(1);
    expect(existsSync(path.join(uploadsDir(dataDir), old.storageKey))).toBe(false);
    expect(existsSync(path.join(uploadsDir(dataDir), recent.storageKey))).toBe(true);
    const left = await db.select({ id: uploadedFiles.id }).from(uploadedFiles);
    expect(left.map((r) => r.id)).toEqual([recent.id]);
  });
});
