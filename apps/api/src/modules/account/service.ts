import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { businessProfiles, shipAddresses, socialIdentities, uploadedFiles, users, withdrawals, type Database } from '@podo/db';
import {
  BUSINESS_REVIEW_FIELDS,
  LEAVE_REASONS,
  PASSWORD_CAMPAIGN_SNOOZE_DAYS,
  REREGISTER_BLOCK_MONTHS,
  ZBusinessInput,
  type TBusinessChanges,
  type TMe,
  type ZChangeMobileBody,
  type ZChangePasswordBody,
  type ZChangeUserBody,
  type ZLeaveBody,
  type ZMatchPasswordBody,
  type ZSignupBody,
} from '@podo/contracts';
import { withDb, type ServiceCtx } from '../../deps';
import { AppError } from '../../lib/errors';
import { assertPasswordAllowed, hashPassword } from '../../lib/passwords';
import { oneRow } from '../../lib/rows';
import { availabilityCheckKey, hit, secondsUntil } from '../../lib/throttle';
import { CERTIFICATE_PURPOSE, claimUpload, type UploadRow } from '../../lib/uploads';
import { consumeVerified, verifyAndConsume } from '../certification';
import { assertEmailRegistrable, withdrawnEmailHash } from '../certification';
import { pendingChangesOf, reloadMe, type UserRow } from '../session';
import { checkIdentity, hasUsablePassword, useUpIdentityProof } from './identity';
import { queueMobileChangedNotices } from './notices';
import { checkCurrentPassword, forgetViewers, issueAccessToken } from '../session';

/** A PostgreSQL unique violation (PGlite and node-postgres alike; drizzle may wrap the driver error). */
function isUniqueViolation(e: unknown, constraint?: string): boolean {
  for (let err = e as { code?: string; constraint?: string; cause?: unknown } | undefined; err; err = err.cause as typeof err) {
    if (err.code === '23505') return !constraint || !err.constraint || err.constraint === constraint;
  }
  return false;
}

/** Availability checks (valid-email, valid-mobile) per client address per hour: enough for sign-ups, not for lists. */
export const AVAILABILITY_CHECK_POLICY = { perIp: 20, windowMs: 3600_000 };

/**
 * Counts one availability check of this address (each call its own budget); past the limit CHECK_LIMIT (429, with
 * Retry-After). The spec wants these calls to tell a sign-up form whether an address is free, so only their rate
 * can keep them from being used to test lists of e-mails or numbers.
 */
export async function limitAvailabilityChecks(db: Database, kind: 'email' | 'mobile', ip: string): Promise<void> {
  const state = await hit(db, availabilityCheckKey(kind, ip), AVAILABILITY_CHECK_POLICY.windowMs);
  if (state.count > AVAILABILITY_CHECK_POLICY.perIp) {
    const seconds = secondsUntil(state.resetAt);
    throw new AppError('CHECK_LIMIT', { seconds, minutes: Math.ceil(seconds / 60) });
  }
}

/**
 * POST /valid-email: available, or EMAIL_TAKEN / REREGISTER_BLOCKED. One statement answers both questions, so a
 * free and a taken e-mail cost the same (assertEmailRegistrable stops after the first).
 */
export async function checkEmailAvailable(ctx: ServiceCtx, email: string): Promise<void> {
  const lower = email.trim().toLowerCase();
  const result = await ctx.db.execute(sql`
    select
      exists (select 1 from ${users} where lower(${users.email}) = ${lower}) as taken,
      exists (
        select 1 from ${withdrawals}
        where ${withdrawals.emailHash} = ${withdrawnEmailHash(ctx.tokens, lower)} and ${withdrawals.reregisterAfter} > now()
      ) as blocked`);
  const row = oneRow((result as unknown as { rows: { taken: boolean; blocked: boolean }[] }).rows, 'e-mail check');
  if (row.taken) throw new AppError('EMAIL_TAKEN');
  if (row.blocked) throw new AppError('REREGISTER_BLOCKED');
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
export async function signup(ctx: ServiceCtx, body: z.output<typeof ZSignupBody>) {
  const db = ctx.db;
  await assertEmailRegistrable(db, ctx.tokens, body.email);
  assertPasswordAllowed(body.password, { email: body.email, fullName: body.fullName });
  const passwordHash = await hashPassword(body.password);
  try {
    const user = await db.transaction(async (txn) => {
      const tx = txn;
      await consumeVerified(tx, { purpose: 'SIGNUP_MOBILE', target: body.mobile });
      await consumeVerified(tx, { purpose: 'SIGNUP_EMAIL', target: body.email });
      const now = sql`now()`;
      const inserted = await tx
        .insert(users)
        .values({
          email: body.email,
          passwordHash,
          fullName: body.fullName,
          mobile: body.mobile,
          birthday: body.birthday,
          lang: ctx.lang,
          role: 'MEMBER',
          status: 'PENDING',
          emailVerifiedAt: now,
          mobileVerifiedAt: now,
          termsAgreedAt: now,
          privacyAgreedAt: now,
          marketingAgreedAt: body.agreeMarketing ? now : null,
        })
        .returning();
      const created = oneRow(inserted, 'insert into users');
      await claimUpload(tx, { fileId: body.certificateFileId, userId: created.id, purpose: CERTIFICATE_PURPOSE });
      await tx.insert(businessProfiles).values({ userId: created.id, ...body.business, certificateFileId: body.certificateFileId });
      return created;
    });
    return issueAccessToken(ctx.tokens, user);
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
export async function matchPassword(ctx: ServiceCtx, user: UserRow, body: z.output<typeof ZMatchPasswordBody>): Promise<void> {
  assertOwnEmail(user, body.email);
  await checkCurrentPassword(ctx.db, user, body.password);
}

/**
 * (T) PUT /me/change-password: checks the current password, refuses the same or a common one, stores the new
 * hash and bumps the token version (every earlier token stops working); answers a fresh token for this device.
 */
export async function changePassword(ctx: ServiceCtx, user: UserRow, body: z.output<typeof ZChangePasswordBody>) {
  const db = ctx.db;
  assertOwnEmail(user, body.email);
  await checkCurrentPassword(db, user, body.password);
  if (body.newPassword === body.password) throw new AppError('PASSWORD_SAME');
  assertPasswordAllowed(body.newPassword, { email: user.email, fullName: user.fullName });
  const passwordHash = await hashPassword(body.newPassword);
  const rows = await db
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
  forgetViewers(db);
  return issueAccessToken(ctx.tokens, oneRow(rows, 'password update'));
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

/**
 * (T) PUT /change-mobile: needs the current password (or, without one, a re-authentication proof) and the
 * CERT_MOBILE code sent to the new number, which is used up. The identity is checked first, so a stolen token
 * cannot even spend the code. Afterwards the old number gets an SMS and the member an e-mail about the change.
 */
export async function changeMobile(ctx: ServiceCtx, user: UserRow, body: z.output<typeof ZChangeMobileBody>): Promise<TMe> {
  const db = ctx.db;
  await checkIdentity(ctx, user, body);
  await verifyAndConsume(db, ctx.tokens, { purpose: 'CERT_MOBILE', target: body.mobile, code: body.code });
  await db.transaction(async (txn) => {
    const tx = txn;
    await useUpIdentityProof(withDb(ctx, tx), user, body);
    await tx
      .update(users)
      .set({ mobile: body.mobile, mobileVerifiedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await queueMobileChangedNotices(withDb(ctx, tx), user, body.mobile);
  });
  return reloadMe(db, user.id);
}

/** Statuses in which the registration number and the certificate may still change (not yet approved). */
const UNDER_REVIEW = new Set<UserRow['status']>(['PENDING', 'REJECTED']);

type ProfileRow = typeof businessProfiles.$inferSelect;

/** What a PUT /change-user does to the business details (null: the body leaves them alone). */
interface BusinessPlan {
  /** Something differs from the details in force (or, for an approved buyer, from those already asked for). */
  changed: boolean;
  /** The new profile values, written at once: a member not yet approved, or one without a profile. */
  values?: z.output<typeof ZBusinessInput> & { certificateFileId: string | null };
  certChanged?: boolean;
  /** An approved buyer's changes that wait for admin review afterwards (null: none left). */
  pending?: TBusinessChanges | null;
}

/**
 * Decides a business change against the profile. An approved buyer's form shows the requested values (approved
 * ones overlaid with those waiting), so that is what the body is compared with; the registration number and the
 * certificate cannot change after approval (BUSINESS_LOCKED).
 */
function planBusiness(
  status: UserRow['status'],
  profile: ProfileRow | undefined,
  body: z.output<typeof ZChangeUserBody>,
): BusinessPlan | null {
  if (!body.business && !body.certificateFileId) return null;
  const approved = profile !== undefined && !UNDER_REVIEW.has(status);
  const requested = profile ? { ...profile, ...(approved ? pendingChangesOf(profile) : {}) } : undefined;
  const parsed = ZBusinessInput.safeParse({ ...(requested ?? {}), ...(body.business ?? {}) });
  if (!parsed.success) throw new AppError('VALIDATION_FAILED');
  const next = parsed.data;
  // A member without a profile (e.g. an admin) may create one; an existing number is what approval fixed.
  const numberChanged = profile !== undefined && next.businessNumber !== profile.businessNumber;
  const certChanged = body.certificateFileId !== undefined && body.certificateFileId !== profile?.certificateFileId;
  if ((numberChanged || certChanged) && !UNDER_REVIEW.has(status)) throw new AppError('BUSINESS_LOCKED');
  const changed = !requested || numberChanged || certChanged || BUSINESS_REVIEW_FIELDS.some((k) => next[k] !== requested[k]);
  if (approved) {
    const fields = BUSINESS_REVIEW_FIELDS.filter((k) => next[k] !== profile[k]);
    return { changed, pending: fields.length ? (Object.fromEntries(fields.map((k) => [k, next[k]])) as TBusinessChanges) : null };
  }
  return {
    changed,
    certChanged,
    values: { ...next, certificateFileId: certChanged ? body.certificateFileId! : (profile?.certificateFileId ?? null) },
  };
}

const sameChanges = (a: TBusinessChanges | null, b: TBusinessChanges | null) =>
  BUSINESS_REVIEW_FIELDS.every((k) => (a?.[k] ?? null) === (b?.[k] ?? null));

/** Which message PUT /change-user answers with. */
export type ChangeUserOutcome = 'PROFILE_UPDATED' | 'RESUBMITTED' | 'CHANGES_PENDING';

/**
 * (T) PUT /change-user: name, birthday, marketing consent and business details. Any business change needs the
 * current password (or a re-authentication proof) in the same request. While the application is PENDING or
 * REJECTED the details change at once, the registration number and certificate included, and a change of a
 * REJECTED application sends it back to review (RESUBMITTED). An approved buyer's changes wait for admin review
 * (business_profiles.pending_changes, CHANGES_PENDING) while the approved details stay in force.
 */
export async function changeUser(
  ctx: ServiceCtx,
  user: UserRow,
  body: z.output<typeof ZChangeUserBody>,
): Promise<{ outcome: ChangeUserOutcome; me: TMe }> {
  const db = ctx.db;
  // Decided once before the transaction: the password check takes time, and PGlite runs nothing beside an open
  // transaction. Refusals (validation, BUSINESS_LOCKED) come before the password is tried.
  const [before] = await db.select().from(businessProfiles).where(eq(businessProfiles.userId, user.id));
  const needsProof = planBusiness(user.status, before, body)?.changed ?? false;
  if (needsProof) await checkIdentity(ctx, user, body);

  const outcome = await db.transaction(async (txn): Promise<ChangeUserOutcome> => {
    const tx = txn;
    // Lock the member row: two edits at once must not both decide the status.
    const current = oneRow(await tx.select().from(users).where(eq(users.id, user.id)).for('update'), 'member row');
    const [profile] = await tx.select().from(businessProfiles).where(eq(businessProfiles.userId, user.id)).for('update');
    const plan = planBusiness(current.status, profile, body);
    let result: ChangeUserOutcome = 'PROFILE_UPDATED';
    if (plan?.changed) {
      // The details moved between the check above and this lock (another edit, an approval): decide again.
      if (!needsProof) throw new AppError(hasUsablePassword(current) ? 'PASSWORD_REQUIRED' : 'REAUTH_REQUIRED');
      await useUpIdentityProof(withDb(ctx, tx), current, body);
      if (plan.values) {
        if (plan.certChanged) await claimUpload(tx, { fileId: body.certificateFileId!, userId: user.id, purpose: CERTIFICATE_PURPOSE });
        const values = { ...plan.values, pendingChanges: null, pendingSince: null };
        if (profile)
          await tx
            .update(businessProfiles)
            .set({ ...values, updatedAt: sql`now()` })
            .where(eq(businessProfiles.userId, user.id));
        else await tx.insert(businessProfiles).values({ userId: user.id, ...values });
        if (current.status === 'REJECTED') result = 'RESUBMITTED';
      } else if (!sameChanges(plan.pending ?? null, pendingChangesOf(profile!))) {
        await tx
          .update(businessProfiles)
          .set({ pendingChanges: plan.pending ?? null, pendingSince: plan.pending ? sql`now()` : null, updatedAt: sql`now()` })
          .where(eq(businessProfiles.userId, user.id));
        if (plan.pending) result = 'CHANGES_PENDING';
      }
    }

    await tx
      .update(users)
      .set({
        ...(body.fullName !== undefined ? { fullName: body.fullName } : {}),
        ...(body.birthday !== undefined ? { birthday: body.birthday } : {}),
        ...(body.agreeMarketing !== undefined
          ? { marketingAgreedAt: body.agreeMarketing ? (current.marketingAgreedAt ?? sql`now()`) : null }
          : {}),
        ...(result === 'RESUBMITTED' ? { status: 'PENDING' as const } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));
    return result;
  });
  return { outcome, me: await reloadMe(db, user.id) };
}

/**
 * (T) POST /leave-user (docs/accounts.md "Leaving"): the row stays (orders and invoices are kept five years) but
 * is anonymized; the e-mail is remembered only as a keyed hash for six months (re-registration refused, login
 * answers ACCOUNT_WITHDRAWN); social links are deleted; every token stops working.
 */
export async function leave(ctx: ServiceCtx, user: UserRow, body: z.output<typeof ZLeaveBody>): Promise<void> {
  const db = ctx.db;
  await checkCurrentPassword(db, user, body.password);
  const preset = (LEAVE_REASONS as readonly string[]).includes(body.leaveReason);
  const reregisterAfter = new Date();
  reregisterAfter.setMonth(reregisterAfter.getMonth() + REREGISTER_BLOCK_MONTHS);
  await db.transaction(async (txn) => {
    const tx = txn;
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
    // Recipients' names, numbers and addresses are personal data the importer no longer needs.
    await tx.delete(shipAddresses).where(eq(shipAddresses.userId, user.id));
    await tx.insert(withdrawals).values({
      userId: user.id,
      emailHash: withdrawnEmailHash(ctx.tokens, user.email),
      reasonCode: preset ? body.leaveReason : 'OTHER',
      reasonText: preset ? null : body.leaveReason,
      passwordHash: user.passwordHash,
      reregisterAfter,
    });
  });
  forgetViewers(db);
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
