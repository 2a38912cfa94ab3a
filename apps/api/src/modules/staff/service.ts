import { randomInt } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { StaffRole } from '@podo/contracts/staff';
import type { TStaffMember } from '@podo/contracts/ops/staff';
import { staffAccounts, staffRecoveryCodes, staffSessions, users, type Database } from '@podo/db';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { forgetViewers } from '../session';

/** Staff accounts, managed by an admin (decision 025); their sign-in lives in session/staff.ts. */

// ---- staff accounts -----------------------------------------------------------------------------------------------

async function staffRows(db: Database, id?: number): Promise<TStaffMember[]> {
  const rows = await db
    .select({ u: users, a: staffAccounts })
    .from(users)
    .innerJoin(staffAccounts, eq(staffAccounts.userId, users.id))
    .where(id === undefined ? eq(users.role, 'ADMIN') : and(eq(users.role, 'ADMIN'), eq(users.id, id)))
    .orderBy(asc(users.id));
  return rows.map(({ u, a }) => ({
    id: u.id,
    email: u.email,
    fullName: u.fullName,
    role: u.staffRole as StaffRole,
    secondFactor: a.totpSecret !== null,
    disabled: a.disabledAt !== null,
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
  }));
}

export const listStaff = (db: Database) => staffRows(db);

/** One staff account, or NOT_FOUND. */
export async function staffMember(db: Database, id: number): Promise<TStaffMember> {
  const [m] = await staffRows(db, id);
  if (!m) throw new AppError('NOT_FOUND');
  return m;
}

/** A password that passes the rules, for handing over once: the member of staff changes it. */
function temporaryPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
  const body = Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${body}-${randomInt(10, 100)}`;
}

/** POST /admin/staff (and the first admin from the CLI, `createdBy` null). EMAIL_TAKEN when the e-mail is anyone's. */
export async function createStaff(
  db: Database,
  input: { email: string; fullName: string; role: StaffRole },
  createdBy: number | null,
): Promise<{ data: TStaffMember; temporaryPassword: string }> {
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const id = await db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, input.email.trim().toLowerCase()))
      .limit(1);
    if (taken) throw new AppError('EMAIL_TAKEN');
    const [row] = await tx
      .insert(users)
      .values({
        email: input.email.trim(),
        fullName: input.fullName,
        passwordHash,
        role: 'ADMIN',
        staffRole: input.role,
        status: 'APPROVED',
        emailVerifiedAt: sql`now()`,
      })
      .returning({ id: users.id });
    await tx.insert(staffAccounts).values({ userId: row!.id, createdBy });
    return row!.id;
  });
  return { data: await staffMember(db, id), temporaryPassword: password };
}

function notSelf(actorId: number | null, id: number) {
  if (actorId === id) throw new AppError('STAFF_SELF');
}

/** Ends every sign-in of a member of staff (its tokens stop working everywhere). */
async function endSessions(db: Database, id: number) {
  await db
    .update(staffSessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(staffSessions.userId, id), isNull(staffSessions.endedAt)));
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, id));
  forgetViewers(db);
}

export async function setStaffDisabled(db: Database, actorId: number | null, id: number, disabled: boolean): Promise<TStaffMember> {
  notSelf(actorId, id);
  await staffMember(db, id);
  await db
    .update(staffAccounts)
    .set({ disabledAt: disabled ? sql`coalesce(${staffAccounts.disabledAt}, now())` : null })
    .where(eq(staffAccounts.userId, id));
  if (disabled) await endSessions(db, id);
  return staffMember(db, id);
}

export async function resetStaffSecondFactor(db: Database, actorId: number | null, id: number): Promise<TStaffMember> {
  notSelf(actorId, id);
  await staffMember(db, id);
  await db
    .update(staffAccounts)
    .set({ totpSecret: null, totpPending: null, totpLastStep: null, totpEnabledAt: null })
    .where(eq(staffAccounts.userId, id));
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, id));
  await endSessions(db, id);
  return staffMember(db, id);
}

export async function setStaffRole(db: Database, actorId: number | null, id: number, role: StaffRole): Promise<TStaffMember> {
  notSelf(actorId, id);
  await staffMember(db, id);
  await db
    .update(users)
    .set({ staffRole: role, updatedAt: sql`now()` })
    .where(eq(users.id, id));
  forgetViewers(db);
  return staffMember(db, id);
}
