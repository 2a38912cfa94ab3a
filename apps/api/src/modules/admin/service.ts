import { withDb, type ServiceCtx } from '../../deps';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { businessProfiles, productVintages, refreshCatalogDerived, users, type Database } from '@podo/db';
import { localized, type AppConfig } from '@podo/config';
import {
  BUSINESS_REVIEW_FIELDS,
  ZBusinessInput,
  type TBusinessChanges,
  type TAdminVintage,
  type TMe,
  type TVintagePriceBody,
  type ZAdminMemberQuery,
  type ZAdminPageQuery,
} from '@podo/contracts';
import { matchLanguage, type Language } from '@podo/i18n';
import { apiMessages, interpolate } from '@podo/i18n/resources';
import { writeInvalidating } from '../../lib/cache';
import { AppError } from '../../lib/errors';
import { queueMessages } from '../../lib/outbox';
import { oneRow } from '../../lib/rows';
import { siteOrigin } from '../certification';
import { queueRestockNotices } from '../commerce';
import { forgetViewers, loadMembers, pendingChangesOf, reloadMe } from '../session';

export type AdminMember = Omit<TMe, 'passwordChangeDue'>;

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
  const { total } = oneRow(await db.select({ total: count() }).from(users).where(where), 'member count');
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

/**
 * Where links in the admin mails point: PUBLIC_URL, else the configured listen address. A request's origin is
 * ignored (callers may still pass one): its Host header is whatever the client sent.
 */
export function mailOrigin(config: AppConfig, _requestOrigin?: string): string {
  return siteOrigin(config);
}

async function notify(ctx: ServiceCtx, member: AdminMember, kind: 'approved' | 'rejected', extra: { reason?: string }) {
  // In the language the member last used to sign up or log in.
  const [row] = await ctx.db.select({ lang: users.lang }).from(users).where(eq(users.id, member.id));
  const lang = matchLanguage(row?.lang) ?? 'ko-KR';
  const m = apiMessages[lang].mail;
  const origin = mailOrigin(ctx.config);
  const params = {
    brand: localized(ctx.config.site.brandName, lang),
    name: member.fullName,
    company: member.business?.companyName ?? '',
    reason: extra.reason ?? '',
    link: kind === 'approved' ? `${origin}/account/login` : `${origin}/mypage`,
  };
  const subject = interpolate(kind === 'approved' ? m.approvedSubject : m.rejectedSubject, params);
  const text = interpolate(kind === 'approved' ? m.approvedText : m.rejectedText, params);
  await queueMessages(ctx, ctx.db, [{ channel: 'mail', purpose: `member-${kind}`, to: member.email, subject, text }]);
}

/**
 * Approves a PENDING or REJECTED application: status APPROVED, role BUYER, reviewed now by `reviewerId` (null for
 * the CLI). MEMBER_NOT_PENDING for any other status. The member gets an e-mail; a mail failure is only logged.
 */
export async function approveMember(ctx: ServiceCtx, id: number, reviewerId: number | null): Promise<AdminMember> {
  const member = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        status: 'APPROVED',
        role: 'BUYER',
        buyerLevel: sql`coalesce(${users.buyerLevel}, 'GENERAL')`,
        reviewedAt: sql`now()`,
        reviewedBy: reviewerId,
        rejectReason: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.id, id), inArray(users.status, ['PENDING', 'REJECTED']), inArray(users.role, ['MEMBER', 'BUYER'])))
      .returning({ id: users.id });
    if (!row) {
      await getMember(tx, id); // NOT_FOUND first
      throw new AppError('MEMBER_NOT_PENDING');
    }
    const approved = await getMember(tx, id);
    await notify(withDb(ctx, tx), approved, 'approved', {});
    return approved;
  });
  forgetViewers(ctx.db);
  return member;
}

/** Rejects a PENDING application with a reason shown to the member (MEMBER_NOT_PENDING otherwise); mails them. */
export async function rejectMember(ctx: ServiceCtx, id: number, reason: string, reviewerId: number | null): Promise<AdminMember> {
  const member = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ status: 'REJECTED', rejectReason: reason, reviewedAt: sql`now()`, reviewedBy: reviewerId, updatedAt: sql`now()` })
      .where(and(eq(users.id, id), eq(users.status, 'PENDING')))
      .returning({ id: users.id });
    if (!row) {
      await getMember(tx, id);
      throw new AppError('MEMBER_NOT_PENDING');
    }
    const rejected = await getMember(tx, id);
    await notify(withDb(ctx, tx), rejected, 'rejected', { reason });
    return rejected;
  });
  forgetViewers(ctx.db);
  return member;
}

// ---- business changes of approved buyers (docs/accounts.md "Business changes after approval") ---------------

/** GET /admin/business-changes: members whose business changes wait for review, the longest waiting first. */
export async function listBusinessChanges(db: Database, q: z.output<typeof ZAdminPageQuery>) {
  const waiting = isNotNull(businessProfiles.pendingChanges);
  const { total } = oneRow(await db.select({ total: count() }).from(businessProfiles).where(waiting), 'business change count');
  const rows = await db
    .select({ u: users })
    .from(businessProfiles)
    .innerJoin(users, eq(users.id, businessProfiles.userId))
    .where(waiting)
    .orderBy(asc(businessProfiles.pendingSince), asc(users.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const list = rows.map(({ u }) => u);
  const members = await loadMembers(db, list);
  return { data: members.map(toAdmin), page: q.page, size: q.size, total: Number(total) };
}

/** "Company name: old → new" lines of a decision mail, with labels and business types in the member's language. */
function changeLines(lang: Language, approved: Record<string, string>, changes: TBusinessChanges): string {
  const { fields, mail } = apiMessages[lang];
  const show = (k: string, v: string | undefined) =>
    k === 'businessType' ? (mail.businessTypes[v as keyof typeof mail.businessTypes] ?? v ?? '') : (v ?? '');
  return BUSINESS_REVIEW_FIELDS.filter((k) => changes[k] !== undefined)
    .map((k) => `- ${fields[k]}: ${show(k, approved[k])} → ${show(k, changes[k])}`)
    .join('\n');
}

async function notifyChanges(
  ctx: ServiceCtx,
  member: AdminMember,
  decision: { kind: 'approved'; before: Record<string, string>; changes: TBusinessChanges } | { kind: 'rejected'; reason: string },
) {
  const [row] = await ctx.db.select({ lang: users.lang }).from(users).where(eq(users.id, member.id));
  const lang = matchLanguage(row?.lang) ?? 'ko-KR';
  const m = apiMessages[lang].mail;
  const params = {
    brand: localized(ctx.config.site.brandName, lang),
    name: member.fullName,
    reason: decision.kind === 'rejected' ? decision.reason : '',
    changes: decision.kind === 'approved' ? changeLines(lang, decision.before, decision.changes) : '',
    link: `${mailOrigin(ctx.config)}/mypage/profile`,
  };
  const [subject, text] =
    decision.kind === 'approved'
      ? [m.businessChangesApprovedSubject, m.businessChangesApprovedText]
      : [m.businessChangesRejectedSubject, m.businessChangesRejectedText];
  await queueMessages(ctx, ctx.db, [
    {
      channel: 'mail',
      purpose: `business-changes-${decision.kind}`,
      to: member.email,
      subject: interpolate(subject, params),
      text: interpolate(text, params),
    },
  ]);
}

/**
 * Takes a member's waiting business changes out of review (row locked, so two decisions cannot both apply):
 * `apply` copies them into the approved details. NO_PENDING_CHANGES when nothing waits (NOT_FOUND first).
 */
async function decideChanges(ctx: ServiceCtx, id: number, decision: { kind: 'approved' } | { kind: 'rejected'; reason: string }) {
  const apply = decision.kind === 'approved';
  const decided = await ctx.db.transaction(async (txn) => {
    const tx = txn;
    const [profile] = await tx.select().from(businessProfiles).where(eq(businessProfiles.userId, id)).for('update');
    const changes = profile ? pendingChangesOf(profile) : null;
    if (!profile || !changes) return null;
    const before = Object.fromEntries(BUSINESS_REVIEW_FIELDS.map((k) => [k, profile[k]]));
    let values = {};
    if (apply) {
      // Checked again as a whole, as sign-up does: what is approved must be a valid set of details.
      const parsed = ZBusinessInput.safeParse({ ...profile, ...changes });
      if (!parsed.success) throw new AppError('VALIDATION_FAILED');
      values = Object.fromEntries(BUSINESS_REVIEW_FIELDS.map((k) => [k, parsed.data[k]]));
    }
    await tx
      .update(businessProfiles)
      .set({ ...values, pendingChanges: null, pendingSince: null, updatedAt: sql`now()` })
      .where(eq(businessProfiles.userId, id));
    // The member's mail is written with the decision.
    const member = await getMember(tx, id);
    await notifyChanges(withDb(ctx, tx), member, decision.kind === 'approved' ? { kind: 'approved', before, changes } : decision);
    return member;
  });
  if (!decided) {
    await getMember(ctx.db, id);
    throw new AppError('NO_PENDING_CHANGES');
  }
  return decided;
}

/** Approves an approved buyer's waiting business changes: they replace the approved details; the member is mailed. */
export async function approveBusinessChanges(ctx: ServiceCtx, id: number): Promise<AdminMember> {
  return decideChanges(ctx, id, { kind: 'approved' });
}

/** Rejects them: the approved details stay, the changes are dropped, and the member is mailed the reason. */
export async function rejectBusinessChanges(ctx: ServiceCtx, id: number, reason: string): Promise<AdminMember> {
  return decideChanges(ctx, id, { kind: 'rejected', reason });
}

// ---- catalogue ------------------------------------------------------------------------------------------------

/**
 * Sets a vintage's retail and/or trade price (KRW) and recomputes its wine's derived columns (the lowest price) in
 * the same transaction, which also tells every server process to drop what it cached of the catalogue (tags
 * `catalog` and `product:<wine id>`). NOT_FOUND for an unknown vintage.
 */
export async function setVintagePrice(db: Database, id: number, prices: TVintagePriceBody): Promise<TAdminVintage> {
  return writeInvalidating(
    db,
    (v) => ['catalog', `product:${v.productId}`],
    async (tx) => {
      const [row] = await tx
        .update(productVintages)
        .set({
          ...(prices.retailPrice !== undefined ? { retailPrice: prices.retailPrice } : {}),
          ...(prices.tradePrice !== undefined ? { tradePrice: prices.tradePrice } : {}),
        })
        .where(eq(productVintages.id, id))
        .returning({
          id: productVintages.id,
          productId: productVintages.productId,
          year: productVintages.year,
          retailPrice: productVintages.retailPrice,
          tradePrice: productVintages.tradePrice,
          isOnSale: productVintages.isOnSale,
        });
      if (!row) throw new AppError('NOT_FOUND');
      await refreshCatalogDerived(tx, [row.productId]);
      return row;
    },
  );
}

/**
 * Sets a vintage's stock. When its wine comes back in stock, the members waiting for it are told (once: see
 * commerce queueRestockNotices). The catalogue's in-stock flags change only when a stock crosses zero.
 */
export async function setVintageStock(
  ctx: ServiceCtx,
  id: number,
  stock: number,
): Promise<{ data: TAdminVintage & { stock: number }; restockNotices: boolean }> {
  let crossed = false;
  let restockNotices = false;
  const row = await writeInvalidating<typeof productVintages.$inferSelect>(
    ctx.db,
    (v) => [`product:${v.productId}`, ...(crossed ? (['catalog'] as const) : [])],
    async (tx) => {
      const [before] = await tx
        .select({ stock: productVintages.stock })
        .from(productVintages)
        .where(eq(productVintages.id, id))
        .for('update');
      if (!before) throw new AppError('NOT_FOUND');
      crossed = (before.stock === 0) !== (stock === 0);
      const [v] = await tx.update(productVintages).set({ stock }).where(eq(productVintages.id, id)).returning();
      if (!v) throw new AppError('NOT_FOUND');
      if (stock > 0) restockNotices = await queueRestockNotices(ctx, tx, [v.productId]);
      return v;
    },
  );
  return {
    data: {
      id: row.id,
      productId: row.productId,
      year: row.year,
      retailPrice: row.retailPrice,
      tradePrice: row.tradePrice,
      isOnSale: row.isOnSale,
      stock: row.stock,
    },
    restockNotices,
  };
}
