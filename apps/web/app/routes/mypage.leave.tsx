import { useRef, useState } from 'react';
import { redirect, useFetcher } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZLeaveBody } from '@podo/contracts/accounts';
import { LEAVE_REASONS, REREGISTER_BLOCK_MONTHS } from '@podo/contracts/rules';
import type { Route } from './+types/mypage.leave';
import { apiErrorOf } from '../lib/api';
import { LEFT_COOKIE, serializeCookie } from '../lib/cookies';
import { text, useSchemaForm, validateForm, type Translate } from '../lib/forms';
import { requestT } from '../lib/forms.server';
import { pageMeta } from '../lib/meta';
import { apiAction, clearTokenCookie, memberApi } from '../lib/session.server';
import { useUser } from '../lib/site';
import { CurrentPasswordInput, useActionResult } from '../components/account';
import { useAlert } from '../components/global-alert';
import { ConfirmDialog } from '../components/confirm-dialog';
import { FormCheck, SubmitButton } from '../components/ui';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.leave.title),
  { name: 'robots', content: 'noindex' },
];

const OTHER = 'OTHER';
/** The API's body, the reason chosen from the nine presets or OTHER with its free text (the API's rules for it). */
const ZLeaveForm = ZLeaveBody.extend({
  leaveReason: z.enum([...LEAVE_REASONS, OTHER]),
  other: ZLeaveBody.shape.leaveReason.optional(),
});
const MESSAGES = { password: { required: 'validation.currentPasswordRequired' }, other: { required: 'validation.leaveOther' } };
const extra = (t: Translate) => (p: Record<string, unknown>) => ({
  other: p.leaveReason === OTHER && !text(p.other).trim() ? t('validation.leaveOther') : undefined,
});

/** Leaves (POST /leave-user) with the fields checked as the page checks them, then clears the session and thanks. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = requestT(request);
  const submission = validateForm(await request.formData(), ZLeaveForm, t, { messages: MESSAGES, extra: extra(t) });
  if (submission.status !== 'success') return { form: submission.reply({ hideFields: ['password'] }) };
  const { password, leaveReason, other } = submission.value;
  const api = memberApi(request, context);
  const result = await apiAction(request, context, () =>
    api.leave({ body: { password, leaveTerms: true, leaveReason: leaveReason === OTHER ? (other ?? '') : leaveReason } }),
  );
  if (!result.data.ok) return result;
  const headers = new Headers();
  headers.append('Set-Cookie', clearTokenCookie(context));
  headers.append('Set-Cookie', serializeCookie(LEFT_COOKIE, '1', { maxAge: 300, secure: context.secureCookies, httpOnly: true }));
  return redirect('/account/withdrawal-complete', { headers });
}

const SCOPE = 'leave';

/** Leaving: the notice, agreement, one of the 9 reasons or free text, the password, and a last confirmation. */
export default function Leave() {
  const { t } = useTranslation();
  const user = useUser();
  const alert = useAlert();
  const fetcher = useFetcher<typeof action>();
  const answer = fetcher.data && 'form' in fetcher.data ? undefined : fetcher.data;
  const [confirming, setConfirming] = useState(false);
  /** The checked form, sent once the member confirms. */
  const checked = useRef<FormData | null>(null);
  const { form, fields, report } = useSchemaForm({
    id: SCOPE,
    schema: ZLeaveForm,
    messages: MESSAGES,
    extra: extra(t),
    lastResult: fetcher.data && 'form' in fetcher.data ? fetcher.data.form : undefined,
    onValid: (_, formData) => {
      checked.current = formData;
      setConfirming(true);
    },
  });
  const reason = text(fields.leaveReason.value);
  const other = text(fields.other.value);
  const reasonError = fields.leaveReason.errors?.[0];
  const otherError = fields.other.errors?.[0];

  useActionResult(answer, (r) => {
    if (r.ok) return;
    if (r.error.code === 'PASSWORD_INCORRECT' || r.error.code === 'LOGIN_FAILED') report({ password: r.error.message });
    else alert.showError(apiErrorOf(r.error));
  });

  const leave = () => {
    setConfirming(false);
    if (checked.current) void fetcher.submit(checked.current, { method: 'post' });
  };

  const busy = fetcher.state !== 'idle';
  return (
    <form noValidate={form.noValidate} id={form.id} name={SCOPE} className="mypage-panel" data-testid="leave-form" onSubmit={form.onSubmit}>
      <h2 className="h5 fw-bold mb-3">{t('leave.title')}</h2>
      <section className="leave-notice card bg-body-tertiary border-0 mb-3" aria-labelledby="leave-notice-title">
        <div className="card-body small">
          <h3 id="leave-notice-title" className="h6 fw-bold">
            {t('leave.noticeTitle')}
          </h3>
          <ul className="mb-0 ps-3">
            <li>{t('leave.notice1')}</li>
            <li>{t('leave.notice2')}</li>
            <li>{t('leave.notice3', { months: REREGISTER_BLOCK_MONTHS })}</li>
            <li>{t('leave.notice4')}</li>
          </ul>
        </div>
      </section>
      <FormCheck scope={SCOPE} name="leaveTerms" field={fields.leaveTerms} required label={t('leave.agree')} className="mb-4" />

      <fieldset className="mb-3" aria-describedby={reasonError ? 'leave-reason-error' : undefined}>
        <legend className="form-label fw-semibold small">
          {t('leave.reasonTitle')}
          <span className="text-danger ms-1" aria-hidden="true">
            *
          </span>
        </legend>
        <div className="leave-reasons">
          {[...LEAVE_REASONS, OTHER].map((r) => (
            <div className="form-check" key={r}>
              <input
                className={`form-check-input ${reasonError ? 'is-invalid' : ''}`}
                type="radio"
                name={fields.leaveReason.name}
                key={fields.leaveReason.key}
                id={`${SCOPE}-reason-${r}`}
                value={r}
                defaultChecked={fields.leaveReason.initialValue === r}
              />
              <label className="form-check-label" htmlFor={`${SCOPE}-reason-${r}`}>
                {t(`leave.reasons.${r}`)}
              </label>
            </div>
          ))}
        </div>
        {reasonError ? (
          <p id="leave-reason-error" className="form-input-error text-danger small mt-1 mb-0" role="alert">
            {reasonError}
          </p>
        ) : null}
      </fieldset>
      {reason === OTHER ? (
        <div className="form-input mb-3">
          <label htmlFor={`${SCOPE}-other`} className="form-label fw-semibold small">
            {t('leave.otherLabel')}
          </label>
          <textarea
            id={`${SCOPE}-other`}
            name={fields.other.name}
            key={fields.other.key}
            className={`form-control ${otherError ? 'is-invalid' : ''}`}
            rows={3}
            maxLength={500}
            defaultValue={text(fields.other.initialValue)}
            aria-invalid={otherError ? true : undefined}
            aria-describedby={otherError ? `${SCOPE}-other-error` : `${SCOPE}-other-help`}
          />
          {otherError ? (
            <p id={`${SCOPE}-other-error`} className="form-input-error text-danger small mt-1 mb-0" role="alert">
              {otherError}
            </p>
          ) : (
            <p id={`${SCOPE}-other-help`} className="form-text small mt-1 mb-0">
              {t('leave.otherHelp', { length: other.length })}
            </p>
          )}
        </div>
      ) : null}
      <input type="text" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
      <CurrentPasswordInput scope={SCOPE} field={fields.password} required helper={t('leave.passwordHelp')} />
      <SubmitButton busy={busy} busyText={t('leave.leaving')} variant="outline-danger" testId="leave-submit">
        {t('leave.submit')}
      </SubmitButton>

      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={leave}
        id="leave"
        alert
        title={t('leave.confirmTitle')}
        note={t('leave.confirmText')}
        confirmText={t('leave.confirmOk')}
      />
    </form>
  );
}
