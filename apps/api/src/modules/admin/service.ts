import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { businessProfiles, users, type Database } from '@podo/db';
import { localized, type AppConfig } from '@podo/config';
import type { TMe, ZAdminMemberQuery } from '@podo/contracts';
import { matchLanguage } from '@podo/i18n';
import { apiMessages, interpolate } from '@podo/i18n/resources';
import { AppError } from '../../lib/errors';
import type { Notifier } from '../../lib/notify';
import { loadMembers, reloadMe } from '../session/me';

export type AdminMember = Omit<TMe, 'passwordChangeDue'>;

/** What the admin services need: the same for the API and for the CLI that opens the database itself. */
export interface AdminDeps {
  db: Database;
  config: AppConfig;
  notifier: Notifier;
  /** Where mail failures are reported (they never undo the decision). */
  log: { warn(obj: object, msg: string): void };
}

const toAdmin = ({ passwordChangeDue: _, ...m }: TMe): AdminMember => m;

/** `%` and `_` typed by the admin are searched literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /admin/members: newest first; `query` searches e-mail, name and company name. */
export async function listMembers(db: Database, q: z.output<typeof ZAdminMemberQuery>) {
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(users.status, q.status));
  const text = q.query?.trim();
  if (text) {
    const pattern = `%${likeEscape(text)}%`;
    const companies = db.select({ id: businessProfiles.userId }).from(businessProfiles).where(ilike(businessProfiles.companyName, pattern));
    filters.push(or(ilike(users.email, pattern), ilike(users.fullName, pattern), inArray(users.id, companies))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { data: (await loadMembers(db, rows)).map(toAdmin), page: q.page, size: q.size, total: Number(total) };
}

/** One member by id, or NOT_FOUND. */
export async function getMember(db: Database, id: number): Promise<AdminMember> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return toAdmin(await reloadMe(db, id));
}

/** A member's id from the e-mail (the CLI names members by e-mail), or NOT_FOUND. */
export async function memberIdByEmail(db: Database, email: string): Promise<number> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row.id;
}

/** Where links in the approval mails point: PUBLIC_URL, else the address the request came to, else localhost. */
export function mailOrigin(config: AppConfig, requestOrigin?: string): string {
  return (config.publicUrl ?? requestOrigin ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}

async function notify(deps: AdminDeps, member: AdminMember, kind: 'approved' | 'rejected', extra: { reason?: string; origin?: string }) {
  // In the language the member last used to sign up or log in.
  const [row] = await deps.db.select({ lang: users.lang }).from(users).where(eq(users.id, member.id));
  const lang = matchLanguage(row?.lang) ?? 'ko-KR';
  const m = apiMessages[lang].mail;
  const origin = mailOrigin(deps.config, extra.origin);
  const params = {
    brand: localized(deps.config.site.brandName, lang),
    name: member.fullName,
    company: member.business?.companyName ?? '',
    reason: extra.reason ?? '',
    link: kind === 'approved' ? `${origin}/account/login` : `${origin}/mypage`,
  };
  const subject = interpolate(kind === 'approved' ? m.approvedSubject : m.rejectedSubject, params);
  const text = interpolate(kind === 'approved' ? m.approvedText : m.rejectedText, params);
  try {
    await deps.notifier.sendMail({ to: member.email, subject, text });
  } catch (err) {
    deps.log.warn({ err, memberId: member.id }, `could not send the ${kind} mail to member ${member.id}`);
  }
}

/**
 * Approves a PENDING or REJECTED application: status APPROVED, role BUYER, reviewed now by `reviewerId` (null for
 * the CLI). MEMBER_NOT_PENDING for any other status. The member gets an e-mail; a mail failure is only logged.
 */
export async function approveMember(deps: AdminDeps, id: number, reviewerId: number | null, origin?: string): Promise<AdminMember> {
  const [row] = await deps.db
    .update(users)
    .set({ status: 'APPROVED', role: 'BUYER', reviewedAt: sql`now()`, reviewedBy: reviewerId, rejectReason: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), inArray(users.status, ['PENDING', 'REJECTED']), inArray(users.role, ['MEMBER', 'BUYER'])))
    .returning({ id: users.id });
  if (!row) {
    await getMember(deps.db, id); // NOT_FOUND first
    throw new AppError('MEMBER_NOT_PENDING');
  }
  const member = await getMember(deps.db, id);
  await notify(deps, member, 'approved', { origin });
  return member;
}

/** Rejects a PENDING application with a reason shown to the member (MEMBER_NOT_PENDING otherwise); mails them. */
export async function rejectMember(
  deps: AdminDeps,
  id: number,
  reason: string,
  reviewerId: number | null,
  origin?: string,
): Promise<AdminMember> {
  const [row] = await deps.db
    .update(users)
    .set({ status: 'REJECTED', rejectReason: reason, reviewedAt: sql`now()`, reviewedBy: reviewerId, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.status, 'PENDING')))
    .returning({ id: users.id });
  if (!row) {
    await getMember(deps.db, id);
    throw new AppError('MEMBER_NOT_PENDING');
  }
  const member = await getMember(deps.db, id);
  await notify(deps, member, 'rejected', { reason, origin });
  return member;
}
