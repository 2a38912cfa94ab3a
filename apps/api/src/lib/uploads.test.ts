import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessProfiles, uploadedFiles, users } from '@podo/db';
import {
  auth,
  createAccountTestApp,
  FILES,
  freshContact,
  freshIp,
  staffToken,
  multipartBody,
  signupBody,
  verifyCode,
  type AccountTestApp,
} from '../../../../tests/helpers/accounts';
import { pdfActiveContent, purgeUnclaimedUploads, safeFileName, storeUpload, uploadsDir } from './uploads';
import { first } from '../../../../tests/helpers/items';

let t: AccountTestApp;
let admin: string;
beforeAll(async () => {
  t = await createAccountTestApp();
  admin = await staffToken(t, 'admin@example.com');
});
afterAll(() => t.close());

const db = () => t.db.db;

function upload(file: { name: string; bytes: Buffer; type?: string }, lang = 'en-US') {
  const { payload, headers } = multipartBody({ name: file.name, type: file.type ?? 'application/octet-stream', bytes: file.bytes });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/signup/certificate',
    payload,
    headers: { ...headers, 'accept-language': lang },
    remoteAddress: freshIp(),
  });
}

/** A PENDING member signed up through the API with this certificate; returns the member's id. */
async function memberWith(fileId: string): Promise<number> {
  const contact = freshContact('upload');
  const ip = freshIp();
  await verifyCode(t, { mode: 'SIGNUP_MOBILE', mobile: contact.mobile }, ip);
  await verifyCode(t, { mode: 'SIGNUP_EMAIL', email: contact.email }, ip);
  const r = await t.app.inject({ method: 'POST', url: '/api/v1/signup', payload: signupBody(contact, fileId), remoteAddress: ip });
  expect(r.statusCode, r.body).toBe(201);
  const u = first(await db().select({ id: users.id }).from(users).where(eq(users.email, contact.email)));
  return u.id;
}

const download = (memberId: number) =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin/members/${memberId}/certificate`, headers: auth(admin) });

const storedFiles = () => (existsSync(uploadsDir(t.dataDir)) ? readdirSync(uploadsDir(t.dataDir)).sort() : []);
const rowCount = async () =>
  first(
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(uploadedFiles),
  ).n;

const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
const photo = (format: 'jpeg' | 'png' | 'webp') =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: '#7a1f3d' } })
    .toFormat(format)
    .toBuffer();

/** A minimal PDF around these objects (body text), with a trailer. */
const pdf = (body: string | Buffer) =>
  Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(body), Buffer.from('\ntrailer << /Root 1 0 R >>\n%%EOF\n')]);

/** An object stream (FlateDecode) holding these objects, as PDF 1.5 writers compress dictionaries. */
function objectStream(objects: string, extra = '') {
  const data = zlib.deflateSync(Buffer.from(`2 0 ${objects}`));
  return Buffer.concat([
    Buffer.from(`5 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length}${extra} >>\nstream\n`),
    data,
    Buffer.from('\nendstream\nendobj\n'),
  ]);
}

describe('images are decoded and re-encoded', () => {
  it('refuses a JPEG header followed by HTML (the polyglot) with FILE_INVALID (422) in the language asked; nothing is stored', async () => {
    const rowsBefore = await rowCount();
    const filesBefore = storedFiles();
    const polyglot = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), HTML]);
    const en = await upload({ name: 'evil.html', type: 'image/jpeg', bytes: polyglot });
    expect(en.statusCode).toBe(422);
    expect(en.json()).toEqual({
      code: 'FILE_INVALID',
      message: 'The file could not be read. Please upload an undamaged JPG, PNG or WEBP image or a PDF file.',
    });
    const ko = await upload({ name: 'evil.html', bytes: polyglot }, 'ko-KR');
    expect(ko.json().message).toBe('파일을 읽을 수 없습니다. 손상되지 않은 JPG, PNG, WEBP 이미지나 PDF 파일을 올려 주세요.');
    // A PNG or WEBP header on something else fails the same way.
    for (const header of [FILES.png.subarray(0, 16), FILES.webp.subarray(0, 16)]) {
      const r = await upload({ name: 'x.png', bytes: Buffer.concat([header, HTML]) });
      expect(r.json().code).toBe('FILE_INVALID');
    }
    expect(await rowCount()).toBe(rowsBefore);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('stores a real JPEG with HTML appended as a clean JPEG: no HTML in the stored or downloaded bytes, named .jpg', async () => {
    const jpeg = await photo('jpeg');
    const r = await upload({ name: 'evil.html', type: 'text/html', bytes: Buffer.concat([jpeg, HTML]) });
    expect(r.statusCode, r.body).toBe(201);
    const { data } = r.json();
    expect(data).toMatchObject({ name: 'evil.jpg', mime: 'image/jpeg' });

    const row = first(await db().select().from(uploadedFiles).where(eq(uploadedFiles.id, data.id)));
    const stored = readFileSync(path.join(uploadsDir(t.dataDir), row.storageKey));
    expect(stored.includes('<script')).toBe(false);
    expect(stored.includes('html')).toBe(false);
    expect(row.size).toBe(stored.length);
    expect(data.size).toBe(stored.length);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 32, height: 24 });

    const res = await download(await memberWith(data.id));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(stored)).toBe(true);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="evil.jpg"; filename*=UTF-8''evil.jpg`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('re-encodes PNG and WEBP in their own format and drops metadata (EXIF), turning the photo upright', async () => {
    for (const format of ['png', 'webp'] as const) {
      const r = await upload({ name: `scan.${format}`, bytes: await photo(format) });
      expect(r.statusCode, r.body).toBe(201);
      const row = first(await db().select().from(uploadedFiles).where(eq(uploadedFiles.id, r.json().data.id)));
      const meta = await sharp(readFileSync(path.join(uploadsDir(t.dataDir), row.storageKey))).metadata();
      expect(meta.format).toBe(format);
    }
    // A camera JPEG lying on its side (EXIF orientation 6) with a GPS-bearing EXIF block.
    const sideways = await sharp(await photo('jpeg'))
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'SecretCam', Software: 'TrackMe' } })
      .jpeg()
      .toBuffer();
    expect(sideways.includes('SecretCam')).toBe(true);
    const r = await upload({ name: 'phone.jpg', bytes: sideways });
    expect(r.statusCode, r.body).toBe(201);
    const row = first(await db().select().from(uploadedFiles).where(eq(uploadedFiles.id, r.json().data.id)));
    const stored = readFileSync(path.join(uploadsDir(t.dataDir), row.storageKey));
    expect(stored.includes('SecretCam')).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([24, 32]);
  });
});

describe('download names', () => {
  it('cleans the name: no bidi or control characters, no path, the extension of the detected type', async () => {
    const cases = [
      { name: 'evil\u202Egpj.html', bytes: FILES.jpeg, saved: 'evilgpj.jpg' },
      { name: '../../x.html', bytes: FILES.png, saved: 'x.png' },
      { name: '..\\..\\windows\\x.exe', bytes: FILES.pdf, saved: 'x.pdf' },
      { name: 'a\u200Eb\u200Fc\u202Ad\u2066e\u2069f\u200Bg.pdf', bytes: FILES.pdf, saved: 'abcdefg.pdf' },
      { name: '.htaccess', bytes: FILES.webp, saved: 'htaccess.webp' },
      { name: '...', bytes: FILES.pdf, saved: 'certificate.pdf' },
    ];
    for (const c of cases) {
      const r = await upload({ name: c.name, bytes: c.bytes });
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json().data.name).toBe(c.saved);
    }
    // The bidi override case, downloaded: attachment, the clean name in both parameters.
    const id = (await upload({ name: 'invoice\u202Efdp.html', bytes: FILES.pdf })).json().data.id;
    const res = await download(await memberWith(id));
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoicefdp.pdf"; filename*=UTF-8''invoicefdp.pdf`);
    expect(res.headers['content-type']).toBe('application/pdf');
  });

  it('builds names in NFC, keeps Korean, cuts long ones and never ends in an extension the bytes do not have', () => {
    const nfd = '사업자등록증'.normalize('NFD');
    expect(safeFileName(`${nfd}.pdf`, 'application/pdf')).toBe('사업자등록증.pdf');
    expect(safeFileName('a\u0000b\u0007c\u0085d\u001be\u2028f.pdf', 'application/pdf')).toBe('abcdef.pdf');
    expect(safeFileName('../../x.html', 'image/png')).toBe('x.png');
    expect(safeFileName('C:\\Users\\me\\evil\u202Egpj.html', 'image/jpeg')).toBe('evilgpj.jpg');
    expect(safeFileName('scan.JPG.html', 'image/jpeg')).toBe('scan.JPG.jpg');
    expect(safeFileName('a:b*c?"d<e>f|g%h.png', 'image/png')).toBe('abcdefgh.png');
    expect(safeFileName(`${'가'.repeat(300)}.pdf`, 'application/pdf')).toBe(`${'가'.repeat(120)}.pdf`);
    expect(safeFileName(undefined, 'image/webp')).toBe('certificate.webp');
    expect(safeFileName('page.html', 'text/html')).toBe('page.bin');
  });

  it('serves a file stored before these rules under a safe name and type', async () => {
    const fileId = (await upload({ name: 'c.pdf', bytes: FILES.pdf })).json().data.id;
    const memberId = await memberWith(fileId);
    const old = await storeUpload(db(), t.app.deps.storage, {
      purpose: 'CERTIFICATE',
      name: '../evil\u202E.html',
      mime: 'text/html',
      bytes: HTML,
    });
    await db().update(uploadedFiles).set({ ownerUserId: memberId }).where(eq(uploadedFiles.id, old.id));
    await db().update(businessProfiles).set({ certificateFileId: old.id }).where(eq(businessProfiles.userId, memberId));
    const res = await download(memberId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="evil.bin"; filename*=UTF-8''evil.bin`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });
});

describe('PDFs with active content are refused', () => {
  const refused = [
    ['an /OpenAction running JavaScript', pdf('1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj')],
    ['JavaScript behind #xx escapes', pdf('1 0 obj << /Type /Catalog /OpenAction << /S /J#61va#53cript /J#53 (app.alert(1)) >> >> endobj')],
    [
      'a page /AA with a /JS entry only',
      pdf('1 0 obj << /Type /Catalog >> endobj 3 0 obj << /Type /Page /AA << /O << /JS 4 0 R >> >> >> endobj'),
    ],
    ['a /Launch action', pdf('1 0 obj << /Type /Catalog /OpenAction << /S /Launch /F (cmd.exe) >> >> endobj')],
    ['embedded files', pdf('1 0 obj << /Type /Catalog /Names << /EmbeddedFiles 6 0 R >> >> endobj')],
    ['an XFA form', pdf('1 0 obj << /Type /Catalog /AcroForm << /XFA 7 0 R >> >> endobj')],
    ['HTML inside', pdf('1 0 obj << /Type /Catalog >> endobj\n<html><script>alert(1)</script></html>')],
    [
      'JavaScript in a compressed object stream',
      pdf(
        Buffer.concat([
          Buffer.from('1 0 obj << /Type /Catalog /OpenAction 2 0 R >> endobj\n'),
          objectStream('<< /S /JavaScript /JS (app.alert(1)) >>'),
        ]),
      ),
    ],
    [
      'a /JS entry with escapes in a compressed object stream',
      pdf(Buffer.concat([Buffer.from('1 0 obj << /Type /Catalog >> endobj\n'), objectStream('<< /O << /J#53 (app.alert(1)) >> >>')])),
    ],
    [
      'an object stream behind a filter that cannot be read',
      pdf(
        Buffer.concat([
          Buffer.from('1 0 obj << /Type /Catalog >> endobj\n'),
          Buffer.from(objectStream('<< >>').toString('latin1').replace('/FlateDecode', '/LZWDecode'), 'latin1'),
        ]),
      ),
    ],
  ] as const;

  it.each(refused)('refuses %s with FILE_UNSAFE (422), nothing stored', async (_what, bytes) => {
    const before = await rowCount();
    const r = await upload({ name: 'cert.pdf', type: 'application/pdf', bytes: Buffer.from(bytes) });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toEqual({
      code: 'FILE_UNSAFE',
      message:
        'PDF files with scripts, attached files or other active content cannot be uploaded. Please save (print) it again as a PDF, or upload an image.',
    });
    expect(await rowCount()).toBe(before);
  });

  it('accepts plain documents, also with compressed object streams and binary image data', async () => {
    const image = zlib.deflateSync(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
    const plain = pdf(
      Buffer.concat([
        Buffer.from('1 0 obj << /Type /Catalog /Pages 3 0 R /OpenAction [4 0 R /Fit] >> endobj\n'),
        objectStream('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
        Buffer.from(`8 0 obj << /Type /XObject /Subtype /Image /Filter /FlateDecode /Length ${image.length} >>\nstream\n`),
        image,
        Buffer.from('\nendstream\nendobj\n9 0 obj << /Type /Annot /Subtype /Link /A << /S /URI /URI (https://example.com/) >> >> endobj'),
      ]),
    );
    expect(pdfActiveContent(plain)).toBeNull();
    const r = await upload({ name: '사업자등록증.pdf', bytes: plain }, 'ko-KR');
    expect(r.statusCode, r.body).toBe(201);
    const row = first(await db().select().from(uploadedFiles).where(eq(uploadedFiles.id, r.json().data.id)));
    expect(readFileSync(path.join(uploadsDir(t.dataDir), row.storageKey)).equals(plain)).toBe(true);
  });

  it('answers FILE_UNSAFE in Korean', async () => {
    const r = await upload({ name: 'a.pdf', bytes: refused[0][1] }, 'ko-KR');
    expect(r.json().message).toBe(
      '스크립트, 첨부 파일 같은 실행 요소가 있는 PDF는 올릴 수 없습니다. PDF로 다시 저장(인쇄)하거나 이미지로 올려 주세요.',
    );
  });
});

describe('unclaimed uploads', () => {
  it('deletes rows and bytes of uploads nobody claimed within a day, and keeps recent and claimed ones', async () => {
    const file = { purpose: 'CERTIFICATE', name: 'a.pdf', mime: 'application/pdf', bytes: Buffer.from('%PDF-1.4 test') };
    // Start from no unclaimed uploads (the tests above left some).
    await purgeUnclaimedUploads(db(), t.app.deps.storage, -60_000);
    const old = await storeUpload(db(), t.app.deps.storage, file);
    const recent = await storeUpload(db(), t.app.deps.storage, file);
    await db()
      .update(uploadedFiles)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(uploadedFiles.id, old.id));
    expect(existsSync(path.join(uploadsDir(t.dataDir), old.storageKey))).toBe(true);

    expect(await purgeUnclaimedUploads(db(), t.app.deps.storage)).toBe(1);
    expect(existsSync(path.join(uploadsDir(t.dataDir), old.storageKey))).toBe(false);
    expect(existsSync(path.join(uploadsDir(t.dataDir), recent.storageKey))).toBe(true);
    const left = await db()
      .select({ id: uploadedFiles.id })
      .from(uploadedFiles)
      .where(sql`${uploadedFiles.ownerUserId} is null`);
    expect(left.map((r) => r.id)).toEqual([recent.id]);
  });

  it('keeps images and files of POST /files… without an owner: only certificates wait for a claim', async () => {
    const anonymous = await storeUpload(db(), t.app.deps.storage, {
      purpose: 'FILE',
      name: 'menu.pdf',
      mime: 'application/pdf',
      bytes: Buffer.from('%PDF-1.4 menu'),
    });
    await db()
      .update(uploadedFiles)
      .set({ createdAt: sql`now() - interval '30 days'` })
      .where(eq(uploadedFiles.id, anonymous.id));
    await purgeUnclaimedUploads(db(), t.app.deps.storage);
    expect(await t.app.deps.storage.exists(anonymous.storageKey)).toBe(true);
    expect(await db().select({ id: uploadedFiles.id }).from(uploadedFiles).where(eq(uploadedFiles.id, anonymous.id))).toHaveLength(1);
  });
});
