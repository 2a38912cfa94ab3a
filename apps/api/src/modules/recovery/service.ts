import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { users, type Database } from '@podo/db';
import { maskEmail } from '@podo/contracts';
import type { ServiceCtx } from '../../deps';
import { AppError } from '../../lib/errors';
import { assertSmsAvailable, DeliveryError } from '../../lib/notify';
import { sendNow } from '../../lib/outbox';
import { assertPasswordAllowed, hashPassword } from '../../lib/passwords';
import { clearLoginThrottle } from '../../lib/throttle';
import {
  confirmCode,
  consumeVerified,
  discardCode,
  issueCode,
  verifyAndConsume,
  type CodePurpose,
  type IssuedCode,
} from '../certification';
import { codeSms, resetCodeMail } from '../certification';
import type { RequestContext } from '../certification';
import { forgetViewers } from '../session';

/**
 * Recovery must not tell whether an account exists (docs/accounts.md "Recovery without leaks"): every request
 * issues a code and answers the same; the code is *delivered* only when the details match a live member.
 * Delivery runs after the answer, so its time (and an SMTP or SMS outage) cannot show a match either; a failed
 * delivery discards the code and is logged.
 */
export class BackgroundDeliveries {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sends in the background; on failure the code stops working. */
  run(issued: IssuedCode, purpose: CodePurpose, send: () => Promise<void>): void {
    const p = (async () => {
      try {
        await send();
      } catch (e) {
        await discardCode(this.db, issued.id).catch(() => {});
        this.log.error(
          { err: e, purpose },
          e instanceof DeliveryError ? `recovery code delivery failed (${e.channel})` : 'recovery code delivery crashed',
        );
      }
    })();
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  /** Waits for deliveries under way (app shutdown). */
  async settle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}

/** Live members only: a withdrawn account can be neither found nor reset. */
const live = ne(users.status, 'WITHDRAWN');
const emailIs = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());

/** What the sending calls answer in `data` (also when nothing was sent). */
export type SentAnswer = { expiresAt: string; resendAfterSeconds: number };
const sentAnswer = (issued: IssuedCode): SentAnswer => ({
  expiresAt: issued.expiresAt.toISOString(),
  resendAfterSeconds: issued.resendAfterSeconds,
});

async function exists(db: Database, where: ReturnType<typeof and>): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(where).limit(1);
  return rows.length > 0;
}

/** POST /find/account/mobile: an SMS code to the mobile when a live member has that name and mobile. */
export async function sendFindAccountCode(
  ctx: RequestContext,
  bg: BackgroundDeliveries,
  input: { fullname: string; mobile: string },
): Promise<SentAnswer> {
  const db = ctx.db;
  const match = await exists(db, and(eq(users.mobile, input.mobile), eq(users.fullName, input.fullname), live));
  // Past the SMS cap every request is refused alike, before the match matters.
  await assertSmsAvailable(ctx, ctx.log);
  const issued = await issueCode(db, ctx.tokens, { purpose: 'FIND_ACCOUNT', target: input.mobile, ip: ctx.ip });
  if (match) {
    bg.run(issued, 'FIND_ACCOUNT', () =>
      sendNow(
        ctx,
        {
          channel: 'sms',
          purpose: 'code',
          ...codeSms(ctx.config, ctx.lang, { to: input.mobile, code: issued.code, purpose: 'FIND_ACCOUNT' }),
        },
        issued.code,
      ),
    );
  }
  return sentAnswer(issued);
}

/** POST /find/account/mobile/confirm: uses the code up and lists the accounts of that name and mobile, e-mails masked. */
export async function confirmFindAccount(ctx: ServiceCtx, input: { fullname: string; mobile: string; code: string }) {
  const db = ctx.db;
  await verifyAndConsume(db, ctx.tokens, { purpose: 'FIND_ACCOUNT', target: input.mobile, code: input.code });
  const rows = await db
    .select({ email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.mobile, input.mobile), eq(users.fullName, input.fullname), live))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map((r) => ({ email: maskEmail(r.email), createdAt: r.createdAt.toISOString() }));
}

/** POST /find/password/email: a reset code and link by e-mail when a live member has that e-mail and name. */
export async function sendResetMail(
  ctx: RequestContext,
  bg: BackgroundDeliveries,
  input: { email: string; fullname: string },
): Promise<SentAnswer> {
  const db = ctx.db;
  const match = await exists(db, and(emailIs(input.email), eq(users.fullName, input.fullname), live));
  const issued = await issueCode(db, ctx.tokens, { purpose: 'RESET_PASSWORD_EMAIL', target: input.email, ip: ctx.ip });
  if (match) {
    bg.run(issued, 'RESET_PASSWORD_EMAIL', () =>
      sendNow(
        ctx,
        {
          channel: 'mail',
          purpose: 'code',
          ...resetCodeMail(ctx.config, ctx.lang, { to: input.email, code: issued.code, origin: ctx.origin }),
        },
        issued.code,
      ),
    );
  }
  return sentAnswer(issued);
}

/** POST /find/password/mobile: a reset code by SMS when a live member has that e-mail, mobile and name. */
export async function sendResetSms(
  ctx: RequestContext,
  bg: BackgroundDeliveries,
  input: { email: string; mobile: string; fullname: string },
): Promise<SentAnswer> {
  const db = ctx.db;
  const match = await exists(db, and(emailIs(input.email), eq(users.mobile, input.mobile), eq(users.fullName, input.fullname), live));
  // Bound to the phone (which receives it); the reset then also needs the e-mail of an account on that phone.
  await assertSmsAvailable(ctx, ctx.log, 'SMS_UNAVAILABLE_USE_EMAIL');
  const issued = await issueCode(db, ctx.tokens, { purpose: 'RESET_PASSWORD_MOBILE', target: input.mobile, ip: ctx.ip });
  if (match) {
    bg.run(issued, 'RESET_PASSWORD_MOBILE', () =>
      sendNow(
        ctx,
        {
          channel: 'sms',
          purpose: 'code',
          ...codeSms(ctx.config, ctx.lang, { to: input.mobile, code: issued.code, purpose: 'RESET_PASSWORD_MOBILE' }),
        },
        issued.code,
      ),
    );
  }
  return sentAnswer(issued);
}

/** POST /find/password/mobile/confirm without a password: checks the code (the reset call then uses it). */
export async function confirmResetSms(ctx: ServiceCtx, input: { mobile: string; code: string }): Promise<void> {
  await confirmCode(ctx.db, ctx.tokens, { purpose: 'RESET_PASSWORD_MOBILE', target: input.mobile, code: input.code });
}

/**
 * Sets a new password with a reset code: checks the code (counting the attempt), refuses a common password
 * (the code stays verified, so the member can try another), then in one transaction uses the code up and
 * writes the hash, bumps token_version (every earlier login ends) and restarts the password campaign. The
 * failed-login counters of the account are cleared, so the owner needs no wait and no login code afterwards.
 */
export async function resetPassword(
  ctx: ServiceCtx,
  input: { via: 'email' | 'mobile'; email: string; mobile?: string; code: string; password: string },
): Promise<void> {
  const db = ctx.db;
  const purpose: CodePurpose = input.via === 'email' ? 'RESET_PASSWORD_EMAIL' : 'RESET_PASSWORD_MOBILE';
  const target = input.via === 'email' ? input.email : input.mobile!;
  await confirmCode(db, ctx.tokens, { purpose, target, code: input.code });

  const where = input.via === 'email' ? and(emailIs(input.email), live) : and(emailIs(input.email), eq(users.mobile, target), live);
  const [user] = await db.select({ id: users.id, email: users.email, fullName: users.fullName }).from(users).where(where).limit(1);
  // Only reachable with a right code for details that match no live member (e.g. the member left meanwhile).
  if (!user) throw new AppError('CODE_NOT_VERIFIED');
  assertPasswordAllowed(input.password, { email: user.email, fullName: user.fullName });
  const passwordHash = await hashPassword(input.password);

  await db.transaction(async (tx) => {
    await consumeVerified(tx, { purpose, target });
    await tx
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: sql`now()`,
        passwordReminderAt: null,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));
  });
  forgetViewers(db);
  await clearLoginThrottle(db, user.email);
}
