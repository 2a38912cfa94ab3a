import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/account.resetpw';
import { isCode, isEmail, passwordErrors } from '../lib/account-rules';
import { pageMeta } from '../lib/meta';
import { AccountPage, CODE_FIELD_ERRORS, useFormErrors, usePublicApi } from '../components/account';
import { NewPasswordFields, ResetDone } from '../components/password-fields';
import { focusFirstError, SubmitButton } from '../components/ui';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.resetPassword.title),
  { name: 'robots', content: 'noindex' },
];

const SCOPE = 'resetpw';

/** The link of the reset e-mail (?email&code): a new password, then log in. */
export default function ResetPassword() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const api = usePublicApi();
  const email = (params.get('email') ?? '').trim();
  const code = params.get('code') ?? '';
  const linkOk = isEmail(email) && isCode(code);
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const { errors, setErrors, setError, showApiError } = useFormErrors<'password' | 'passwordConfirm'>(SCOPE, {
    PASSWORD_TOO_COMMON: 'password',
    PASSWORD_SAME: 'password',
  });

  const submit = async () => {
    const e = passwordErrors(t, password, passwordConfirm);
    setErrors(e);
    if (!focusFirstError(SCOPE, e, ['password', 'passwordConfirm'])) return;
    setBusy(true);
    try {
      const r = await api.resetPasswordEmail({ body: { email, code, password } });
      setDone(r.message || t('resetPassword.done'));
    } catch (err) {
      const c = (err as { code?: string }).code;
      if (c && c in CODE_FIELD_ERRORS) setLinkError((err as Error).message);
      else showApiError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountPage title={t('resetPassword.title')} testId="resetpw-page">
      {done ? (
        <ResetDone message={done} />
      ) : !linkOk || linkError ? (
        <div className="text-center" role="alert" data-testid="resetpw-bad-link">
          <p className="text-danger fw-semibold">{linkError ?? t('resetPassword.badLink')}</p>
          <Link to="/account/findpw" className="btn btn-primary btn-lg w-100">
            {t('resetPassword.again')}
          </Link>
        </div>
      ) : (
        <form
          noValidate
          name={SCOPE}
          className="mt-3"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <p className="small text-body-secondary">{t('resetPassword.lead', { email })}</p>
          <NewPasswordFields
            scope={SCOPE}
            password={password}
            passwordConfirm={passwordConfirm}
            onPassword={(v) => {
              setPassword(v);
              setError('password', undefined);
            }}
            onConfirm={(v) => {
              setPasswordConfirm(v);
              setError('passwordConfirm', undefined);
            }}
            errors={errors}
            onEnter={() => void submit()}
          />
          <SubmitButton busy={busy} busyText={t('form.saving')} testId="resetpw-submit">
            {t('resetPassword.submit')}
          </SubmitButton>
        </form>
      )}
    </AccountPage>
  );
}
