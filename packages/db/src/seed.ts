import { hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { isEmpty } from './client';
import { appSettings, users } from './schema/index';

/** Demo accounts, listed in the README. Loaded only in demo mode, never with NODE_ENV=production defaults. */
export const DEMO_ACCOUNTS = [
  { email: 'buyer@example.com', password: 'Buyer!2345', fullName: '김바이어', role: 'BUYER', status: 'APPROVED' },
  { email: 'pending@example.com', password: 'Pending!2345', fullName: '이대기', role: 'MEMBER', status: 'PENDING' },
  { email: 'admin@example.com', password: 'Admin!2345', fullName: '박관리', role: 'ADMIN', status: 'APPROVED' },
] as const;

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
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const done = await tx.select().from(appSettings).where(eq(appSettings.key, SEED_KEY));
    if (done.length > 0) return false;
    if (!(await isEmpty(tx as unknown as Database))) return false;
    await tx.insert(users).values(
      hashed.map((a) => ({
        email: a.email,
        passwordHash: a.passwordHash,
        fullName: a.fullName,
        role: a.role,
        status: a.status,
      })),
    );
    await tx.insert(appSettings).values({ key: SEED_KEY, value: new Date().toISOString() });
    return true;
  });
}
