import { useFetcher } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZChangePasswordBody } from '@podo/contracts/accounts';
import { PASSWORD_CAMPAIGN_DAYS } from '@podo/contracts/rules';
import type { Route } from './+types/mypage.password';
import { apiErrorOf } from '../lib/api';
import { formatDate } from '../lib/account-rules';
import { confirmCheck, useSchemaForm, validateForm, type Translate } from '../lib/forms';
import { requestT } from '../lib/forms.server';
import { pageMeta } from '../lib/meta';
import { apiAction, memberApi, tokenCookie } from '../lib/session.server';
import { useRoot, useUser } from '../lib/site';
import { CurrentPasswordInput, useActionResult } from '../components/account';
import { useAlert } from '../components/global-alert';
import { NewPasswordFields } from '../components/password-fields';
import { SubmitButton } from '../components/ui';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.changePassword.title),
  { name: 'robots', content: 'noindex' },
];

/** The API's body (the member's e-mail is added by the action) with the confirmation of the new password. */
const ZPasswordForm = ZChangePasswordBody.omit({ email: true }).extend({ passwordConfirm: z.string() });
const MESSAGES = { password: { required: 'validation.currentPasswordRequired' } };
/** What the schema cannot say: the confirmation matches, and the new password is not the current one. */
const extra = (t: Translate) => (p: Record<string, unknown>) => ({
  ...confirmCheck(t, 'newPassword')(p),
  newPassword: p.newPassword && p.newPassword === p.password ? t('validation.passwordSame') : undefined,
});

/**
 * Changes the password (the API answers a fresh token: earlier ones stop working, so it replaces the cookie), or,
 * with intent 'snooze', postpones the password-change campaign. The fields are checked as the page checks them.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const api = memberApi(request, context);
  if (formData.get('intent') === 'snooze') return apiAction(request, context, () => api.snoozePasswordCampaign());
  const t = requestT(request);
  const submission = validateForm(formData, ZPasswordForm, t, { messages: MESSAGES, extra: extra(t) });
  if (submission.status !== 'success') return { form: submission.reply({ hideFields: ['password', 'newPassword', 'passwordConfirm'] }) };
  const v = submission.value;
  return apiAction(request, context, async () => {
    const { data: me } = await api.me();
    const r = await api.changePassword({ body: { email: me.email, password: v.password, newPassword: v.newPassword } });
    return { message: r.message, setCookie: r.data?.accessToken ? [tokenCookie(context, r.data)] : [] };
  });
}

const SCOPE = 'password';

export default function ChangePassword() {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const user = useUser();
  const alert = useAlert();
  const fetcher = useFetcher<typeof action>();
  const answer = fetcher.data && 'form' in fetcher.data ? undefined : fetcher.data;
  const { form, fields, report } = useSchemaForm({
    id: SCOPE,
    schema: ZPasswordForm,
    messages: MESSAGES,
    extra: extra(t),
    lastResult: fetcher.data && 'form' in fetcher.data ? fetcher.data.form : undefined,
    onValid: (_, formData) => void fetcher.submit(formData, { method: 'post' }),
  });

  useActionResult(answer, (r) => {
    if (r.ok) {
      form.reset();
      alert.open(r.message || t('changePassword.done'));
      return;
    }
    const field =
      r.error.code === 'PASSWORD_INCORRECT'
        ? 'password'
        : r.error.code === 'PASSWORD_TOO_COMMON' || r.error.code === 'PASSWORD_SAME'
          ? 'newPassword'
          : undefined;
    if (field) report({ [field]: r.error.message });
    else alert.showError(apiErrorOf(r.error));
  });

  return (
    <form
      noValidate={form.noValidate}
      id={form.id}
      name={SCOPE}
      className="mypage-panel"
      data-testid="password-form"
      onSubmit={form.onSubmit}
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
      <CurrentPasswordInput scope={SCOPE} name="current" field={fields.password} required />
      <NewPasswordFields
        scope={SCOPE}
        password={fields.newPassword}
        passwordConfirm={fields.passwordConfirm}
        onEnter={() => document.forms.namedItem(SCOPE)?.requestSubmit()}
      />
      <SubmitButton busy={fetcher.state !== 'idle'} busyText={t('form.saving')} testId="password-submit">
        {t('changePassword.submit')}
      </SubmitButton>
    </form>
  );
}
