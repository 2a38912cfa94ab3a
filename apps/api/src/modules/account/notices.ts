import type { FastifyBaseLogger } from 'fastify';
import { localized } from '@podo/config';
import { maskMobile } from '@podo/contracts';
import { matchLanguage } from '@podo/i18n';
import { apiMessages, interpolate } from '@podo/i18n/resources';
import { sendCappedSms, type SmsCapDeps } from '../../lib/notify';
import type { UserRow } from '../session';

/** What the notices need of a ServiceCtx; `log` is where delivery failures go (they never undo the change). */
export interface NoticeDeps extends SmsCapDeps {
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * After a mobile number change: an SMS to the old number and an e-mail to the member, in the language the member
 * last used, so that a change the member did not make is noticed. The new number is shown masked.
 */
export async function sendMobileChangedNotices(deps: NoticeDeps, before: UserRow, newMobile: string): Promise<void> {
  const lang = matchLanguage(before.lang) ?? 'ko-KR';
  const m = apiMessages[lang];
  const params = {
    brand: localized(deps.config.site.brandName, lang),
    name: before.fullName,
    mobile: maskMobile(newMobile),
    phone: deps.config.site.mainPhone,
  };
  const sends: Promise<void>[] = [
    deps.notifier.sendMail({
      to: before.email,
      subject: interpolate(m.mail.mobileChangedSubject, params),
      text: interpolate(m.mail.mobileChangedText, params),
    }),
  ];
  if (before.mobile && before.mobile !== newMobile) {
    sends.push(sendCappedSms(deps, { to: before.mobile, text: interpolate(m.sms.mobileChanged, params) }, deps.log));
  }
  const results = await Promise.allSettled(sends);
  for (const r of results) {
    if (r.status === 'rejected')
      deps.log.warn({ err: r.reason as Error, memberId: before.id }, `could not send a mobile change notice to member ${before.id}`);
  }
}
