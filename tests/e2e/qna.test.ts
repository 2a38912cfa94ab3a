import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { FILES } from '../helpers/accounts';
import { DESKTOP, hydrated, launchBrowser, MOBILE, openPage } from '../helpers/browser';
import { adminToken, createBuyer, createMember, signIn, type Buyer } from '../helpers/fixtures';
import { axeViolations, horizontalOverflow } from '../helpers/page-checks';

const base = inject('baseUrl');
let browser: Browser;
/** A buyer and a member waiting for approval of this file's own (fixtures.ts). */
let buyer: Buyer;
let member: Buyer;
beforeAll(async () => {
  [browser, buyer, member] = await Promise.all([launchBrowser(), createBuyer(), createMember()]);
});
afterAll(() => browser?.close());

describe('1:1 inquiries', () => {
  it('a buyer writes one with a photo, reads the answer the importer wrote, and cannot delete it then (ko-KR, 375 px)', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: MOBILE, locale: 'ko-KR' });
    await signIn(context, buyer);
    await page.goto(`${base}/mypage`);
    await page.getByTestId('mypage-menu').getByRole('link', { name: '1:1 문의' }).first().click();
    await page.waitForURL(/\/mypage\/qna$/);
    expect(await page.getByTestId('qna-row').count()).toBe(0);
    await page.getByTestId('qna-new').click();
    await page.waitForURL(/\/mypage\/qna\/new$/);
    await hydrated(page, '[data-testid=qna-submit]');
    await page.getByLabel('문의 분류').selectOption({ label: '배송' });
    await page.getByLabel('제목').fill('깨진 병이 왔습니다');
    await page.getByLabel('문의 내용').fill('오늘 받은 주문에서 한 병이 깨져 있었습니다. 사진을 첨부합니다.');
    await page.getByLabel('첨부 파일').setInputFiles([{ name: '파손.jpg', mimeType: 'image/jpeg', buffer: FILES.jpeg }]);
    expect(await page.getByTestId('qna-picked').textContent()).toContain('파손.jpg');
    expect(await horizontalOverflow(page)).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('qna-submit').click();
    await page.waitForURL(/\/mypage\/qna\/\d+\?sent=1$/);
    expect(await page.getByTestId('qna-sent').textContent()).toContain('문의가 등록되었습니다');
    expect(await page.getByTestId('qna-status').textContent()).toBe('답변 대기');
    const link = page.getByTestId('qna-file');
    expect(await link.textContent()).toBe('파손.jpg');
    const file = await page.request.get(`${base}${await link.getAttribute('href')}`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/jpeg');
    expect(file.headers()['content-disposition']).toMatch(/^attachment;/);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '.tmp/screens/qna-ko-KR-375.png', fullPage: true });

    // The importer answers (back office API); the member reads it and can no longer delete the inquiry.
    const id = Number(/\/mypage\/qna\/(\d+)/.exec(page.url())![1]);
    const admin = await adminToken();
    const answered = await fetch(`${base}/api/v1/admin/qnas/${id}/answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ answer: '불편을 드려 죄송합니다. 내일 새 병으로 교환해 드리겠습니다.' }),
    });
    expect(answered.status).toBe(200);
    await page.goto(`${base}/mypage/qna/${id}`);
    expect(await page.getByTestId('qna-answer').textContent()).toContain('내일 새 병으로 교환해 드리겠습니다.');
    expect(await page.getByTestId('qna-delete').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a member deletes a waiting inquiry after confirming, and another member cannot open it (en-US, 1280 px)', async () => {
    const token = buyer.token;
    const cats = (await (await fetch(`${base}/api/v1/qnas/categories`)).json()) as { data: { id: number }[] };
    const made = await fetch(`${base}/api/v1/qnas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ idCategory: cats.data[0]!.id, title: 'To be deleted', content: 'An inquiry sent by mistake, to delete.' }),
    });
    const id = ((await made.json()) as { data: { id: number } }).data.id;

    const stranger = await openPage(browser, { viewport: DESKTOP, locale: 'en-US' });
    await signIn(stranger.context, member);
    const r = await stranger.page.goto(`${base}/mypage/qna/${id}?lang=en-US`);
    expect(r?.status()).toBe(404);
    await stranger.context.close();

    const { page, context, errors } = await openPage(browser, { viewport: DESKTOP, locale: 'en-US' });
    await signIn(context, buyer);
    await page.goto(`${base}/mypage/qna/${id}?lang=en-US`);
    await hydrated(page, '[data-testid=qna-delete]');
    await page.getByTestId('qna-delete').click();
    await page.getByTestId('qna-delete-confirm-ok').click();
    await page.waitForURL(/\/mypage\/qna\?deleted=1$/);
    expect(await page.getByRole('status').filter({ hasText: 'Your inquiry was deleted.' }).count()).toBe(1);
    expect(await page.getByTestId('qna-row').filter({ hasText: 'To be deleted' }).count()).toBe(0);
    expect(await horizontalOverflow(page)).toBeNull();
    await page.screenshot({ path: '.tmp/screens/qna-en-US-1280.png', fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
