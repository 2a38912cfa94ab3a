import { localized } from '@podo/config';
import { maskMobile } from '@podo/contracts';
import { matchLanguage } from '@podo/i18n';
import { apiMessages, interpolate } from '@podo/i18n/resources';
import type { ServiceCtx } from '../../deps';
import { queueMessages, type Outgoing } from '../../lib/outbox';
import type { UserRow } from '../session';

/**
 * After a mobile number change: an SMS to the old number and an e-mail to the member, in the language the member
 * last used, so that a change the member did not make is noticed. The new number is shown masked. Written to the
 * outbox in `ctx.db`, the transaction of the change.
 */
export async function queueMobileChangedNotices(
  ctx: Pick<ServiceCtx, 'config' | 'db' | 'jobs'>,
  before: UserRow,
  newMobile: string,
): Promise<void> {
  const lang = matchLanguage(before.lang) ?? 'ko-KR';
  const m = apiMessages[lang];
  const params = {
    brand: localized(ctx.config.site.brandName, lang),
    name: before.fullName,
    mobile: maskMobile(newMobile),
    phone: ctx.config.site.mainPhone,
  };
  const messages: Outgoing[] = [
    {
      channel: 'mail',
      purpose: 'mobile-changed',
      to: before.email,
      subject: interpolate(m.mail.mobileChangedSubject, params),
      text: interpolate(m.mail.mobileChangedText, params),
    },
  ];
  if (before.mobile && before.mobile !== newMobile)
    messages.push({ channel: 'sms', purpose: 'mobile-changed', to: before.mobile, text: interpolate(m.sms.mobileChanged, params) });
  await queueMessages(ctx, ctx.db, messages);
}
