import { useState } from 'react';
import { useFetcher } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PASSWORD_CAMPAIGN_DAYS } from '@podo/contracts/rules';
import type { Route } from './+types/mypage.password';
import { apiErrorOf } from '../lib/api';
import { formatDate, passwordErrors } from '../lib/account-rules';
import { pageMeta } from '../lib/meta';
import { apiAction, memberApi, readBody, str, tokenCookie } from '../lib/session.server';
import { useRoot, useUser } from '../lib/site';
import { useActionResult } from '../components/account';
import { useAlert } from '../components/global-alert';
import { NewPasswordFields } from '../components/password-fields';
import { focusField, focusFirstError, FormInput, SubmitButton } from '../components/ui';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.changePassword.title),
  { name: 'robots', content: 'noindex' },
];

/**
 * Changes the password (the API answers a fresh token: earlier ones stop working, so it replaces the cookie), or,
 * with intent 'snooze', postpones the password-change campaign.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readBody(request);
  const api = memberApi(request, context);
  if (str(body.intent) === 'snooze') return apiAction(request, context, () => api.snoozePasswordCampaign());
  return apiAction(request, context, async () => {
    const { data: me } = await api.me();
    const r = await api.changePassword({ body: { email: me.email, password: str(body.password), newPassword: str(body.newPassword) } });
    return { message: r.message, setCookie: r.data?.accessToken ? [tokenCookie(context, r.data)] : [] };
  });
}

const SCOPE = 'password';
type Field = 'current' | 'password' | 'passwordConfirm';

export default function ChangePassword() {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const user = useUser();
  const alert = useAlert();
  const fetcher = useFetcher<typeof action>();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const clear = (k: Field) => setErrors((e) => ({ ...e, [k]: undefined }));

  useActionResult(fetcher.data, (r) => {
    if (r.ok) {
      setCurrent('');
      setPassword('');
      setPasswordConfirm('');
      alert.open(r.message || t('changePassword.done'));
      return;
    }
    const field: Field | undefined =
      r.error.code === 'PASSWORD_INCORRECT'
        ? 'current'
        : r.error.code === 'PASSWORD_TOO_COMMON' || r.error.code === 'PASSWORD_SAME'
          ? 'password'
          : undefined;
    if (field) {
      setErrors((e) => ({ ...e, [field]: r.error.message }));
      focusField(SCOPE, field);
    } else alert.showError(apiErrorOf(r.error));
  });

  const submit = () => {
    const e: Partial<Record<Field, string>> = { ...passwordErrors(t, password, passwordConfirm) };
    if (!current) e.current = t('validation.currentPasswordRequired');
    else if (password && current === password) e.password = t('validation.passwordSame');
    setErrors(e);
    if (!focusFirstError(SCOPE, e, ['current', 'password', 'passwordConfirm'])) return;
    void fetcher.submit({ password: current, newPassword: password }, { method: 'post', encType: 'application/json' });
  };

  return (
    <form
      noValidate
      name={SCOPE}
      className="mypage-panel"
      data-testid="password-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 className="h5 fw-bold mb-2">{t('changePassword.title')}</h2>
      <p className="small text-body-secondary">{t('changePassword.lead', { days: PASSWORD_CAMPAIGN_DAYS })}</p>
      {user?.passwordChangedAt ? (
        <p className="small text-body-secondary" data-testid="password-changed-at">
          {t('changePassword.lastChanged', { date: formatDate(user.passwordChangedAt, lang) })}
        </p>
      ) : null}
      {/* The account name for password managers. */}
      <input type="text" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
      <FormInput
        scope={SCOPE}
        name="current"
        type="password"
        label={t('field.currentPassword')}
        required
        autoComplete="current-password"
        maxLength={200}
        value={current}
        onValueChange={(v) => {
          setCurrent(v);
          clear('current');
        }}
        error={errors.current}
      />
      <NewPasswordFields
        scope={SCOPE}
        password={password}
        passwordConfirm={passwordConfirm}
        onPassword={(v) => {
          setPassword(v);
          clear('password');
        }}
        onConfirm={(v) => {
          setPasswordConfirm(v);
          clear('passwordConfirm');
        }}
        errors={errors}
        onEnter={submit}
      />
      <SubmitButton busy={fetcher.state !== 'idle'} busyText={t('form.saving')} testId="password-submit">
        {t('changePassword.submit')}
      </SubmitButton>
    </form>
  );
}
