import type { Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeJuso, listen } from '../helpers/address-servers';
import { DESKTOP, hydrated, launchBrowser, MOBILE, openPage } from '../helpers/browser';
import {
  adminToken,
  arrived,
  createBuyer,
  createMember,
  giveCash,
  giveCoupon,
  knownWine,
  setStock,
  signIn,
  useServer,
  type Buyer,
  type KnownWine,
} from '../helpers/fixtures';
import { freePort, startProductServer, type ProductServer } from '../helpers/product-server';
import { startSmsServer, type TestSmsServer } from '../helpers/sms-server';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server';

/**
 * The ordering journey as a buyer lives it, on a server of its own (its orders and carts do not disturb the other
 * browser tests) with a road-name address service that answers like the real one, and SMS and e-mail stand-ins.
 * Each test makes its buyer, and sets the wines it orders to a known price and stock (fixtures.ts).
 */
let server: ProductServer;
let juso: Server;
let sms: TestSmsServer;
let smtp: TestSmtpServer;
let browser: Browser;
let base: string;

beforeAll(async () => {
  juso = fakeJuso();
  const [jusoBase, port] = await Promise.all([listen(juso), freePort()]);
  [sms, smtp, browser] = await Promise.all([startSmsServer(), startSmtpServer(), launchBrowser()]);
  base = `http://127.0.0.1:${port}`;
  server = await startProductServer({
    JUSO_API_KEY: 'juso-test-key',
    JUSO_API_URL: `${jusoBase}/addrlink/addrLinkApi.do`,
    PORT: String(port),
    PUBLIC_URL: base,
    TRUST_PROXY: 'true',
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: sms.url,
    SMTP_URL: smtp.url,
  });
  useServer({ base, dataDir: server.dataDir, messages: async (kind) => (kind === 'sms' ? sms.messages : smtp.messages) });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  juso?.close();
  await Promise.all([sms?.close(), smtp?.close()]);
});

/** A wine sold by the case and one by the bottle, each of one vintage, at known trade prices with room for cases. */
async function wines(buyer: Buyer): Promise<{ byCase: KnownWine; byBottle: KnownWine }> {
  const byCase = await knownWine({ buyer, byCase: true, stock: 240, tradePrice: 36_000 });
  const byBottle = await knownWine({ buyer, byCase: false, stock: 60, tradePrice: 48_000, skip: [byCase.productId] });
  return { byCase, byBottle };
}

describe('ordering as a trade buyer', () => {
  it('adds wines by the case, checks out with a searched address, a coupon and cash, and sees the deposit details (ko-KR, 375 px)', async () => {
    const buyer = await createBuyer();
    const { byCase: caseWine } = await wines(buyer);
    const byCase = caseWine.productId;
    await Promise.all([giveCash(buyer, 100_000), giveCoupon(buyer, 5_000)]);
    const { page, context, errors } = await openPage(browser, { viewport: MOBILE, locale: 'ko-KR' });
    await signIn(context, buyer);

    // A new delivery address, found by road-name search: a buyer without one finds the form open.
    await page.goto(`${base}/mypage/ships`);
    await hydrated(page, '[data-testid=juso-search]');
    expect(await page.getByTestId('ship-add').count()).toBe(0);
    await page.getByTestId('juso-keyword').fill('테헤란로 123');
    await page.getByTestId('juso-search').click();
    await page.getByTestId('juso-results').getByRole('button').first().click();
    expect(await page.getByTestId('ship-postal').inputValue()).toBe('06236');
    expect(await page.getByTestId('ship-address1').inputValue()).toBe('서울특별시 강남구 테헤란로 123 (역삼동)');
    await page.fill('input[name=fullName]', '박소믈');
    await page.fill('input[name=mobile]', '01055556666');
    await page.fill('input[name=address2]', '3층 와인바');
    await page.getByTestId('ship-save').click();
    await page.getByText('배송지를 저장했습니다.').waitFor();
    await expect.poll(() => page.getByTestId('ship-card').count()).toBe(1);

    // The case stepper: one step is one case.
    await page.goto(`${base}/product/${byCase}`);
    await hydrated(page, '[data-testid=qty-up]');
    const box = page.getByTestId('add-to-cart');
    const input = box.getByTestId('qty-input');
    const min = Number(await input.inputValue());
    expect(min).toBeGreaterThan(1);
    await box.getByTestId('qty-up').click();
    expect(Number(await input.inputValue())).toBe(min * 2);
    expect(await box.textContent()).toContain('병 단위(케이스) 주문');
    await box.getByTestId('add-to-cart-button').click();
    await box.getByText('장바구니에 담았습니다.').waitFor();

    // From the list: a card's quantity follows that wine's case pack too.
    await page.goto(`${base}/product?sort=NAME_ASC`);
    await hydrated(page, '[data-testid=card-add-button]');
    const cardAdd = page
      .getByTestId('product-card')
      .filter({ has: page.locator(`a[href="/product/${byCase}"]`) })
      .getByTestId('card-add');
    const cardQty = cardAdd.getByTestId('qty-input');
    const cardMin = Number(await cardQty.inputValue());
    await cardAdd.getByTestId('qty-up').click();
    expect(Number(await cardQty.inputValue())).toBeGreaterThan(cardMin);
    await cardAdd.getByTestId('card-add-button').click();
    await cardAdd.getByText('장바구니에 담았습니다.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: '.tmp/screens/product-buyer-ko-KR-375.png' });

    await page.goto(`${base}/cart`);
    const line = page.locator(`[data-testid=cart-line][data-product="${byCase}"]`);
    expect(Number(await line.getByTestId('qty-input').inputValue())).toBeGreaterThanOrEqual(min * 2);
    expect(Number(await page.getByTestId('cart-badge').first().textContent())).toBe(await page.getByTestId('cart-line').count());
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: '.tmp/screens/cart-ko-KR-375.png', fullPage: true });

    await page.getByTestId('to-checkout').click();
    await page.waitForURL(/\/checkout$/);
    await hydrated(page, '[data-testid=use-cash]');
    await page.getByText('박소믈').click();
    const coupon = page.getByTestId('coupon-orderCoupon');
    await coupon.selectOption({ index: 1 });
    await page.getByTestId('use-cash').fill('30000');
    // The breakdown comes back from the server with the coupon and the cash.
    await page.getByTestId('checkout-summary').getByText('쿠폰 할인').waitFor();
    await page.getByTestId('checkout-summary').getByText('예치금 사용').waitFor();
    const pay = await page.getByTestId('amount-pay').textContent();
    await page.screenshot({ path: '.tmp/screens/checkout-ko-KR-375.png', fullPage: true });
    await page.getByTestId('place-order').click();
    await page.waitForURL(/\/order\/complete\/\d{8}-\d{6}$/);
    const deposit = page.getByTestId('deposit-box');
    expect(await deposit.textContent()).toContain('123401-04-567890');
    expect(await page.getByTestId('deposit-amount').textContent()).toBe(pay);
    expect(await page.getByTestId('order-view').textContent()).toContain('서울특별시 강남구 테헤란로 123 (역삼동) 3층 와인바');
    const oid = (await page.getByTestId('order-oid').textContent())?.trim() ?? '';
    await page.screenshot({ path: '.tmp/screens/order-complete-ko-KR-375.png', fullPage: true });

    // The trade statement: 공급가액 + 세액 = 합계, as on the order.
    await page.goto(`${base}/mypage/orders/${oid}/statement`);
    const supply = Number((await page.getByTestId('statement-supply').textContent())?.replace(/,/g, ''));
    const vat = Number((await page.getByTestId('statement-vat').textContent())?.replace(/,/g, ''));
    expect(vat).toBe(Math.floor(supply / 10));
    expect(Number((await page.getByTestId('statement-total').textContent())?.replace(/,/g, ''))).toBe(supply + vat);
    expect(await page.getByTestId('statement').textContent()).toContain('거래명세서');
    await page.screenshot({ path: '.tmp/screens/statement-ko-KR-375.png', fullPage: true });

    // The e-mail carries the account and the deadline.
    const mail = await arrived('mail', (m) => m.to === buyer.email && m.text.includes(oid));
    expect(mail.text).toContain('입금 계좌: 국민은행 123401-04-567890');

    // The importer marks the deposit received; the buyer's order page shows it.
    const paid = await fetch(`${base}/api/v1/admin/orders/${oid}/status`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
      body: JSON.stringify({ status: 'PAID', note: '입금 확인' }),
    });
    expect(paid.status).toBe(200);
    await page.goto(`${base}/mypage/orders/${oid}`);
    expect(await page.getByTestId('order-status').textContent()).toBe('결제 완료');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists orders, cancels one before preparation and orders again (en-US, 1280 px)', async () => {
    const buyer = await createBuyer();
    const byBottle = (await wines(buyer)).byBottle.productId;
    await Promise.all([giveCoupon(buyer, 5_000), giveCoupon(buyer, 10_000, 300_000), giveCash(buyer, 50_000)]);
    const { page, context, errors } = await openPage(browser, { viewport: DESKTOP, locale: 'en-US' });
    await signIn(context, buyer);
    await page.goto(`${base}/product/${byBottle}?lang=en-US`);
    await hydrated(page, '[data-testid=add-to-cart-button]');
    await page.getByTestId('add-to-cart-button').click();
    await page.getByTestId('add-to-cart-result').getByRole('link', { name: 'View cart' }).waitFor();
    await page.goto(`${base}/checkout?lang=en-US`);
    await hydrated(page, '[data-testid=type-PICKUP]');
    await page.getByTestId('type-PICKUP').check({ force: true });
    await page.getByTestId('pickup-note').waitFor();
    await page.getByTestId('place-order').click();
    await page.waitForURL(/\/order\/complete\//);
    const oid = (await page.getByTestId('order-oid').textContent())?.trim() ?? '';

    await page.goto(`${base}/mypage/orders?lang=en-US`);
    expect(await page.getByTestId('order-card').first().textContent()).toContain(oid);
    expect(await page.getByTestId('order-card').count()).toBe(1);
    await page.screenshot({ path: '.tmp/screens/orders-en-US-1280.png', fullPage: true });

    await page.goto(`${base}/mypage/orders/${oid}?lang=en-US`);
    await hydrated(page, '[data-testid=cancel-order]');
    await page.getByTestId('cancel-order').click();
    await page.getByTestId('cancel-order-confirm-ok').click();
    await page.getByText('Your order has been cancelled.').waitFor();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Cancelled');
    await page.goto(`${base}/mypage/cancellations?lang=en-US`);
    expect(await page.getByTestId('order-card').first().textContent()).toContain(oid);

    await page.goto(`${base}/mypage/orders/${oid}?lang=en-US`);
    await hydrated(page, '[data-testid=reorder]');
    await page.getByTestId('reorder').click();
    await page.waitForURL(/\/cart$/);
    expect(await page.locator(`[data-testid=cart-line][data-product="${byBottle}"]`).count()).toBe(1);

    for (const path of ['/mypage/cash', '/mypage/coupons']) {
      await page.goto(`${base}${path}?lang=en-US`);
      await page.screenshot({ path: `.tmp/screens/${path.slice(8)}-en-US-1280.png`, fullPage: true });
    }
    expect(await page.getByTestId('coupon-card').count()).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells visitors and members waiting for approval why they cannot order', async () => {
    const [member, buyer] = await Promise.all([createMember(), createBuyer()]);
    const byBottle = (await wines(buyer)).byBottle.productId;
    const { page, context } = await openPage(browser, { viewport: MOBILE, locale: 'ko-KR' });
    await page.goto(`${base}/product/${byBottle}`);
    expect(await page.getByTestId('order-gate').getAttribute('data-reason')).toBe('anonymous');
    await page.goto(`${base}/product`);
    expect(await page.getByTestId('product-card').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('card-add').count()).toBe(0);
    await signIn(context, member);
    await page.goto(`${base}/product`);
    expect(await page.getByTestId('card-add').count()).toBe(0);
    await page.goto(`${base}/product/${byBottle}`);
    expect(await page.getByTestId('order-gate').getAttribute('data-reason')).toBe('pending');
    expect(await page.getByTestId('add-to-cart-button').count()).toBe(0);
    await page.goto(`${base}/cart`);
    expect(await page.getByTestId('order-gate').textContent()).toContain('거래처 승인 심사 중입니다.');
    await context.close();
  });

  it('shows a line sold out since it was added as left out of the totals (ko-KR 375 px, en-US 1280 px)', async () => {
    const owner = await createBuyer();
    const { byBottle: bottleWine, byCase: caseWine } = await wines(owner);
    const [byBottle, byCase] = [bottleWine.productId, caseWine.productId];
    const buyer = { authorization: `Bearer ${owner.token}` };
    const sold = bottleWine;
    const kept = caseWine;
    const json = { ...buyer, 'content-type': 'application/json' };
    const added = await fetch(`${base}/api/v1/cart/add`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        items: [
          { idProduct: byBottle, qty: sold.minQty },
          { idProduct: byCase, qty: kept.minQty },
        ],
      }),
    });
    expect(added.status).toBe(200);
    await setStock(sold.vintageId, 0);
    try {
      const cart = (await (await fetch(`${base}/api/v1/cart?businessType=B2B`, { headers: buyer })).json()).data as {
        lines: { idProduct: number; problem: string | null; subtotal: number }[];
        amounts: { subtotal: number; total: number };
      };
      expect(cart.lines.find((l) => l.idProduct === byBottle)?.problem).not.toBeNull();
      const counted = cart.lines.filter((l) => l.problem === null).reduce((s, l) => s + l.subtotal, 0);
      expect(cart.amounts.subtotal).toBe(counted);

      for (const [locale, viewport, label] of [
        ['ko-KR', MOBILE, '합계에서 제외'],
        ['en-US', DESKTOP, 'Not in the total'],
      ] as const) {
        const { page, context } = await openPage(browser, { viewport, locale });
        await signIn(context, owner);
        await page.goto(`${base}/cart?lang=${locale}`);
        const row = page.locator(`[data-testid=cart-line][data-product="${byBottle}"]`);
        expect(await row.getByTestId('cart-line-excluded').textContent()).toBe(label);
        expect(await row.locator('s[data-testid=cart-line-amount]').count()).toBe(1);
        const other = page.locator(`[data-testid=cart-line][data-product="${byCase}"]`);
        expect(await other.getByTestId('cart-line-excluded').count()).toBe(0);
        expect(await other.locator('span[data-testid=cart-line-amount]').count()).toBe(1);
        const total = (await page.getByTestId('amount-total').first().textContent()) ?? '';
        expect(total.replace(/\D/g, '')).toBe(String(cart.amounts.total));
        await row.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `.tmp/screens/cart-excluded-${locale}-${viewport.width}.png` });
        await context.close();
      }
    } finally {
      await setStock(sold.vintageId, sold.stock);
      await fetch(`${base}/api/v1/cart`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ idProducts: [byBottle, byCase], businessType: 'B2B' }),
      });
    }
  });

  it('adds to the cart without JavaScript', async () => {
    const buyer = await createBuyer();
    const byBottle = (await wines(buyer)).byBottle.productId;
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'ko-KR', viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${base}/account/login`);
    await page.fill('input[name=email]', buyer.email);
    await page.fill('input[name=password]', buyer.password);
    await Promise.all([
      page.waitForURL((u) => !u.pathname.startsWith('/account/login')),
      page.locator('form:has(input[name=password]) button[type=submit]').first().click(),
    ]);
    await page.goto(`${base}/product/${byBottle}`);
    await Promise.all([page.waitForURL(/\/cart$/), page.getByTestId('add-to-cart-button').click()]);
    expect(await page.locator(`[data-testid=cart-line][data-product="${byBottle}"]`).count()).toBe(1);
    // A change the cart does not know is refused in the visitor's language.
    for (const [lang, text] of [
      ['en-US', 'The request is not valid.'],
      ['ja-JP', 'リクエストの形式が正しくありません。'],
    ]) {
      const bad = await context.request.post(`${base}/cart.data?lang=${lang}`, { form: { intent: 'nope', js: '1' } });
      expect(bad.status()).toBe(400);
      expect(await bad.text()).toContain(text);
    }
    await context.close();
  });
});
