import { hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { isEmpty } from './client';
import { appSettings, businessProfiles, shipAddresses, staffAccounts, users } from './schema/index';
import { NO_TIME_LIMITS } from './time-limits';

/** Demo accounts, listed in the README. Loaded only in demo mode, never with NODE_ENV=production defaults. */
export const DEMO_ACCOUNTS = [
  { email: 'buyer@example.com', password: 'Buyer!2345', fullName: '김바이어', role: 'BUYER', status: 'APPROVED' },
  { email: 'pending@example.com', password: 'Pending!2345', fullName: '이대기', role: 'MEMBER', status: 'PENDING' },
  { email: 'admin@example.com', password: 'Admin!2345', fullName: '박관리', role: 'ADMIN', status: 'APPROVED' },
  { email: 'sales@example.com', password: 'Sales!2345', fullName: '최영업', role: 'ADMIN', status: 'APPROVED' },
  { email: 'warehouse@example.com', password: 'Warehouse!2345', fullName: '정창고', role: 'ADMIN', status: 'APPROVED' },
] as const;

/**
 * The demo staff: one account per role, each with its authenticator secret already set up (listed in the README, so
 * a newcomer can add it to an app). Demo data only: real staff set their app up at their first sign-in.
 */
export const DEMO_STAFF: Record<string, { role: 'admin' | 'sales' | 'warehouse'; totpSecret: string }> = {
  'admin@example.com': { role: 'admin', totpSecret: 'KFWPUMM2P3N6JEWZYHQDAIBMWZT2BO6C' },
  'sales@example.com': { role: 'sales', totpSecret: 'XWZPBWWRVTXJCD6KDU6NKTUUFRNDCLO7' },
  'warehouse@example.com': { role: 'warehouse', totpSecret: 'PB3CVW3F67HIXMAQXIJ6VZVGN3ZQBJPJ' },
};

/**
 * Mobile, birthday and business details of the demo members (the admin has none). The registration numbers are
 * made up but pass the checksum (123-45-67891, 111-22-23339), so they belong to no real company's records here.
 */
const DEMO_DETAILS: Partial<Record<(typeof DEMO_ACCOUNTS)[number]['email'], { mobile: string; birthday: string; business: DemoBusiness }>> =
  {
    'buyer@example.com': {
      mobile: '010-1234-5678',
      birthday: '19850315',
      business: {
        companyName: '와인바 포도',
        businessNumber: '1234567891',
        representative: '김바이어',
        businessType: 'WINE_BAR',
        taxEmail: 'tax@example.com',
      },
    },
    'pending@example.com': {
      mobile: '010-2345-6789',
      birthday: '19920704',
      business: {
        companyName: '비스트로 이대기',
        businessNumber: '1112223339',
        representative: '이대기',
        businessType: 'RESTAURANT',
        taxEmail: 'pending-tax@example.com',
      },
    },
  };
type DemoBusiness = Omit<typeof businessProfiles.$inferInsert, 'userId'>;

/** The demo buyer's shipping addresses: the wine bar (default) and the owner's second venue. Made-up recipients. */
const DEMO_SHIPS: Omit<typeof shipAddresses.$inferInsert, 'userId'>[] = [
  {
    fullName: '김바이어',
    mobile: '010-1234-5678',
    postalCode: '04044',
    address1: '서울특별시 마포구 와우산로 94',
    address2: '1층 와인바 포도',
    message: '영업 전(오후 4시 이전)에 배송해 주세요.',
    isDefault: true,
  },
  {
    fullName: '정소믈리에',
    mobile: '010-8765-4321',
    postalCode: '06035',
    address1: '서울특별시 강남구 가로수길 31',
    address2: '2층 비스트로',
    message: '뒷문 창고로 부탁드립니다.',
    isDefault: false,
  },
];

const SEED_KEY = 'demo_data_loaded_at';
const SEED_LOCK = 72_410_002;

/**
 * Loads demo data once, on an empty database only. Safe to call at every start and from
 * several processes at once: the check and the inserts run in one locked transaction.
 * Returns true when it loaded data.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  // Hash outside the transaction: argon2 is deliberately slow.
  const hashed = await Promise.all(DEMO_ACCOUNTS.map(async (a) => ({ ...a, passwordHash: await hash(a.password) })));
  return db.transaction(async (tx) => {
    await tx.execute(NO_TIME_LIMITS);
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const done = await tx.select().from(appSettings).where(eq(appSettings.key, SEED_KEY));
    if (done.length > 0) return false;
    if (!(await isEmpty(tx as unknown as Database))) return false;
    const now = new Date();
    const inserted = await tx
      .insert(users)
      .values(
        hashed.map((a) => ({
          email: a.email,
          passwordHash: a.passwordHash,
          fullName: a.fullName,
          role: a.role,
          staffRole: DEMO_STAFF[a.email]?.role ?? null,
          status: a.status,
          mobile: DEMO_DETAILS[a.email]?.mobile ?? null,
          birthday: DEMO_DETAILS[a.email]?.birthday ?? null,
          emailVerifiedAt: now,
          mobileVerifiedAt: DEMO_DETAILS[a.email] ? now : null,
          termsAgreedAt: now,
          privacyAgreedAt: now,
          // The approved buyer was reviewed (approved) at seeding time.
          reviewedAt: a.role === 'BUYER' ? now : null,
          // Every approved buyer (and admin) has a buyer level.
          buyerLevel: a.status === 'APPROVED' ? 'GENERAL' : null,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const profiles = inserted.flatMap((u) => {
      const d = DEMO_DETAILS[u.email as keyof typeof DEMO_DETAILS];
      return d ? [{ userId: u.id, ...d.business }] : [];
    });
    if (profiles.length) await tx.insert(businessProfiles).values(profiles);
    const staff = inserted.flatMap((u) => {
      const s = DEMO_STAFF[u.email];
      return s ? [{ userId: u.id, totpSecret: s.totpSecret, totpEnabledAt: now }] : [];
    });
    if (staff.length) await tx.insert(staffAccounts).values(staff);
    const buyer = inserted.find((u) => u.email === 'buyer@example.com');
    if (buyer) await tx.insert(shipAddresses).values(DEMO_SHIPS.map((a) => ({ ...a, userId: buyer.id })));
    await tx.insert(appSettings).values({ key: SEED_KEY, value: new Date().toISOString() });
    return true;
  });
}
