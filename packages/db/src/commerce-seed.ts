import { and, eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { appSettings, cartItems, cashEntries, coupons, memberCoupons, orderEvents, orderLines, orders, users } from './schema/index';
import { businessProfiles, shipAddresses } from './schema/index';
import { rowsOf } from './catalog-derived';
import { NO_TIME_LIMITS } from './time-limits';

const SEED_KEY = 'demo_commerce_loaded_at';
const SEED_LOCK = 72_410_003;
const DAY = 86_400_000;

type Status = (typeof orders.$inferInsert)['status'];

/** The demo buyer's order history: days ago, state, payment, wines (index into the picked wines) and bottles. */
const HISTORY: {
  daysAgo: number;
  status: Status;
  pay: 'BANK_TRANSFER' | 'CREDIT' | 'CASH';
  lines: [number, number][];
  cash?: number;
  gift?: boolean;
}[] = [
  {
    daysAgo: 170,
    status: 'DELIVERED',
    pay: 'BANK_TRANSFER',
    lines: [
      [0, 12],
      [1, 6],
    ],
  },
  {
    daysAgo: 140,
    status: 'DELIVERED',
    pay: 'CREDIT',
    lines: [
      [2, 6],
      [3, 12],
      [4, 6],
    ],
  },
  { daysAgo: 105, status: 'DELIVERED', pay: 'BANK_TRANSFER', lines: [[5, 24]], cash: 100000 },
  { daysAgo: 70, status: 'CANCELLED', pay: 'BANK_TRANSFER', lines: [[6, 6]], cash: 30000 },
  {
    daysAgo: 41,
    status: 'DELIVERED',
    pay: 'CASH',
    lines: [
      [7, 6],
      [0, 6],
    ],
    gift: true,
  },
  {
    daysAgo: 12,
    status: 'SHIPPED',
    pay: 'CREDIT',
    lines: [
      [1, 12],
      [8, 6],
    ],
  },
  { daysAgo: 5, status: 'PREPARING', pay: 'BANK_TRANSFER', lines: [[9, 12]] },
  {
    daysAgo: 2,
    status: 'PAID',
    pay: 'BANK_TRANSFER',
    lines: [
      [3, 6],
      [10, 6],
    ],
    cash: 50000,
  },
  {
    daysAgo: 0,
    status: 'AWAITING_DEPOSIT',
    pay: 'BANK_TRANSFER',
    lines: [
      [11, 12],
      [2, 6],
    ],
  },
];
const PATH: Record<Status, Status[]> = {
  AWAITING_DEPOSIT: ['AWAITING_DEPOSIT'],
  PAID: ['AWAITING_DEPOSIT', 'PAID'],
  PREPARING: ['AWAITING_DEPOSIT', 'PAID', 'PREPARING'],
  SHIPPED: ['AWAITING_DEPOSIT', 'PAID', 'PREPARING', 'SHIPPED'],
  DELIVERED: ['AWAITING_DEPOSIT', 'PAID', 'PREPARING', 'SHIPPED', 'DELIVERED'],
  CANCELLED: ['AWAITING_DEPOSIT', 'CANCELLED'],
};

const kstDate = (d: Date) => new Date(d.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

/**
 * The demo buyer's trade history: cash charged and used, coupons (usable, used, expired), credit terms, a cart and
 * orders in every state over the last six months, so every ordering screen has something true to show. Runs once,
 * after the demo accounts and the catalogue (it needs both); returns whether it loaded anything.
 */
export async function seedCommerceDemo(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(NO_TIME_LIMITS);
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if ((await tx.select().from(appSettings).where(eq(appSettings.key, SEED_KEY))).length > 0) return false;
    const [buyer] = await tx.select().from(users).where(eq(users.email, 'buyer@example.com')).limit(1);
    if (!buyer) return false;
    const wines = rowsOf<{
      product_id: number;
      id: number;
      year: number | null;
      trade_price: number;
      name_ko: string;
      name_original: string;
      kind_id: number;
    }>(
      await tx.execute(sql`
        select distinct on (v.product_id) v.product_id, v.id, v.year, v.trade_price, p.name_ko, p.name_original, p.kind_id
        from product_vintages v join products p on p.id = v.product_id
        where v.is_on_sale and p.is_published and v.stock >= 24 and v.order_step = 1 and v.trade_price between 12000 and 90000
        order by v.product_id, v.year desc nulls last limit 12`),
    );
    if (wines.length < 12) return false;
    const [profile] = await tx.select().from(businessProfiles).where(eq(businessProfiles.userId, buyer.id)).limit(1);
    const [ship] = await tx
      .select()
      .from(shipAddresses)
      .where(and(eq(shipAddresses.userId, buyer.id), eq(shipAddresses.isDefault, true)))
      .limit(1);
    const now = Date.now();
    let balance = 0;
    const cash = async (
      type: 'CHARGE' | 'USE' | 'REFUND' | 'ADJUST',
      amount: number,
      at: number,
      orderId: number | null,
      memo: string,
      expiresAt: Date | null = null,
    ) => {
      balance += amount;
      await tx.insert(cashEntries).values({ userId: buyer.id, type, amount, orderId, memo, expiresAt, createdAt: new Date(at) });
    };
    await cash('CHARGE', 1_000_000, now - 175 * DAY, null, '예치금 충전 (계좌이체)');

    // Coupons: two to use now, one used on an order, one expired.
    const defs = await tx
      .insert(coupons)
      .values([
        {
          name: {
            'ko-KR': '신규 거래처 1만원 할인',
            'en-US': '₩10,000 off for new trade partners',
            'zh-CN': '新客户立减1万韩元',
            'zh-TW': '新客戶折抵1萬韓元',
            'ja-JP': '新規取引先1万ウォン割引',
          },
          scope: 'ORDER',
          kind: 'AMOUNT',
          amount: 10000,
          minAmount: 100000,
          startsAt: new Date(now - 180 * DAY),
          endsAt: new Date(now + 60 * DAY),
        },
        {
          name: {
            'ko-KR': '레드 와인 5% 할인',
            'en-US': '5 % off red wines',
            'zh-CN': '红葡萄酒95折',
            'zh-TW': '紅葡萄酒95折',
            'ja-JP': '赤ワイン5%割引',
          },
          scope: 'PRODUCT',
          kind: 'RATE',
          rateBp: 500,
          maxDiscount: 30000,
          kindId: wines[0]?.kind_id ?? null,
          startsAt: new Date(now - 30 * DAY),
          endsAt: new Date(now + 45 * DAY),
        },
        {
          name: {
            'ko-KR': '상반기 거래 감사 2만원',
            'en-US': '₩20,000 thank-you coupon',
            'zh-CN': '上半年感谢券2万韩元',
            'zh-TW': '上半年感謝券2萬韓元',
            'ja-JP': '上半期感謝クーポン2万ウォン',
          },
          scope: 'ORDER',
          kind: 'AMOUNT',
          amount: 20000,
          minAmount: 200000,
          startsAt: new Date(now - 200 * DAY),
          endsAt: new Date(now - 20 * DAY),
        },
        {
          name: {
            'ko-KR': '첫 주문 3% 할인',
            'en-US': '3 % off your first order',
            'zh-CN': '首单97折',
            'zh-TW': '首單97折',
            'ja-JP': '初回注文3%割引',
          },
          scope: 'ORDER',
          kind: 'RATE',
          rateBp: 300,
          maxDiscount: 50000,
          startsAt: new Date(now - 200 * DAY),
          endsAt: new Date(now + 200 * DAY),
        },
      ])
      .returning({ id: coupons.id });
    const member = await tx
      .insert(memberCoupons)
      .values(defs.map((d, i) => ({ couponId: d.id, userId: buyer.id, issuedAt: new Date(now - (i === 3 ? 175 : 30) * DAY) })))
      .returning({ id: memberCoupons.id });

    for (const [n, h] of HISTORY.entries()) {
      const at = now - h.daysAgo * DAY - (n % 3) * 3_600_000;
      const lines = h.lines.map(([w, qty], i) => {
        const wine = wines[w];
        if (!wine) throw new Error('demo wine missing');
        return { lineNo: i + 1, wine, qty, amount: wine.trade_price * qty };
      });
      const goods = lines.reduce((s, l) => s + l.amount, 0);
      // The first order used the first-order coupon (3 %, at most 50,000).
      const couponDiscount = n === 0 ? Math.min(50000, Math.floor((goods * 300) / 10000)) : 0;
      const afterCoupon = goods - couponDiscount;
      const deliveryFee = afterCoupon >= 300000 ? 0 : 5000;
      const supply = afterCoupon + deliveryFee;
      const vat = Math.floor(supply / 10);
      const total = supply + vat;
      const cashUsed = h.pay === 'CASH' ? total : Math.min(h.cash ?? 0, total);
      const pay = total - cashUsed;
      const path = h.pay === 'BANK_TRANSFER' && pay > 0 ? PATH[h.status] : PATH[h.status].filter((s) => s !== 'AWAITING_DEPOSIT');
      const [o] = await tx
        .insert(orders)
        .values({
          oid: `demo-${n}`,
          userId: buyer.id,
          type: 'DELIVERY',
          status: h.status,
          paymentMethod: h.pay,
          gift: h.gift ?? false,
          subtotal: goods,
          couponDiscount,
          deliveryFee,
          supplyAmount: supply,
          vat,
          total,
          cashUsed,
          payAmount: pay,
          buyer: {
            fullName: buyer.fullName,
            email: buyer.email,
            mobile: buyer.mobile,
            companyName: profile?.companyName ?? null,
            businessNumber: profile?.businessNumber ?? null,
          },
          ship: ship
            ? {
                fullName: ship.fullName,
                mobile: ship.mobile,
                postalCode: ship.postalCode,
                address1: ship.address1,
                address2: ship.address2,
                message: ship.message,
              }
            : null,
          deposit:
            h.pay === 'BANK_TRANSFER' && pay > 0
              ? {
                  bankName: '국민은행',
                  accountNumber: '123401-04-567890',
                  accountHolder: '(주)포도와인코리아',
                  depositorName: profile?.companyName ?? buyer.fullName,
                }
              : null,
          depositDeadline:
            h.pay === 'BANK_TRANSFER' && pay > 0 ? new Date(Date.parse(`${kstDate(new Date(at + 3 * DAY))}T23:59:59+09:00`)) : null,
          paidAt: path.includes('PAID') ? new Date(at + 6 * 3_600_000) : null,
          creditSettledAt: h.pay === 'CREDIT' && h.status === 'DELIVERED' ? new Date(at + 30 * DAY) : null,
          cancelledAt: h.status === 'CANCELLED' ? new Date(at + 2 * DAY) : null,
          // Shipped demo deliveries carry a CJ tracking number (made up: the carrier's page finds nothing).
          ...(path.includes('SHIPPED')
            ? { carrier: 'CJ', trackingNumber: `6890${String(100000 + n * 7919).slice(-6)}21`, shippedAt: new Date(at + 1.5 * DAY) }
            : {}),
          memo: n % 2 === 0 ? '영업 시작 전(오후 4시 이전) 배송 부탁드립니다.' : '',
          createdAt: new Date(at),
          updatedAt: new Date(at),
        })
        .returning({ id: orders.id });
      if (!o) throw new Error('demo order insert returned no row');
      await tx
        .update(orders)
        .set({ oid: sql`${kstDate(new Date(at)).replaceAll('-', '')} || '-' || lpad(${orders.id}::text, 6, '0')` })
        .where(eq(orders.id, o.id));
      await tx.insert(orderLines).values(
        lines.map((l) => ({
          orderId: o.id,
          lineNo: l.lineNo,
          productId: l.wine.product_id,
          vintageId: l.wine.id,
          nameKo: l.wine.name_ko,
          nameOriginal: l.wine.name_original,
          year: l.wine.year,
          qty: l.qty,
          basePrice: l.wine.trade_price,
          unitPrice: l.wine.trade_price,
          couponDiscount: l.lineNo === 1 ? couponDiscount : 0,
          amount: l.amount - (l.lineNo === 1 ? couponDiscount : 0),
        })),
      );
      // Hours between the steps of its history.
      const steps = [0, 6, 26, 50, 80];
      await tx.insert(orderEvents).values(
        path.map((s, i) => ({
          orderId: o.id,
          fromStatus: i === 0 ? null : (path[i - 1] ?? null),
          toStatus: s,
          actor: i === 0 ? ('BUYER' as const) : s === 'CANCELLED' ? ('SYSTEM' as const) : ('ADMIN' as const),
          note: s === 'CANCELLED' ? '입금 기한이 지나 자동으로 취소되었습니다.' : '',
          createdAt: new Date(at + (s === 'CANCELLED' ? 2 * DAY : (steps[i] ?? 0) * 3_600_000)),
        })),
      );
      if (n === 0 && member[3])
        await tx
          .update(memberCoupons)
          .set({ usedAt: new Date(at), orderId: o.id })
          .where(eq(memberCoupons.id, member[3].id));
      if (cashUsed > 0) await cash('USE', -cashUsed, at, o.id, '');
      if (h.status === 'CANCELLED' && cashUsed > 0) await cash('REFUND', cashUsed, at + 2 * DAY, o.id, '');
    }
    await cash('ADJUST', 20000, now - 20 * DAY, null, '거래 감사 적립금');
    // A promotional charge that lapses at the end of its 90th day (Korea time) if not spent.
    const lapse = new Date(Math.ceil((now + 9 * 3_600_000) / DAY) * DAY + 89 * DAY - 9 * 3_600_000);
    await cash('CHARGE', 50_000, now - 1 * DAY, null, '신규 거래처 프로모션 예치금', lapse);
    await tx.update(users).set({ cashBalance: balance, creditLimit: 3_000_000 }).where(eq(users.id, buyer.id));
    const [w0, w1] = wines;
    if (w0 && w1)
      await tx.insert(cartItems).values([
        { userId: buyer.id, productId: w0.product_id, qty: 6 },
        { userId: buyer.id, productId: w1.product_id, qty: 12 },
      ]);
    await tx.insert(appSettings).values({ key: SEED_KEY, value: new Date().toISOString() });
    return true;
  });
}
