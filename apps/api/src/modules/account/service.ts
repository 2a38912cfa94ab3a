import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { businessProfiles, socialIdentities, uploadedFiles, users, withdrawals, type Database } from '@podo/db';
import {
  LEAVE_REASONS,
  PASSWORD_CAMPAIGN_SNOOZE_DAYS,
  REREGISTER_BLOCK_MONTHS,
  ZBusinessInput,
  type TMe,
  type ZChangeMobileBody,
  type ZChangePasswordBody,
  type ZChangeUserBody,
  type ZLeaveBody,
  type ZMatchPasswordBody,
  type ZSignupBody,
} from '@podo/contracts';
import type { Language } from '@podo/i18n';
import type { AppDeps } from '../../app';
import { AppError } from '../../lib/errors';
import { assertPasswordAllowed, hashPassword } from '../../lib/passwords';
import { CERTIFICATE_PURPOSE, claimUpload, type UploadRow } from '../../lib/uploads';
import { consumeVerified, verifyAndConsume } from '../certification/codes';
import { assertEmailRegistrable, withdrawnEmailHash } from '../certification/registrable';
import { reloadMe, type UserRow } from '../session/me';
import { checkCurrentPassword, issueAccessToken } from '../session/service';

type Deps = Pick<AppDeps, 'db' | 'tokens' | 'config'>;

/** A PostgreSQL unique violation (PGlite and node-postgres alike; drizzle may wrap the driver error). */
function isUniqueViolation(e: unknown, constraint?: string): boolean {
  for (let err = e as { code?: string; constraint?: string; cause?: unknown } | undefined; err; err = err.cause as typeof err) {
    if (err.code === '23505') return !constraint || !err.constraint || err.constraint === constraint;
  }
  return false;
}

/** POST /valid-email: available, or EMAIL_TAKEN / REREGISTER_BLOCKED. */
export async function checkEmailAvailable(deps: Deps, email: string): Promise<void> {
  await assertEmailRegistrable(deps.db.db, deps.tokens, email);
}

/** Whether a live member already uses this mobile number (several accounts may share one: only a notice). */
export async function mobileInUse(db: Database, mobile: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobile, mobile), ne(users.status, 'WITHDRAWN')))
    .limit(1);
  return rows.length > 0;
}

/**
 * POST /signup: a MEMBER waiting for review (PENDING). The e-mail must be free, the password not a common one,
 * and both sign-up codes (SMS to the mobile, e-mail) verified; the codes are used up, the certificate claimed, the
 * member and the business profile written in one transaction, so a failure leaves nothing half done.
 */
export async function signup(deps: Deps, body: z.output<typeof ZSignupBody>, lang: Language = 'ko-KR') {
  const db = deps.db.db;
  await assertEmailRegistrable(db, deps.tokens, body.email);
  assertPasswordAllowed(body.password, { email: body.email, fullName: body.fullName });
  const passwordHash = await hashPassword(body.password);
  try {
    const user = await db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      await consumeVerified(tx, { purpose: 'SIGNUP_MOBILE', target: body.mobile });
      await consumeVerified(tx, { purpose: 'SIGNUP_EMAIL', target: body.email });
      const now = sql`now()`;
      const [created] = await tx
        .insert(users)
        .values({
          email: body.email,
          passwordHash,
          fullName: body.fullName,
          mobile: body.mobile,
          birthday: body.birthday,
          lang,
          role: 'MEMBER',
          status: 'PENDING',
          emailVerifiedAt: now,
          mobileVerifiedAt: now,
          termsAgreedAt: now,
          privacyAgreedAt: now,
          marketingAgreedAt: body.agreeMarketing ? now : null,
        })
        .returning();
      await claimUpload(tx, { fileId: body.certificateFileId, userId: created.id, purpose: CERTIFICATE_PURPOSE });
      await tx.insert(businessProfiles).values({ userId: created.id, ...body.business, certificateFileId: body.certificateFileId });
      return created;
    });
    return issueAccessToken(deps.tokens, user);
  } catch (e) {
    // Another sign-up with this e-mail committed between the check above and the insert.
    if (isUniqueViolation(e, 'users_email_lower_uq')) throw new AppError('EMAIL_TAKEN');
    throw e;
  }
}

/** The e-mail in a body must be the logged-in member's own (the forms send it with the password). */
function assertOwnEmail(user: UserRow, email: string) {
  if (user.email.toLowerCase() !== email.trim().toLowerCase()) throw new AppError('FORBIDDEN');
}

/** (T) POST /me/match-password: the current password is right (PASSWORD_INCORRECT otherwise). */
export async function matchPassword(deps: Deps, user: UserRow, body: z.output<typeof ZMatchPasswordBody>): Promise<void> {
  assertOwnEmail(user, body.email);
  await checkCurrentPassword(deps.db.db, user, body.password);
}

/**
 * (T) PUT /me/change-password: checks the current password, refuses the same or a common one, stores the new
 * hash and bumps the token version (every earlier token stops working); answers a fresh token for this device.
 */
export async function changePassword(deps: Deps, user: UserRow, body: z.output<typeof ZChangePasswordBody>) {
  const db = deps.db.db;
  assertOwnEmail(user, body.email);
  await checkCurrentPassword(db, user, body.password);
  if (body.newPassword === body.password) throw new AppError('PASSWORD_SAME');
  assertPasswordAllowed(body.newPassword, { email: user.email, fullName: user.fullName });
  const passwordHash = await hashPassword(body.newPassword);
  const [updated] = await db
    .update(users)
    .set({
      passwordHash,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      passwordChangedAt: sql`now()`,
      passwordReminderAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, user.id))
    .returning();
  return issueAccessToken(deps.tokens, updated);
}

/** (T) POST /me/password-campaign/snooze: 'change next time' hides the campaign modal for 30 days. */
export async function snoozePasswordCampaign(db: Database, user: UserRow): Promise<Date> {
  const until = new Date(Date.now() + PASSWORD_CAMPAIGN_SNOOZE_DAYS * 86_400_000);
  await db
    .update(users)
    .set({ passwordReminderAt: until, updatedAt: sql`now()` })
    .where(eq(users.id, user.id));
  return until;
}

/** (T) PUT /change-mobile: the CERT_MOBILE code sent to the new number is checked and used up. */
export async function changeMobile(deps: Deps, user: UserRow, body: z.output<typeof ZChangeMobileBody>): Promise<TMe> {
  const db = deps.db.db;
  await verifyAndConsume(db, deps.tokens, { purpose: 'CERT_MOBILE', target: body.mobile, code: body.code });
  await db
    .update(users)
    .set({ mobile: body.mobile, mobileVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, user.id));
  return reloadMe(db, user.id);
}

/** Statuses in which the registration number and the certificate may still change (not yet approved). */
const UNDER_REVIEW = new Set<UserRow['status']>(['PENDING', 'REJECTED']);

/**
 * (T) PUT /change-user: name, birthday, marketing consent and business details. The registration number and the
 * certificate change only while the application is PENDING or REJECTED (BUSINESS_LOCKED otherwise); any business
 * change of a REJECTED application sends it back to review (PENDING): `resubmitted`.
 */
export async function changeUser(
  deps: Deps,
  user: UserRow,
  body: z.output<typeof ZChangeUserBody>,
): Promise<{ resubmitted: boolean; me: TMe }> {
  const db = deps.db.db;
  const resubmitted = await db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    // Lock the member row: two edits at once must not both decide the status.
    const [current] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    const [profile] = await tx.select().from(businessProfiles).where(eq(businessProfiles.userId, user.id)).for('update');

    let businessChanged = false;
    if (body.business || body.certificateFileId) {
      const merged = { ...(profile ?? {}), ...(body.business ?? {}) };
      const parsed = ZBusinessInput.safeParse(merged);
      if (!parsed.success) throw new AppError('VALIDATION_FAILED');
      const next = parsed.data;
      // A member without a profile (e.g. an admin) may create one; an existing number is what approval fixed.
      const numberChanged = profile !== undefined && next.businessNumber !== profile.businessNumber;
      const certChanged = body.certificateFileId !== undefined && body.certificateFileId !== profile?.certificateFileId;
      if ((numberChanged || certChanged) && !UNDER_REVIEW.has(current.status)) throw new AppError('BUSINESS_LOCKED');
      businessChanged =
        !profile ||
        numberChanged ||
        certChanged ||
        (['companyName', 'representative', 'businessType', 'taxEmail'] as const).some((k) => next[k] !== profile?.[k]);
      if (certChanged) await claimUpload(tx, { fileId: body.certificateFileId!, userId: user.id, purpose: CERTIFICATE_PURPOSE });
      const values = { ...next, certificateFileId: certChanged ? body.certificateFileId! : (profile?.certificateFileId ?? null) };
      if (profile)
        await tx
          .update(businessProfiles)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(businessProfiles.userId, user.id));
      else await tx.insert(businessProfiles).values({ userId: user.id, ...values });
    }

    const back = businessChanged && current.status === 'REJECTED';
    await tx
      .update(users)
      .set({
        ...(body.fullName !== undefined ? { fullName: body.fullName } : {}),
        ...(body.birthday !== undefined ? { birthday: body.birthday } : {}),
        ...(body.agreeMarketing !== undefined
          ? { marketingAgreedAt: body.agreeMarketing ? (current.marketingAgreedAt ?? sql`now()`) : null }
          : {}),
        ...(back ? { status: 'PENDING' as const } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));
    return back;
  });
  return { resubmitted, me: await reloadMe(db, user.id) };
}

/**
 * (T) POST /leave-user (docs/accounts.md "Leaving"): the row stays (orders and invoices are kept five years) but
 * is anonymized; the e-mail is remembered only as a keyed hash for six months (re-registration refused, login
 * answers ACCOUNT_WITHDRAWN); social links are deleted; every token stops working.
 */
export async function leave(deps: Deps, user: UserRow, body: z.output<typeof ZLeaveBody>): Promise<void> {
  const db = deps.db.db;
  await checkCurrentPassword(db, user, body.password);
  const preset = (LEAVE_REASONS as readonly string[]).includes(body.leaveReason);
  const reregisterAfter = new Date();
  reregisterAfter.setMonth(reregisterAfter.getMonth() + REREGISTER_BLOCK_MONTHS);
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const [left] = await tx
      .update(users)
      .set({
        email: `withdrawn-${user.id}@invalid`,
        fullName: '',
        mobile: null,
        birthday: null,
        // Not an argon2 string: no password can ever match it.
        passwordHash: `!withdrawn:${randomBytes(16).toString('hex')}`,
        marketingAgreedAt: null,
        passwordReminderAt: null,
        status: 'WITHDRAWN',
        withdrawnAt: sql`now()`,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.id, user.id), ne(users.status, 'WITHDRAWN')))
      .returning({ id: users.id });
    if (!left) throw new AppError('TOKEN_INVALID');
    await tx
      .update(businessProfiles)
      .set({ representative: '', taxEmail: '', updatedAt: sql`now()` })
      .where(eq(businessProfiles.userId, user.id));
    await tx.delete(socialIdentities).where(eq(socialIdentities.userId, user.id));
    await tx.insert(withdrawals).values({
      userId: user.id,
      emailHash: withdrawnEmailHash(deps.tokens, user.email),
      reasonCode: preset ? body.leaveReason : 'OTHER',
      reasonText: preset ? null : body.leaveReason,
      reregisterAfter,
    });
  });
}

/** The certificate file of a member's business profile, or NOT_FOUND. */
export async function certificateOf(db: Database, userId: number): Promise<UploadRow> {
  const [row] = await db
    .select({ f: uploadedFiles })
    .from(businessProfiles)
    .innerJoin(uploadedFiles, eq(uploadedFiles.id, businessProfiles.certificateFileId))
    .where(eq(businessProfiles.userId, userId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row.f;
}
