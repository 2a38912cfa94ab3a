import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@podo/db';
import { FILES, freshIp, loginToken, staffToken, multipartBody } from '../../../../../tests/helpers/accounts';
import { startSmtpServer, type TestSmtpServer } from '../../../../../tests/helpers/smtp-server';
import { createTestApp, usingPostgres, type TestApp } from '../../../../../tests/helpers/test-app';
import { insertMember } from '../wines/test-fixtures';

let t: TestApp;
let smtp: TestSmtpServer;
let dataDir: string;
let buyer: string;
let other: string;
let admin: string;
beforeAll(async () => {
  smtp = await startSmtpServer();
  dataDir = mkdtempSync(path.join(tmpdir(), 'qnas-'));
  t = await createTestApp({ SMTP_URL: smtp.url, DATA_DIR: dataDir });
  buyer = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
  admin = await staffToken(t, 'admin@example.com');
  const id = await insertMember(t.db.db, 'other@example.com');
  other = (await t.app.deps.tokens.sign({ sub: String(id), ver: 0 }, 600)).token;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object, lang = 'ko-KR') =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload,
    headers: { 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    remoteAddress: freshIp(),
  });
const upload = (token: string | undefined, file: { name: string; type: string; bytes: Buffer }) => {
  const body = multipartBody(file);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/qnas/file/upload',
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    remoteAddress: freshIp(),
  });
};
const count = async () => rowsOf<{ n: number }>(await t.db.db.execute(sql`select count(*)::int as n from qnas`))[0]!.n;
const category = async (type = 'B2B') => ((await call('GET', `/qnas/categories?type=${type}`)).json().data as { id: number }[])[0]!.id;

describe('1:1 inquiries', () => {
  it('has its category kinds and categories in every installation, in the request language', async () => {
    expect((await call('GET', '/qnas/categories/types')).json().data).toEqual([
      { type: 'B2B', name: '거래·주문 문의' },
      { type: 'BRAND', name: '브랜드·기타 문의' },
    ]);
    const b2b = (await call('GET', '/qnas/categories', undefined, undefined, 'en-US')).json().data as { name: string }[];
    expect(b2b.map((c) => c.name)).toEqual([
      'Orders and payment',
      'Delivery',
      'Returns and exchanges',
      'Tax invoices and receipts',
      'Trade account and level',
    ]);
    expect((await call('GET', '/qnas/categories?type=BRAND')).json().data).toHaveLength(3);
    const bad = await call('GET', '/qnas/categories?type=NOPE');
    expect(bad.statusCode).toBe(400);
    // The field is named as this call means it, not as an order's type.
    expect(bad.json().message).toMatch(/^문의 구분: /);
    expect((await call('GET', '/qnas/categories?type=NOPE', undefined, undefined, 'en-US')).json().message).toMatch(/^Inquiry kind: /);
  });

  it('lets a member write an inquiry with a photo and a PDF, read it, and see it in their list', async () => {
    const photo = await upload(buyer, { name: '파손 사진.jpg', type: 'image/jpeg', bytes: FILES.jpeg });
    expect(photo.statusCode, photo.body).toBe(201);
    const pdf = await upload(buyer, { name: 'invoice.pdf', type: 'application/pdf', bytes: FILES.pdf });
    expect(pdf.statusCode, pdf.body).toBe(201);
    const body = {
      idCategory: await category(),
      title: '배송 중 파손된 병이 있습니다',
      content: '어제 받은 주문에서 한 병이 깨져 있었습니다. 사진을 첨부합니다.',
      files: [photo.json().data.id, pdf.json().data.id],
    };
    const created = await call('POST', '/qnas', buyer, body, 'en-US');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe('Your inquiry is registered.');
    const id = created.json().data.id as number;

    const q = (await call('GET', `/qnas/${id}`, buyer)).json().data;
    expect(q).toMatchObject({
      title: body.title,
      status: 'WAITING',
      statusName: '답변 대기',
      fullName: '김바이어',
      answer: null,
      fileCount: 2,
    });
    expect(q.files.map((f: { name: string }) => f.name)).toEqual(['파손 사진.jpg', 'invoice.pdf']);
    const file = await call('GET', `/qnas/${id}/files/${photo.json().data.id}`, buyer);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');

    const list = (await call('GET', '/qnas', buyer)).json();
    expect(list._embedded.items[0]).toMatchObject({ id, status: 'WAITING' });
    expect((await call('GET', '/qnas?status=ANSWERED', buyer)).json()._embedded.items.some((x: { id: number }) => x.id === id)).toBe(false);
    expect((await call('GET', '/qnas?query=파손', buyer)).json()._embedded.items.map((x: { id: number }) => x.id)).toContain(id);
  });

  it('shows an inquiry to its author and admins only', async () => {
    const id = (
      await call('POST', '/qnas', buyer, {
        idCategory: await category(),
        title: '세금계산서 발행',
        content: '지난달 주문의 세금계산서를 다시 받고 싶습니다.',
      })
    ).json().data.id as number;
    expect((await call('GET', `/qnas/${id}`, other)).statusCode).toBe(404);
    expect((await call('GET', `/qnas/${id}`)).statusCode).toBe(401);
    expect((await call('GET', '/qnas', other)).json()._embedded.items).toEqual([]);
    expect((await call('DELETE', `/qnas/${id}`, other)).statusCode).toBe(404);
    expect((await call('GET', `/qnas/${id}`, admin)).statusCode).toBe(200);
  });

  it('refuses bad input with localized messages and stores nothing', async () => {
    const before = await count();
    const message = async (body: object, lang = 'en-US') => (await call('POST', '/qnas', buyer, body, lang)).json().message as string;
    const good = { idCategory: await category(), title: '문의 제목', content: '열 글자가 넘는 문의 내용입니다.' };
    expect(await message({ ...good, title: '' })).toMatch(/^Title: /);
    expect(await message({ ...good, title: 'x' }, 'ko-KR')).toBe('제목: 제목을 2자 이상 입력해 주세요.');
    expect(await message({ ...good, content: '짧음' })).toMatch(/at least 10/);
    expect(await message({ ...good, title: 'x'.repeat(101) })).toMatch(/^Title: /);
    expect(await message({ ...good, idCategory: 99999 })).toMatch(/99999/);
    expect(await message({ ...good, files: ['not-a-uuid'] })).toMatch(/^Attachments: /);
    const six = Array.from({ length: 6 }, () => '00000000-0000-4000-8000-000000000000');
    expect(await message({ ...good, files: six }, 'ko-KR')).toBe('첨부 파일: 파일은 5개까지 첨부할 수 있습니다.');
    // Someone else's upload, an unknown one, and one already used cannot be attached.
    const theirs = (await upload(other, { name: 'a.png', type: 'image/png', bytes: FILES.png })).json().data.id;
    const r = await call('POST', '/qnas', buyer, { ...good, files: [theirs] }, 'ko-KR');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'QNA_FILE_NOT_FOUND', message: '첨부 파일을 찾을 수 없습니다. 파일을 다시 올려 주세요.' });
    const mine = (await upload(buyer, { name: 'b.png', type: 'image/png', bytes: FILES.png })).json().data.id;
    expect((await call('POST', '/qnas', buyer, { ...good, files: [mine] })).statusCode).toBe(201);
    expect((await call('POST', '/qnas', buyer, { ...good, files: [mine] })).json().code).toBe('QNA_FILE_NOT_FOUND');
    expect(await count()).toBe(before + 1);
    // Uploads: a member's only, images and PDFs checked by their bytes.
    expect((await upload(undefined, { name: 'a.png', type: 'image/png', bytes: FILES.png })).statusCode).toBe(401);
    expect((await upload(buyer, { name: 'x.jpg', type: 'image/jpeg', bytes: FILES.text })).json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    const unsafe = Buffer.from('%PDF-1.7\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF\n');
    expect((await upload(buyer, { name: 'x.pdf', type: 'application/pdf', bytes: unsafe })).json().code).toBe('FILE_UNSAFE');
    expect((await upload(buyer, { name: 'big.png', type: 'image/png', bytes: Buffer.alloc(11 * 1024 * 1024) })).json().code).toBe(
      'FILE_TOO_LARGE',
    );
  });

  it('answers an inquiry from the back office and e-mails the member, who can no longer delete it', async () => {
    const id = (
      await call('POST', '/qnas', buyer, {
        idCategory: await category(),
        title: '반품 절차 문의',
        content: '코르크 불량 와인의 반품 절차를 알려 주세요.',
      })
    ).json().data.id as number;
    expect((await call('POST', `/admin/qnas/${id}/answer`, buyer, { answer: '안녕하세요' })).statusCode).toBe(403);
    expect((await call('POST', `/admin/qnas/${id}/answer`, admin, { answer: '' })).statusCode).toBe(400);
    expect((await call('POST', '/admin/qnas/999999/answer', admin, { answer: '안녕하세요' })).statusCode).toBe(404);
    const queue = (await call('GET', '/admin/qnas?status=WAITING', admin)).json()._embedded.items as { id: number }[];
    expect(queue.map((x) => x.id)).toContain(id);
    const answered = await call('POST', `/admin/qnas/${id}/answer`, admin, { answer: '영업일 기준 2일 안에 회수해 드리겠습니다.' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({ status: 'ANSWERED', answer: '<p>영업일 기준 2일 안에 회수해 드리겠습니다.</p>' });
    await t.deliver();
    const mail = await smtp.waitFor((m) => m.to === 'buyer@example.com' && m.text.includes('반품 절차 문의'));
    expect(mail.text).toContain('영업일 기준 2일 안에 회수해 드리겠습니다.');
    expect(mail.text).toContain(`/mypage/qna/${id}`);
    expect((await call('GET', `/qnas/${id}`, buyer)).json().data).toMatchObject({ status: 'ANSWERED', statusName: '답변 완료' });
    // An editor's HTML is cleaned before it is stored; the mail has its text.
    const html =
      '<p>회수 기사님이 <b onclick="steal()">내일</b> 방문합니다.<script>alert(1)</script></p><img src="https://evil.example/x.png" onerror="alert(2)"><a href="javascript:alert(3)">링크</a>';
    const again = (await call('POST', `/admin/qnas/${id}/answer`, admin, { answer: html })).json().data.answer as string;
    expect(again).toBe('<p>회수 기사님이 내일 방문합니다.</p><a rel="noopener nofollow">링크</a>');
    await t.deliver();
    const second = await smtp.waitFor((m) => m.to === 'buyer@example.com' && m.text.includes('회수 기사님이 내일 방문합니다.'));
    expect(second.text).not.toMatch(/<|script|onclick/);
    const del = await call('DELETE', `/qnas/${id}`, buyer, undefined, 'en-US');
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'QNA_ANSWERED', message: 'An inquiry that has an answer cannot be deleted.' });
  });

  it('deletes an unanswered inquiry with its files, bytes included', async () => {
    const up = (await upload(buyer, { name: 'c.webp', type: 'image/webp', bytes: FILES.webp })).json().data.id as string;
    const id = (
      await call('POST', '/qnas', buyer, {
        idCategory: await category('BRAND'),
        title: '지울 문의',
        content: '잘못 보낸 문의라서 지우려고 합니다.',
        files: [up],
      })
    ).json().data.id as number;
    const [row] = rowsOf<{ storage_key: string }>(
      await t.db.db.execute(sql`select storage_key from uploaded_files where id = ${up}::uuid`),
    );
    expect(readdirSync(path.join(dataDir, 'uploads'))).toContain(row!.storage_key);
    const r = await call('DELETE', `/qnas/${id}`, buyer);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe('문의를 삭제했습니다.');
    expect((await call('GET', `/qnas/${id}`, buyer)).statusCode).toBe(404);
    expect(rowsOf(await t.db.db.execute(sql`select 1 from uploaded_files where id = ${up}::uuid`))).toEqual([]);
    expect(readdirSync(path.join(dataDir, 'uploads'))).not.toContain(row!.storage_key);
  });

  it(`attaches one upload to one inquiry when two are sent at once (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const up = (await upload(buyer, { name: 'd.png', type: 'image/png', bytes: FILES.png })).json().data.id as string;
    const body = { idCategory: await category(), title: '동시 문의', content: '같은 파일로 두 번 보내는 문의입니다.', files: [up] };
    const res = await Promise.all(Array.from({ length: 6 }, () => call('POST', '/qnas', buyer, body)));
    expect(res.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(res.filter((r) => r.statusCode === 400).every((r) => r.json().code === 'QNA_FILE_NOT_FOUND')).toBe(true);
    expect(res.every((r) => r.statusCode === 201 || r.statusCode === 400)).toBe(true);
  });
});

describe('attachments no inquiry took', () => {
  it('are deleted with their bytes after a day, while attached ones stay', async () => {
    const { purgeUnclaimedUploads } = await import('../../lib/uploads');
    const loose = (await upload(buyer, { name: 'e.png', type: 'image/png', bytes: FILES.png })).json().data.id as string;
    const kept = (await upload(buyer, { name: 'f.png', type: 'image/png', bytes: FILES.png })).json().data.id as string;
    await call('POST', '/qnas', buyer, {
      idCategory: await category(),
      title: '첨부 유지',
      content: '첨부 파일이 남아야 하는 문의입니다.',
      files: [kept],
    });
    await t.db.db.execute(
      sql`update uploaded_files set created_at = now() - interval '2 days' where id in (${loose}::uuid, ${kept}::uuid)`,
    );
    await purgeUnclaimedUploads(t.db.db, t.app.deps.storage);
    const left = rowsOf<{ id: string }>(
      await t.db.db.execute(sql`select id from uploaded_files where id in (${loose}::uuid, ${kept}::uuid)`),
    );
    expect(left.map((r) => r.id)).toEqual([kept]);
  });
});
