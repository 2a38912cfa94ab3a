import { eq, inArray, sql } from 'drizzle-orm';
import { businessProfiles, rawQuery, statementName, uploadedFiles, users, type Database } from '@podo/db';
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

/** What a member's view is made of: their row, business profile, certificate, cart lines and social accounts. */
interface MemberFacts {
  user: Pick<
    UserRow,
    | 'id'
    | 'email'
    | 'fullName'
    | 'mobile'
    | 'birthday'
    | 'role'
    | 'status'
    | 'rejectReason'
    | 'passwordHash'
    | 'passwordChangedAt'
    | 'passwordReminderAt'
    | 'createdAt'
  > & { emailVerified: boolean; marketingAgreed: boolean };
  business: Pick<
    typeof businessProfiles.$inferSelect,
    'companyName' | 'businessNumber' | 'representative' | 'businessType' | 'taxEmail' | 'pendingChanges' | 'pendingSince'
  > | null;
  certificate: { id: string; name: string; size: number; mime: string } | null;
  cart: number;
  sns: [string, string | null, string][];
}

/** The member as the API shows them (GET /me `data`, admin lists): no hashes, no internals. */
function memberView({ user, business, certificate, cart, sns }: MemberFacts): TMe {
  const pending = business ? pendingChangesOf(business) : null;
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    mobile: user.mobile,
    birthday: user.birthday,
    role: user.role,
    status: user.status,
    emailVerified: user.emailVerified,
    marketingAgreed: user.marketingAgreed,
    rejectReason: user.status === 'REJECTED' ? user.rejectReason : null,
    cartCount: cart,
    business: business
      ? {
          companyName: business.companyName,
          businessNumber: business.businessNumber,
          representative: business.representative,
          businessType: business.businessType,
          taxEmail: business.taxEmail,
          certificate,
          pendingChanges: pending,
          pendingSince: pending && business.pendingSince ? business.pendingSince.toISOString() : null,
        }
      : null,
    sns: sns.map(([provider, email, at]) => ({
      provider: provider as TMe['sns'][number]['provider'],
      email,
      linkedAt: new Date(at).toISOString(),
    })),
    hasPassword: hasUsablePassword(user),
    passwordChangeDue: passwordChangeDue(user),
    passwordChangedAt: user.passwordChangedAt.toISOString(),
    createdAt: user.createdAt.toISOString(),
  };
}

// Over `users` as the statements below name it (not aliased).
const CART_COUNT = '(select count(*)::int from cart_items c where c.user_id = users.id)';
const SNS = `(select coalesce(json_agg(json_build_array(s.provider, s.email, s.created_at) order by s.created_at, s.provider), '[]'::json)
  from social_identities s where s.user_id = users.id)`;

/**
 * Several members as the API shows them, in one statement whatever the count (admin lists). The member rows are
 * read again here: the caller's may be the one a read kept for a few seconds (`requireUser`).
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
      cart: sql<number>`${sql.raw(CART_COUNT)}`,
      sns: sql<[string, string | null, string][]>`${sql.raw(SNS)}`,
    })
    .from(users)
    .leftJoin(businessProfiles, eq(businessProfiles.userId, users.id))
    .leftJoin(uploadedFiles, eq(uploadedFiles.id, businessProfiles.certificateFileId))
    .where(inArray(users.id, ids));
  const of = new Map(rows.map((r) => [r.userId, r]));
  return list.map((given) => {
    const row = of.get(given.id);
    const u = row?.u ?? given;
    return memberView({
      user: { ...u, emailVerified: u.emailVerifiedAt !== null, marketingAgreed: u.marketingAgreedAt !== null },
      business: row?.p ?? null,
      certificate: row?.p && row.f ? { id: row.f.id, name: row.f.originalName, size: row.f.size, mime: row.f.mime } : null,
      cart: row?.cart ?? 0,
      sns: row?.sns ?? [],
    });
  });
}

/** A timestamp as milliseconds since 1970 (a number the raw runners return as is, whatever the driver). */
const millis = (col: string) => `floor(extract(epoch from ${col}) * 1000)::float8`;

/**
 * One member's view as one prepared statement (`GET /me`, which the site's shell asks on every page a member opens):
 * planned once per connection, and on the embedded database one call instead of Drizzle's five. It reads what
 * loadMembers reads.
 */
const ME_ONE = `select users.id, users.email, users.full_name as "fullName", users.mobile, users.birthday, users.role::text as role,
  users.status::text as status, users.email_verified_at is not null as "emailVerified",
  users.marketing_agreed_at is not null as "marketingAgreed", users.reject_reason as "rejectReason",
  users.password_hash as "passwordHash", ${millis('users.password_changed_at')} as "passwordChangedAt",
  ${millis('users.password_reminder_at')} as "passwordReminderAt", ${millis('users.created_at')} as "createdAt",
  p.user_id is not null as "hasBusiness", p.company_name as "companyName", p.business_number as "businessNumber",
  p.representative, p.business_type::text as "businessType", p.tax_email as "taxEmail", p.pending_changes as "pendingChanges",
  ${millis('p.pending_since')} as "pendingSince", f.id::text as "fileId", f.original_name as "fileName", f.size as "fileSize",
  f.mime as "fileMime", ${CART_COUNT} as cart, ${SNS} as sns
from users left join business_profiles p on p.user_id = users.id left join uploaded_files f on f.id = p.certificate_file_id
where users.id = $1::int`;
const ME_ONE_NAME = statementName('me', ME_ONE);

type Millis = number | null;
interface MeRow {
  id: number;
  email: string;
  fullName: string;
  mobile: string | null;
  birthday: string | null;
  role: UserRow['role'];
  status: UserRow['status'];
  emailVerified: boolean;
  marketingAgreed: boolean;
  rejectReason: string | null;
  passwordHash: string;
  passwordChangedAt: number;
  passwordReminderAt: Millis;
  createdAt: number;
  hasBusiness: boolean;
  companyName: string;
  businessNumber: string;
  representative: string;
  businessType: NonNullable<MemberFacts['business']>['businessType'];
  taxEmail: string;
  pendingChanges: Record<string, string> | null;
  pendingSince: Millis;
  fileId: string | null;
  fileName: string;
  fileSize: number;
  fileMime: string;
  cart: number;
  sns: [string, string | null, string][];
}

/** The member as the API shows it to themselves (GET /me `data`): no hashes, no internals. */
export async function loadMe(db: Database, user: UserRow): Promise<TMe> {
  const [r] = (await rawQuery<MeRow>(db, ME_ONE, [user.id], undefined, ME_ONE_NAME)).rows;
  // A member deleted meanwhile is shown from the row the caller has, as loadMembers does.
  if (!r) return oneRow(await loadMembers(db, [user]), 'member view');
  const date = (ms: Millis) => (ms === null ? null : new Date(ms));
  return memberView({
    user: {
      ...r,
      passwordChangedAt: new Date(r.passwordChangedAt),
      passwordReminderAt: date(r.passwordReminderAt),
      createdAt: new Date(r.createdAt),
    },
    business: r.hasBusiness ? { ...r, pendingSince: date(r.pendingSince) } : null,
    certificate: r.fileId === null ? null : { id: r.fileId, name: r.fileName, size: r.fileSize, mime: r.fileMime },
    cart: r.cart,
    sns: r.sns,
  });
}

/** Re-reads a member row (after an update) and shows it. */
export async function reloadMe(db: Database, id: number): Promise<TMe> {
  const user = oneRow(await db.select().from(users).where(eq(users.id, id)).limit(1), `member ${id}`);
  return loadMe(db, user);
}
