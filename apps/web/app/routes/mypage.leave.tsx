import { useState } from 'react';
import { redirect, useFetcher } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LEAVE_REASONS, REREGISTER_BLOCK_MONTHS } from '@podo/contracts/rules';
import type { Route } from './+types/mypage.leave';
import { apiErrorOf } from '../lib/api';
import { LEFT_COOKIE, serializeCookie } from '../lib/cookies';
import { pageMeta } from '../lib/meta';
import { apiAction, clearTokenCookie, memberApi, readBody, str } from '../lib/session.server';
import { useUser } from '../lib/site';
import { CurrentPasswordInput, useActionResult } from '../components/account';
import { useAlert } from '../components/global-alert';
import { ConfirmDialog } from '../components/confirm-dialog';
import { focusField, focusFirstError, FormCheck, SubmitButton } from '../components/ui';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.leave.title),
  { name: 'robots', content: 'noindex' },
];

/** Leaves (POST /leave-user), then clears the session and shows the thanks page. */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readBody(request);
  const api = memberApi(request, context);
  const result = await apiAction(request, context, () =>
    api.leave({ body: { password: str(body.password), leaveTerms: true, leaveReason: str(body.leaveReason) } }),
  );
  if (!result.data.ok) return result;
  const headers = new Headers();
  headers.append('Set-Cookie', clearTokenCookie(context));
  headers.append('Set-Cookie', serializeCookie(LEFT_COOKIE, '1', { maxAge: 300, secure: context.secureCookies, httpOnly: true }));
  return redirect('/account/withdrawal-complete', { headers });
}

const SCOPE = 'leave';
const OTHER = 'OTHER';
type Field = 'leaveTerms' | 'reason' | 'other' | 'password';

/** Leaving: the notice, agreement, one of the 9 reasons or free text, the password, and a last confirmation. */
export default function Leave() {
  const { t } = useTranslation();
  const user = useUser();
  const alert = useAlert();
  const fetcher = useFetcher<typeof action>();
  const [agree, setAgree] = useState(false);
  const [reason, setReason] = useState('');
  const [other, setOther] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const clear = (k: Field) => setErrors((e) => ({ ...e, [k]: undefined }));

  useActionResult(fetcher.data, (r) => {
    if (r.ok) return;
    if (r.error.code === 'PASSWORD_INCORRECT' || r.error.code === 'LOGIN_FAILED') {
      setErrors((e) => ({ ...e, password: r.error.message }));
      focusField(SCOPE, 'password');
    } else alert.showError(apiErrorOf(r.error));
  });

  const check = () => {
    const e: Partial<Record<Field, string>> = {};
    if (!agree) e.leaveTerms = t('validation.leaveTerms');
    if (!reason) e.reason = t('validation.leaveReason');
    else if (reason === OTHER && !other.trim()) e.other = t('validation.leaveOther');
    if (!password) e.password = t('validation.currentPasswordRequired');
    setErrors(e);
    const firstReason = `reason-${LEAVE_REASONS[0]}`;
    const order = ['leaveTerms', 'reason', 'other', 'password'] as const;
    const first = order.find((k) => e[k]);
    if (first === 'reason') {
      focusField(SCOPE, firstReason);
      return false;
    }
    return focusFirstError(SCOPE, e, order);
  };

  const leave = () => {
    setConfirming(false);
    void fetcher.submit({ password, leaveReason: reason === OTHER ? other.trim() : reason }, { method: 'post' });
  };

  const busy = fetcher.state !== 'idle';
  return (
    <form
      noValidate
      name={SCOPE}
      className="mypage-panel"
      data-testid="leave-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (check()) setConfirming(true);
      }}
    >
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
      <FormCheck
        scope={SCOPE}
        name="leaveTerms"
        required
        label={t('leave.agree')}
        checked={agree}
        onCheckedChange={(c) => {
          setAgree(c);
          clear('leaveTerms');
        }}
        error={errors.leaveTerms}
        className="mb-4"
      />

      <fieldset className="mb-3" aria-describedby={errors.reason ? 'leave-reason-error' : undefined}>
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
                className={`form-check-input ${errors.reason ? 'is-invalid' : ''}`}
                type="radio"
                name="leaveReason"
                id={`${SCOPE}-reason-${r}`}
                value={r}
                checked={reason === r}
                onChange={() => {
                  setReason(r);
                  clear('reason');
                }}
              />
              <label className="form-check-label" htmlFor={`${SCOPE}-reason-${r}`}>
                {t(`leave.reasons.${r}`)}
              </label>
            </div>
          ))}
        </div>
        {errors.reason ? (
          <p id="leave-reason-error" className="form-input-error text-danger small mt-1 mb-0" role="alert">
            {errors.reason}
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
            name="other"
            className={`form-control ${errors.other ? 'is-invalid' : ''}`}
            rows={3}
            maxLength={500}
            value={other}
            aria-invalid={errors.other ? true : undefined}
            aria-describedby={errors.other ? `${SCOPE}-other-error` : `${SCOPE}-other-help`}
            onChange={(e) => {
              setOther(e.target.value);
              clear('other');
            }}
          />
          {errors.other ? (
            <p id={`${SCOPE}-other-error`} className="form-input-error text-danger small mt-1 mb-0" role="alert">
              {errors.other}
            </p>
          ) : (
            <p id={`${SCOPE}-other-help`} className="form-text small mt-1 mb-0">
              {t('leave.otherHelp', { length: other.length })}
            </p>
          )}
        </div>
      ) : null}
      <input type="text" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
      <CurrentPasswordInput
        scope={SCOPE}
        required
        value={password}
        onChange={(v) => {
          setPassword(v);
          clear('password');
        }}
        error={errors.password}
        helper={t('leave.passwordHelp')}
      />
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
