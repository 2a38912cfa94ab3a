import { eq } from 'drizzle-orm';
import { businessProfiles, socialIdentities, uploadedFiles, users, type Database } from '@podo/db';
import { PASSWORD_CAMPAIGN_DAYS, type TMe } from '@podo/contracts';

export type UserRow = typeof users.$inferSelect;

/** Whether the password-change campaign modal should show (356+ days old, not snoozed). */
export function passwordChangeDue(u: Pick<UserRow, 'passwordChangedAt' | 'passwordReminderAt'>, now = Date.now()): boolean {
  const old = now - u.passwordChangedAt.getTime() >= PASSWORD_CAMPAIGN_DAYS * 86_400_000;
  const snoozed = u.passwordReminderAt !== null && u.passwordReminderAt.getTime() > now;
  return old && !snoozed;
}

/** The member as the API shows it to themselves (GET /me `data`): no hashes, no internals. */
export async function loadMe(db: Database, user: UserRow): Promise<TMe> {
  const [biz] = await db
    .select({ p: businessProfiles, f: uploadedFiles })
    .from(businessProfiles)
    .leftJoin(uploadedFiles, eq(uploadedFiles.id, businessProfiles.certificateFileId))
    .where(eq(businessProfiles.userId, user.id))
    .limit(1);
  const sns = await db.select().from(socialIdentities).where(eq(socialIdentities.userId, user.id));
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    mobile: user.mobile,
    birthday: user.birthday,
    role: user.role,
    status: user.status,
    emailVerified: user.emailVerifiedAt !== null,
    marketingAgreed: user.marketingAgreedAt !== null,
    rejectReason: user.status === 'REJECTED' ? user.rejectReason : null,
    business: biz
      ? {
          companyName: biz.p.companyName,
          businessNumber: biz.p.businessNumber,
          representative: biz.p.representative,
          businessType: biz.p.businessType,
          taxEmail: biz.p.taxEmail,
          certificate: biz.f ? { id: biz.f.id, name: biz.f.originalName, size: biz.f.size, mime: biz.f.mime } : null,
        }
      : null,
    sns: sns.map((s) => ({ provider: s.provider, email: s.email, linkedAt: s.createdAt.toISOString() })),
    passwordChangeDue: passwordChangeDue(user),
    passwordChangedAt: user.passwordChangedAt.toISOString(),
    createdAt: user.createdAt.toISOString(),
  };
}
