import { useCallback, useState } from 'react';
import { useFetcher } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZChangeMobileBody, ZValidMobileBody } from '@podo/contracts/accounts';
import { maskMobile } from '@podo/contracts/rules';
import type { Route } from './+types/mypage.mobile';
import { apiErrorOf } from '../lib/api';

import { useSchemaForm, useSubmitAction, validateForm } from '../lib/forms';
import { requestT } from '../lib/forms.server';
import { pageMeta } from '../lib/meta';
import { withIdentityProof } from '../lib/reauth.server';
import { apiAction, memberApi } from '../lib/session.server';
import { useUser } from '../lib/site';
import {
  CodeStepFields,
  mobileInputProps,
  CurrentPasswordInput,
  useActionResult,
  useApiErrors,
  useCodeStep,
  usePublicApi,
} from '../components/account';
import { useAlert } from '../components/global-alert';
import { ReauthBox } from '../components/reauth';
import { focusField, SubmitButton } from '../components/ui';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.changeMobile.title),
  { name: 'robots', content: 'noindex' },
];

const MESSAGES = { password: { required: 'validation.currentPasswordRequired' } };
/** A member with a password types it; one without proves it is them by a social re-authentication instead. */
const ZWithPassword = ZChangeMobileBody.required({ password: true });

/** With the current password, or for a member without one the re-authentication proof this browser keeps. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = validateForm(await request.formData(), ZChangeMobileBody, requestT(request), { messages: MESSAGES });
  if (submission.status !== 'success') return { form: submission.reply({ hideFields: ['password'] }) };
  const { password, ...body } = submission.value;
  return apiAction(request, context, () =>
    withIdentityProof(request, context, password, (proof) => memberApi(request, context).changeMobile({ body: { ...body, ...proof } })),
  );
}

const SCOPE = 'mobile';
const FIELD_OF = {
  CODE_INVALID: 'code',
  CODE_EXPIRED: 'code',
  CODE_ATTEMPTS_EXCEEDED: 'code',
  CODE_NOT_VERIFIED: 'code',
  CODE_COOLDOWN: 'mobile',
  CODE_SEND_LIMIT: 'mobile',
  PASSWORD_REQUIRED: 'password',
  PASSWORD_INCORRECT: 'password',
  LOGIN_LOCKED: 'password',
  REAUTH_REQUIRED: 'reauth',
  REAUTH_INVALID: 'reauth',
};

/**
 * Change the mobile number: the new number gets a code (CERT_MOBILE); the code with the current password (or a
 * social re-authentication, for a member without a password) completes the change.
 */
export default function ChangeMobile() {
  const { t } = useTranslation();
  const user = useUser();
  const alert = useAlert();
  const api = usePublicApi();
  const fetcher = useFetcher<typeof action>();
  const answer = fetcher.data && 'form' in fetcher.data ? undefined : fetcher.data;
  const [reauthed, setReauthed] = useState(false);
  const step = useCodeStep({ onError: (e) => showApiError(e) });
  const submitAs = useSubmitAction(SCOPE, () => (step.sent ? 'change' : 'send'));
  const { form, fields, report } = useSchemaForm<typeof ZChangeMobileBody, 'reauth'>({
    id: SCOPE,
    schema: (user?.hasPassword ? ZWithPassword : ZChangeMobileBody) as typeof ZChangeMobileBody,
    messages: MESSAGES,
    lastResult: fetcher.data && 'form' in fetcher.data ? fetcher.data.form : undefined,
    // Sending a code needs the number only (the API's check of a number); the change needs everything.
    schemaFor: () => (submitAs.current() === 'send' ? ZValidMobileBody : user?.hasPassword ? ZWithPassword : ZChangeMobileBody),
    extra: (p) => ({
      mobile: user?.mobile && p.mobile === user.mobile ? t('changeMobile.same') : undefined,
      reauth: submitAs.current() === 'change' && user && !user.hasPassword && !reauthed ? t('reauth.required') : undefined,
    }),
    onValid: (v, formData) => {
      if (submitAs.current() === 'send') void send(v.mobile);
      else void fetcher.submit(formData, { method: 'post' });
    },
  });
  const showApiError = useApiErrors(report, FIELD_OF);
  const onReauthed = useCallback(() => setReauthed(true), []);

  useActionResult(answer, (r) => {
    if (r.ok) {
      alert.open(r.message || t('changeMobile.done'));
      form.reset();
      setReauthed(false);
      step.reset();
      return;
    }
    if (r.error.code === 'REAUTH_REQUIRED' || r.error.code === 'REAUTH_INVALID') setReauthed(false);
    showApiError(apiErrorOf(r.error));
  });

  const send = async (mobile: string) => {
    if (await step.send(() => api.sendCode({ body: { mode: 'CERT_MOBILE', mobile } }))) {
      form.reset({ name: 'code' });
      focusField(SCOPE, 'code');
    }
  };

  return (
    <form
      noValidate={form.noValidate}
      id={form.id}
      name={SCOPE}
      className="mypage-panel"
      data-testid="mobile-form"
      onSubmit={form.onSubmit}
    >
      <h2 className="h5 fw-bold mb-2">{t('changeMobile.title')}</h2>
      <p className="small text-body-secondary">
        {t('changeMobile.current')} <strong data-testid="current-mobile">{user?.mobile ? maskMobile(user.mobile) : '-'}</strong>
      </p>
      {user && !user.hasPassword ? (
        // First, so that the whole-page flow of phones (which leaves this page) comes before anything is typed.
        <ReauthBox
          user={user}
          returnTo="/mypage/mobile"
          confirmed={reauthed}
          onConfirmed={onReauthed}
          error={reauthed ? undefined : fields.reauth.errors?.[0]}
        />
      ) : null}
      <input type="hidden" name="mode" value="CERT_MOBILE" />
      <CodeStepFields
        scope={SCOPE}
        step={step}
        target="mobile"
        targetField={fields.mobile}
        targetProps={mobileInputProps(t('field.newMobile'))}
        code={fields.code}
        noConfirmButton
        onSend={() => submitAs.run('send')}
        onConfirm={() => submitAs.run('change')}
        sendTestId="mobile-send"
        newsTestId="mobile-news"
      />
      {step.sent && user?.hasPassword ? (
        <CurrentPasswordInput
          scope={SCOPE}
          field={fields.password}
          required
          helper={t('changeMobile.passwordHelp')}
          onEnter={() => submitAs.run('change')}
        />
      ) : null}
      {step.sent ? <p className="small text-body-secondary">{t('changeMobile.notice')}</p> : null}
      {step.sent ? (
        <SubmitButton busy={fetcher.state !== 'idle'} busyText={t('form.saving')} testId="mobile-submit">
          {t('changeMobile.submit')}
        </SubmitButton>
      ) : null}
    </form>
  );
}
