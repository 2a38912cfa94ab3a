import { and, eq, gt, sql } from 'drizzle-orm';
import type { TContactBody } from '@podo/contracts';
import { localized } from '@podo/config';
import { contacts } from '@podo/db';
import type { ServiceCtx } from '../../deps';
import { AppError } from '../../lib/errors';
import { queueMessages } from '../../lib/outbox';

const TIMEOUT_MS = 5_000;

/**
 * Asks Google whether a reCAPTCHA token is good (siteverify). Off (503) without keys; Google unreachable or late is
 * a 503 as well, never a pass.
 */
export async function verifyCaptcha(ctx: ServiceCtx & { ip: string }, token: string): Promise<boolean> {
  const rc = ctx.config.contact.recaptcha;
  if (!rc) throw new AppError('SERVICE_UNAVAILABLE');
  let res: Response;
  try {
    res = await fetch(rc.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: rc.secretKey, response: token, remoteip: ctx.ip }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    ctx.log.warn({ err: { message: (e as Error).message } }, 'reCAPTCHA unreachable');
    throw new AppError('SERVICE_UNAVAILABLE');
  }
  const body = (await res.json().catch(() => null)) as { success?: unknown } | null;
  if (!res.ok || body === null) throw new AppError('SERVICE_UNAVAILABLE');
  return body.success === true;
}

/**
 * POST /contacts: keeps robots out, stores the inquiry, then mails it to the importer. The inquiry is kept even
 * when the mail cannot go out (it is marked unsent, and the answer is still a success: nothing is lost).
 */
export async function createContact(
  ctx: ServiceCtx & { ip: string },
  body: TContactBody,
  userId: number | null,
  now = Date.now(),
): Promise<number> {
  const { contact } = ctx.config;
  if (contact.recaptcha) {
    if (!body.captchaToken || !(await verifyCaptcha(ctx, body.captchaToken))) throw new AppError('CAPTCHA_FAILED');
  } else {
    // No keys: a hidden field only robots fill, and a form sent faster than a person can type it.
    if (body.website) throw new AppError('CONTACT_SPAM');
    if (body.renderedAt === undefined || now - body.renderedAt < contact.minFillSeconds * 1000 || body.renderedAt > now + 60_000)
      throw new AppError('CONTACT_SPAM');
  }
  const since = new Date(now - 3_600_000);
  const id = await ctx.db.transaction(async (tx) => {
    // One address's inquiries are counted under a lock on that address, so parallel posts cannot pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`contact:${ctx.ip}`}, 0))`);
    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(contacts)
      .where(and(eq(contacts.ip, ctx.ip), gt(contacts.createdAt, since)));
    if ((recent?.n ?? 0) >= contact.limitPerHour) throw new AppError('CONTACT_LIMIT', { minutes: 60 });
    const [row] = await tx
      .insert(contacts)
      .values({
        userId,
        businessType: body.businessType,
        companyName: body.companyName,
        fullName: body.fullName,
        mobile: body.mobile,
        email: body.email,
        content: body.content,
        lang: ctx.lang,
        ip: ctx.ip,
      })
      .returning({ id: contacts.id });
    const id = row!.id;
    // The importer's copy is written with the inquiry: a mail server that is down delays it, never loses it.
    const site = ctx.config.site;
    await queueMessages(ctx, tx, [
      {
        channel: 'mail',
        purpose: 'contact',
        to: ctx.config.adminEmail ?? site.company.email,
        subject: `[${localized(site.brandName, 'ko-KR')}] 새 문의 #${id}: ${body.companyName}`,
        text: [
          `문의 유형: ${body.businessType === 'B2B' ? '거래(B2B)' : '브랜드'}`,
          `브랜드명/회사명: ${body.companyName}`,
          `이름: ${body.fullName}`,
          `휴대전화: ${body.mobile}`,
          `이메일: ${body.email}`,
          `언어: ${ctx.lang}`,
          '',
          body.content,
        ].join('\n'),
      },
    ]);
    await tx.update(contacts).set({ mailedAt: new Date() }).where(eq(contacts.id, id));
    return id;
  });
  return id;
}
