import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  ZFindPasswordEmailBody,
  ZFindPasswordMobileBody,
  ZFindPasswordMobileConfirmBody,
  ZResetPasswordMobileBody,
} from '@podo/contracts/accounts';
import type { Route } from './+types/account.findpw';
import { isEmail } from '../lib/account-rules';
import { confirmCheck, text, useSchemaForm, useSubmitAction } from '../lib/forms';
import { pageMeta } from '../lib/meta';
import {
  AccountPage,
  CODE_FIELD_ERRORS,
  CodeStepFields,
  mobileInputProps,
  useApiErrors,
  useCodeStep,
  usePublicApi,
} from '../components/account';
import { NewPasswordFields, ResetDone } from '../components/password-fields';
import { focusField, FormInput, SubmitButton, Tabs } from '../components/ui';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (m) => m.findPassword.title);

/** Find password: by e-mail (a reset link and code) or by mobile (a code, then a new password here). */
export default function FindPassword() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'mobile' ? 1 : 0;
  return (
    <AccountPage title={t('findPassword.title')} testId="findpw-page">
      <Tabs
        idPrefix="findpw"
        label={t('findPassword.how')}
        entries={[{ label: t('findPassword.byEmail') }, { label: t('findPassword.byMobile') }]}
        active={tab}
        onChange={(i) => setParams(i === 1 ? { tab: 'mobile' } : {}, { replace: true, preventScrollReset: true })}
      />
      <div id={`findpw-panel-${tab}`} role="tabpanel" aria-labelledby={`findpw-tab-${tab}`} className="pt-4">
        {tab === 0 ? <ByEmail key="email" /> : <ByMobile key="mobile" />}
      </div>
      <div className="d-flex justify-content-center gap-3 small mt-4 account-links">
        <Link to="/account/login">{t('login.title')}</Link>
        <span aria-hidden="true">|</span>
        <Link to="/account/findemail">{t('login.findEmail')}</Link>
      </div>
    </AccountPage>
  );
}

function ByEmail() {
  const { t } = useTranslation();
  const api = usePublicApi();
  const scope = 'findpw-email';
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string>();
  const { form, fields, report } = useSchemaForm({
    id: scope,
    schema: ZFindPasswordEmailBody,
    onValid: (v) => void submit(v),
  });
  const showApiError = useApiErrors(report, { CODE_COOLDOWN: 'email', CODE_SEND_LIMIT: 'email' });

  const submit = async (body: z.output<typeof ZFindPasswordEmailBody>) => {
    setBusy(true);
    try {
      const r = await api.findPasswordEmail({ body });
      setSent(r.message || t('findPassword.emailSent'));
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate={form.noValidate} id={form.id} name={scope} onSubmit={form.onSubmit}>
      <p className="small text-body-secondary">{t('findPassword.emailLead')}</p>
      <FormInput
        scope={scope}
        name="email"
        field={fields.email}
        type="email"
        label={t('field.email')}
        required
        inputMode="email"
        autoComplete="username"
        maxLength={254}
        success={isEmail(text(fields.email.value))}
      />
      <FormInput
        scope={scope}
        name="fullname"
        field={fields.fullname}
        label={t('field.fullName')}
        required
        autoComplete="name"
        maxLength={50}
      />
      <SubmitButton busy={busy} busyText={t('code.sending')} testId="findpw-email-submit">
        {sent ? t('findPassword.sendAgain') : t('findPassword.sendLink')}
      </SubmitButton>
      {sent ? (
        <div className="alert alert-light border small mt-3" role="status" data-testid="findpw-email-sent">
          <p className="mb-1 fw-semibold">{sent}</p>
          <p className="mb-0 text-body-secondary">{t('findPassword.emailSentHelp')}</p>
        </div>
      ) : null}
    </form>
  );
}

/** The API's reset body, with the name the code is sent for and the confirmation of the new password. */
const ZByMobileForm = ZResetPasswordMobileBody.extend({
  fullname: ZFindPasswordMobileBody.shape.fullname,
  passwordConfirm: z.string(),
});
type MobileAction = 'send' | 'confirm' | 'reset';
/** The API call each step makes, by its schema. */
const SCHEMA_OF: Record<MobileAction, z.ZodType> = {
  send: ZFindPasswordMobileBody,
  confirm: ZFindPasswordMobileConfirmBody.extend({ fullname: ZFindPasswordMobileBody.shape.fullname }),
  reset: ZByMobileForm,
};

function ByMobile() {
  const { t } = useTranslation();
  const api = usePublicApi();
  const scope = 'findpw-mobile';
  const [resetting, setResetting] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const step = useCodeStep({ onError: (e) => showApiError(e) });
  const verified = step.verified !== null;
  const action = useSubmitAction<MobileAction>(scope, () => (verified ? 'reset' : step.sent ? 'confirm' : 'send'));
  const { form, fields, report } = useSchemaForm({
    id: scope,
    schema: ZByMobileForm,
    schemaFor: () => SCHEMA_OF[action.current()],
    extra: confirmCheck(t),
    onValid: (v) => {
      const a = action.current();
      if (a === 'send') void send(v);
      else if (a === 'confirm') void confirm(v);
      else void reset(v);
    },
  });
  const showApiError = useApiErrors(report, {
    ...CODE_FIELD_ERRORS,
    CODE_COOLDOWN: 'mobile',
    CODE_SEND_LIMIT: 'mobile',
    PASSWORD_TOO_COMMON: 'password',
    PASSWORD_SAME: 'password',
  });
  type Body = z.output<typeof ZByMobileForm>;

  const send = async (v: Body) => {
    if (await step.send(() => api.findPasswordMobile({ body: { email: v.email, fullname: v.fullname, mobile: v.mobile } }))) {
      form.reset({ name: 'code' });
      focusField(scope, 'code');
    }
  };
  const confirm = async (v: Body) => {
    const body = { email: v.email, mobile: v.mobile, code: v.code };
    if (
      await step.confirm(
        v.mobile,
        () => api.findPasswordMobileConfirm({ body }),
        (r) => r.message || t('code.verified'),
      )
    )
      focusField(scope, 'password');
  };
  const reset = async (v: Body) => {
    setResetting(true);
    try {
      const r = await api.resetPasswordMobile({ body: { email: v.email, mobile: v.mobile, code: v.code, password: v.password } });
      setDone(r.message || t('resetPassword.done'));
    } catch (err) {
      showApiError(err);
    } finally {
      setResetting(false);
    }
  };

  if (done) return <ResetDone message={done} />;

  return (
    <form noValidate={form.noValidate} id={form.id} name={scope} onSubmit={form.onSubmit}>
      <p className="small text-body-secondary">{t('findPassword.mobileLead')}</p>
      <FormInput
        scope={scope}
        name="email"
        field={fields.email}
        type="email"
        label={t('field.email')}
        required
        inputMode="email"
        autoComplete="username"
        maxLength={254}
        readOnly={verified}
      />
      <FormInput
        scope={scope}
        name="fullname"
        field={fields.fullname}
        label={t('field.fullName')}
        required
        autoComplete="name"
        maxLength={50}
        readOnly={verified}
      />
      <CodeStepFields
        scope={scope}
        step={step}
        target="mobile"
        targetField={fields.mobile}
        targetProps={mobileInputProps(t('field.mobile'))}
        code={fields.code}
        confirmed={verified}
        onSend={() => action.run('send')}
        onConfirm={() => action.run('confirm')}
        sendTestId="findpw-mobile-send"
        newsTestId="findpw-mobile-news"
      />
      {verified ? (
        <fieldset className="mt-3">
          <legend className="h6 fw-bold">{t('resetPassword.newTitle')}</legend>
          <NewPasswordFields
            scope={scope}
            password={fields.password}
            passwordConfirm={fields.passwordConfirm}
            onEnter={() => action.run('reset')}
          />
          <SubmitButton busy={resetting} busyText={t('form.saving')} testId="findpw-mobile-reset">
            {t('resetPassword.submit')}
          </SubmitButton>
        </fieldset>
      ) : null}
    </form>
  );
}
