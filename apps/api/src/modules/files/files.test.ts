import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@podo/api';
import { uploadedFiles } from '@podo/db';
import {
  auth,
  createAccountTestApp,
  FILES,
  freshIp,
  loginToken,
  multipartBody,
  signUp,
  uploadCertificate,
  type AccountTestApp,
} from '../../../../../tests/helpers/accounts';
import { first } from '../../../../../tests/helpers/items';
import { closedPort, silentServer, startFakeS3, type FakeS3 } from '../../../../../tests/helpers/s3-server';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { uploadsDir } from '../../lib/uploads';

/** A JPEG with EXIF text and HTML appended after its end: what an upload must not keep. */
async function taintedJpeg(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#7a1f3d' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'EXIF-SECRET-GPS' } })
    .toBuffer();
  expect(jpeg.includes('EXIF-SECRET-GPS')).toBe(true);
  return Buffer.concat([jpeg, Buffer.from('<script>alert(document.cookie)</script>')]);
}

const UNSAFE_PDF = Buffer.from(
  '%PDF-1.7\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF\n',
);

type Storage = 'data directory' | 'S3';

describe.each<Storage>(['data directory', 'S3'])('files in the %s', (storage) => {
  let s3: FakeS3 | undefined;
  let t: AccountTestApp;
  let buyer: string;
  beforeAll(async () => {
    if (storage === 'S3') s3 = await startFakeS3();
    t = await createAccountTestApp(s3?.env ?? {});
    buyer = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const upload = (
    url: '/api/v1/files/images' | '/api/v1/files',
    file: { name: string; bytes: Buffer; type?: string },
    opts: { token?: string; ip?: string; lang?: string } = {},
  ) => {
    const { payload, headers } = multipartBody({ name: file.name, type: file.type ?? 'application/octet-stream', bytes: file.bytes });
    return t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, 'accept-language': opts.lang ?? 'en-US', ...(opts.token ? auth(opts.token) : {}) },
      remoteAddress: opts.ip ?? freshIp(),
    });
  };
  const download = (query: string, app: App = t.app) => app.inject({ method: 'GET', url: `/api/v1/file-download?${query}` });
  const rowOf = async (id: string) => first(await t.db.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, id)));

  it('keeps the bytes where the configuration says', () => {
    expect(t.app.deps.storage.kind).toBe(storage === 'S3' ? 's3' : 'dir');
  });

  it('stores a member’s image encoded again: no EXIF, nothing appended; answers where it can be fetched', async () => {
    const r = await upload(
      '/api/v1/files/images',
      { name: '라벨 사진.jpeg', type: 'image/jpeg', bytes: await taintedJpeg() },
      { token: buyer },
    );
    expect(r.statusCode, r.body).toBe(201);
    const data = r.json().data;
    expect(data).toMatchObject({ name: '라벨 사진.jpg', mime: 'image/jpeg' });
    expect(data.url).toBe(`/api/v1/file-download?id=${data.id}&filename=${encodeURIComponent('라벨 사진.jpg').replace(/%20/g, '+')}`);
    const row = await rowOf(data.id);
    expect(row).toMatchObject({ purpose: 'IMAGE', size: data.size });
    expect(row.ownerUserId).not.toBeNull();

    const d = await t.app.inject({ method: 'GET', url: data.url });
    expect(d.statusCode).toBe(200);
    const bytes = d.rawPayload;
    expect(bytes.length).toBe(data.size);
    expect(bytes.includes('EXIF-SECRET-GPS')).toBe(false);
    expect(bytes.includes('<script')).toBe(false);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256);
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');
    expect(d.headers['content-type']).toBe('image/jpeg');
    expect(d.headers['content-disposition']).toBe(
      `attachment; filename="__ __.jpg"; filename*=UTF-8''${encodeURIComponent('라벨 사진.jpg')}`,
    );
    expect(d.headers['x-content-type-options']).toBe('nosniff');
    expect(d.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(d.headers['cache-control']).toBe('private, no-store');
  });

  it('needs a token for images, and takes only JPG, PNG and WEBP there', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    expect((await upload('/api/v1/files/images', { name: 'a.png', bytes: png })).json().code).toBe('UNAUTHORIZED');
    expect((await upload('/api/v1/files/images', { name: 'a.png', bytes: png }, { token: buyer })).statusCode).toBe(201);
    expect((await upload('/api/v1/files/images', { name: 'a.webp', bytes: FILES.webp }, { token: buyer })).statusCode).toBe(201);
    const pdf = await upload('/api/v1/files/images', { name: 'menu.pdf', bytes: FILES.pdf }, { token: buyer });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    const html = await upload('/api/v1/files/images', { name: 'x.jpg', type: 'image/jpeg', bytes: FILES.text }, { token: buyer });
    expect(html.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
  });

  it('takes PDFs and images at POST /files, also without a token, and refuses unsafe PDFs, other types and big files', async () => {
    const before = (await t.db.db.select({ id: uploadedFiles.id }).from(uploadedFiles)).length;
    const pdf = await upload('/api/v1/files', { name: '와인 리스트.pdf', bytes: FILES.pdf });
    expect(pdf.statusCode, pdf.body).toBe(201);
    const row = await rowOf(pdf.json().data.id);
    expect(row).toMatchObject({ purpose: 'FILE', mime: 'application/pdf', originalName: '와인 리스트.pdf', ownerUserId: null });
    const withToken = await upload('/api/v1/files', { name: 'x.jpg', bytes: await taintedJpeg() }, { token: buyer });
    expect(withToken.statusCode).toBe(201);
    expect((await rowOf(withToken.json().data.id)).ownerUserId).not.toBeNull();

    const unsafe = await upload('/api/v1/files', { name: 'a.pdf', bytes: UNSAFE_PDF });
    expect(unsafe.statusCode).toBe(422);
    expect(unsafe.json().code).toBe('FILE_UNSAFE');
    expect((await upload('/api/v1/files', { name: 'a.txt', bytes: FILES.text })).statusCode).toBe(415);
    const big = Buffer.concat([FILES.pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const large = await upload('/api/v1/files', { name: 'big.pdf', bytes: big });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ code: 'FILE_TOO_LARGE', message: 'The file is too large. Files up to 10 MB can be uploaded.' });
    expect((await upload('/api/v1/files', { name: 'a.pdf', bytes: Buffer.alloc(0) })).json().code).toBe('FILE_REQUIRED');
    expect((await t.db.db.select({ id: uploadedFiles.id }).from(uploadedFiles)).length).toBe(before + 2);
  });

  it('limits anonymous uploads per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await upload('/api/v1/files', { name: 'a.pdf', bytes: FILES.pdf }, { ip })).statusCode).toBe(201);
    const over = await upload('/api/v1/files', { name: 'a.pdf', bytes: FILES.pdf }, { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('TOO_MANY_REQUESTS');
    // A member is counted by account, not by the address.
    expect((await upload('/api/v1/files', { name: 'a.pdf', bytes: FILES.pdf }, { ip, token: buyer })).statusCode).toBe(201);
  });

  it('offers the file under the asked name, cleaned and with the stored type’s extension', async () => {
    const id = (await upload('/api/v1/files', { name: 'list.pdf', bytes: FILES.pdf })).json().data.id;
    const asked = await download(`id=${id}&filename=${encodeURIComponent('../../메뉴\u202Egpj.html')}`);
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toBe('application/pdf');
    expect(asked.headers['content-disposition']).toBe(
      `attachment; filename="__gpj.pdf"; filename*=UTF-8''${encodeURIComponent('메뉴gpj.pdf')}`,
    );
    expect(asked.rawPayload.equals(FILES.pdf)).toBe(true);
    expect((await download(`id=${id}`)).headers['content-disposition']).toContain(`filename="list.pdf"`);
    expect((await download(`id=${id}&filename=`)).headers['content-disposition']).toContain(`filename="list.pdf"`);
  });

  it('never serves a business certificate by the public call; unknown ids are 404, bad ones 400', async () => {
    const certificate = await uploadCertificate(t);
    const r = await download(`id=${certificate}`);
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe('NOT_FOUND');
    expect((await download('id=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await download('id=../../etc/passwd')).statusCode).toBe(400);
    expect((await download('')).statusCode).toBe(400);
  });

  it('still takes the certificate at sign-up and serves it to its member', async () => {
    const member = await signUp(t);
    const row = await rowOf(member.fileId);
    expect(row.purpose).toBe('CERTIFICATE');
    expect(await t.app.deps.storage.exists(row.storageKey)).toBe(true);
    // On S3 nothing is written to this machine's data directory.
    const local = existsSync(path.join(uploadsDir(t.dataDir), row.storageKey));
    expect(local).toBe(storage === 'data directory');
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/me/certificate', headers: auth(member.token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(FILES.pdf)).toBe(true);
  });

  it.runIf(storage === 'S3')('shares the files between server processes on the same database and bucket', async () => {
    // A second app (another process, on another machine: its own empty data directory) on the same database.
    const otherDir = mkdtempSync(path.join(tmpdir(), 'podo-other-'));
    const other = await buildApp({ config: { ...t.config, dataDir: otherDir }, db: t.db, logger: false });
    try {
      const fromOther = await other.inject({
        method: 'POST',
        url: '/api/v1/files',
        ...multipartBody({ name: 'from-b.pdf', type: 'application/pdf', bytes: FILES.pdf }),
        remoteAddress: freshIp(),
      });
      expect(fromOther.statusCode, fromOther.body).toBe(201);
      const seen = await download(`id=${fromOther.json().data.id}`);
      expect(seen.statusCode).toBe(200);
      expect(seen.rawPayload.equals(FILES.pdf)).toBe(true);

      const fromFirst = (await upload('/api/v1/files/images', { name: 'a.jpg', bytes: await taintedJpeg() }, { token: buyer })).json().data;
      const there = await download(`id=${fromFirst.id}`, other);
      expect(there.statusCode).toBe(200);
      expect(there.rawPayload.length).toBe(fromFirst.size);
      expect(readdirSync(otherDir)).not.toContain('uploads');
    } finally {
      await other.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});

describe('file storage faults', () => {
  const image = () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();

  async function faultyApp(env: Record<string, string>): Promise<{ t: TestApp; token: string }> {
    const t = await createTestApp({
      S3_BUCKET: 'podo-files',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_TIMEOUT_MS: '300',
      ...env,
    });
    return { t, token: await loginToken(t, 'buyer@example.com', 'Buyer!2345') };
  }

  async function expectUnavailable(t: TestApp, token: string) {
    const { payload, headers } = multipartBody({ name: 'a.png', type: 'image/png', bytes: await image() });
    const started = Date.now();
    const up = await t.app.inject({ method: 'POST', url: '/api/v1/files/images', payload, headers: { ...headers, ...auth(token) } });
    expect(up.statusCode, up.body).toBe(503);
    expect(up.json().code).toBe('SERVICE_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await t.db.db.select().from(uploadedFiles)).toEqual([]);

    // A file whose row is there while the store does not answer.
    const [row] = await t.db.db
      .insert(uploadedFiles)
      .values({ purpose: 'FILE', originalName: 'a.pdf', mime: 'application/pdf', size: 3, sha256: '0'.repeat(64), storageKey: 'abc123' })
      .returning();
    const down = await t.app.inject({ method: 'GET', url: `/api/v1/file-download?id=${row!.id}` });
    expect(down.statusCode).toBe(503);
    expect(down.json().code).toBe('SERVICE_UNAVAILABLE');
  }

  it('answers 503 (not 500) when the S3 server is down', async () => {
    const { t, token } = await faultyApp({ S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` });
    try {
      await expectUnavailable(t, token);
    } finally {
      await t.close();
    }
  });

  it('answers 503 within the time limit when the S3 server hangs', async () => {
    const hang = await silentServer();
    const { t, token } = await faultyApp({ S3_ENDPOINT: `http://127.0.0.1:${hang.port}` });
    try {
      await expectUnavailable(t, token);
    } finally {
      await t.close();
      await hang.close();
    }
  });

  it('answers 503 when the store refuses the keys, and 404 for an object that is not there', async () => {
    const s3 = await startFakeS3();
    const { t, token } = await faultyApp({ ...s3.env, S3_ACCESS_KEY_ID: 'WRONG', S3_SECRET_ACCESS_KEY: 'WRONG' });
    try {
      await expectUnavailable(t, token);
    } finally {
      await t.close();
    }
    const good = await createTestApp(s3.env, { seed: false });
    try {
      const [row] = await good.db.db
        .insert(uploadedFiles)
        .values({ purpose: 'FILE', originalName: 'a.pdf', mime: 'application/pdf', size: 3, sha256: '0'.repeat(64), storageKey: 'gone' })
        .returning();
      const r = await good.app.inject({ method: 'GET', url: `/api/v1/file-download?id=${row!.id}` });
      expect(r.statusCode).toBe(404);
      expect(await good.app.deps.storage.get('gone')).toBeNull();
      await good.app.deps.storage.delete('gone');
    } finally {
      await good.close();
      await s3.close();
    }
  });
});
