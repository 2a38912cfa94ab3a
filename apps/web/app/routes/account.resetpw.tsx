import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZResetPasswordEmailBody } from '@podo/contracts/accounts';
import type { Route } from './+types/account.resetpw';
import { confirmCheck, useSchemaForm } from '../lib/forms';
import { pageMeta } from '../lib/meta';
import { AccountPage, CODE_FIELD_ERRORS, useApiErrors, usePublicApi } from '../components/account';
import { NewPasswordFields, ResetDone } from '../components/password-fields';
import { SubmitButton } from '../components/ui';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.resetPassword.title),
  { name: 'robots', content: 'noindex' },
];

const SCOPE = 'resetpw';
/** The API's body (e-mail and code from the link, the new password) with the confirmation of the password. */
const ZResetForm = ZResetPasswordEmailBody.extend({ passwordConfirm: z.string() });
const ZLink = ZResetPasswordEmailBody.pick({ email: true, code: true });

/** The link of the reset e-mail (?email&code): a new password, then log in. */
export default function ResetPassword() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const api = usePublicApi();
  const email = (params.get('email') ?? '').trim();
  const code = params.get('code') ?? '';
  const linkOk = ZLink.safeParse({ email, code }).success;
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const { form, fields, report } = useSchemaForm({
    id: SCOPE,
    schema: ZResetForm,
    extra: confirmCheck(t),
    onValid: (v) => void submit(v),
  });
  const showApiError = useApiErrors(report, { PASSWORD_TOO_COMMON: 'password', PASSWORD_SAME: 'password' });

  const submit = async (v: z.output<typeof ZResetForm>) => {
    setBusy(true);
    try {
      const r = await api.resetPasswordEmail({ body: { email: v.email, code: v.code, password: v.password } });
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
        <form noValidate={form.noValidate} id={form.id} name={SCOPE} className="mt-3" onSubmit={form.onSubmit}>
          <p className="small text-body-secondary">{t('resetPassword.lead', { email })}</p>
          <input type="hidden" name="email" value={email} />
          <input type="hidden" name="code" value={code} />
          <NewPasswordFields
            scope={SCOPE}
            password={fields.password}
            passwordConfirm={fields.passwordConfirm}
            onEnter={() => document.forms.namedItem(SCOPE)?.requestSubmit()}
          />
          <SubmitButton busy={busy} busyText={t('form.saving')} testId="resetpw-submit">
            {t('resetPassword.submit')}
          </SubmitButton>
        </form>
      )}
    </AccountPage>
  );
}
