import { eq, inArray, sql } from 'drizzle-orm';
import { businessProfiles, cartItems, socialIdentities, uploadedFiles, users, type Database } from '@podo/db';
import { BUSINESS_REVIEW_FIELDS, PASSWORD_CAMPAIGN_DAYS, ZBusinessChanges, type TBusinessChanges, type TMe } from '@podo/contracts';
import { oneRow } from '../../lib/rows';

export type UserRow = typeof users.$inferSelect;

/**
 * Whether the member can sign in with a password. Every sign-up sets an argon2id hash; a member created without
 * one (social only) or one who left (`!withdrawn:…`) has none that could ever match.
 */
export function hasUsablePassword(user: Pick<UserRow, 'passwordHash'>): boolean {
  return user.passwordHash.startsWith('$argon2');
}

/** An approved buyer's business changes waiting for review (only the known fields), or null. */
export function pendingChangesOf(p: Pick<typeof businessProfiles.$inferSelect, 'pendingChanges'>): TBusinessChanges | null {
  const parsed = ZBusinessChanges.safeParse(p.pendingChanges ?? {});
  if (!parsed.success) return null;
  const out = Object.fromEntries(BUSINESS_REVIEW_FIELDS.filter((k) => parsed.data[k] !== undefined).map((k) => [k, parsed.data[k]]));
  return Object.keys(out).length ? (out as TBusinessChanges) : null;
}

/** Whether the password-change campaign modal should show (356+ days old, not snoozed). */
export function passwordChangeDue(u: Pick<UserRow, 'passwordChangedAt' | 'passwordReminderAt'>, now = Date.now()): boolean {
  const old = now - u.passwordChangedAt.getTime() >= PASSWORD_CAMPAIGN_DAYS * 86_400_000;
  const snoozed = u.passwordReminderAt !== null && u.passwordReminderAt.getTime() > now;
  return old && !snoozed;
}

/**
 * Several members as the API shows them, in one statement whatever the count (GET /me on every page, admin lists).
 * The member rows are read again here: the caller's may be the one a read kept for a few seconds (`requireUser`).
 */
export async function loadMembers(db: Database, list: UserRow[]): Promise<TMe[]> {
  if (list.length === 0) return [];
  const ids = list.map((u) => u.id);
  const rows = await db
    .select({
      userId: users.id,
      u: users,
      p: businessProfiles,
      f: uploadedFiles,
      cart: sql<number>`(select count(*)::int from ${cartItems} c where c.user_id = ${users.id})`,
      sns: sql<
        [string, string | null, string][]
      >`(select coalesce(json_agg(json_build_array(s.provider, s.email, s.created_at) order by s.created_at, s.provider), '[]'::json)
        from ${socialIdentities} s where s.user_id = ${users.id})`,
    })
    .from(users)
    .leftJoin(businessProfiles, eq(businessProfiles.userId, users.id))
    .leftJoin(uploadedFiles, eq(uploadedFiles.id, businessProfiles.certificateFileId))
    .where(inArray(users.id, ids));
  const of = new Map(rows.map((r) => [r.userId, r]));
  return list.map((given) => {
    const row = of.get(given.id);
    const user = row?.u ?? given;
    const biz = row?.p ? { p: row.p, f: row.f } : undefined;
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
      cartCount: row?.cart ?? 0,
      business: biz
        ? {
            companyName: biz.p.companyName,
            businessNumber: biz.p.businessNumber,
            representative: biz.p.representative,
            businessType: biz.p.businessType,
            taxEmail: biz.p.taxEmail,
            certificate: biz.f ? { id: biz.f.id, name: biz.f.originalName, size: biz.f.size, mime: biz.f.mime } : null,
            pendingChanges: pendingChangesOf(biz.p),
            pendingSince: pendingChangesOf(biz.p) && biz.p.pendingSince ? biz.p.pendingSince.toISOString() : null,
          }
        : null,
      sns: (row?.sns ?? []).map(([provider, email, at]) => ({
        provider: provider as TMe['sns'][number]['provider'],
        email,
        linkedAt: new Date(at).toISOString(),
      })),
      hasPassword: hasUsablePassword(user),
      passwordChangeDue: passwordChangeDue(user),
      passwordChangedAt: user.passwordChangedAt.toISOString(),
      createdAt: user.createdAt.toISOString(),
    };
  });
}

/** The member as the API shows it to themselves (GET /me `data`): no hashes, no internals. */
export async function loadMe(db: Database, user: UserRow): Promise<TMe> {
  return oneRow(await loadMembers(db, [user]), 'member view');
}

/** Re-reads a member row (after an update) and shows it. */
export async function reloadMe(db: Database, id: number): Promise<TMe> {
  const user = oneRow(await db.select().from(users).where(eq(users.id, id)).limit(1), `member ${id}`);
  return loadMe(db, user);
}
