import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { normalizeMobile } from '@podo/contracts/rules';
import type { Route } from './+types/account.findpw';
import { formatMobileInput, isCode, isEmail, passwordErrors } from '../lib/account-rules';
import { pageMeta } from '../lib/meta';
import {
  AccountPage,
  CODE_FIELD_ERRORS,
  CodeInput,
  SendCodeButton,
  useCodeTimer,
  useFormErrors,
  usePublicApi,
} from '../components/account';
import { NewPasswordFields, ResetDone } from '../components/password-fields';
import { focusField, focusFirstError, FormInput, LiveMessage, SubmitButton, Tabs } from '../components/ui';

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
  const [email, setEmail] = useState('');
  const [fullname, setFullname] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string>();
  const { errors, setErrors, setError, showApiError } = useFormErrors<'email' | 'fullname'>(scope, {
    CODE_COOLDOWN: 'email',
    CODE_SEND_LIMIT: 'email',
  });

  const submit = async () => {
    const e: Partial<Record<'email' | 'fullname', string>> = {};
    if (!isEmail(email)) e.email = email ? t('validation.email') : t('validation.emailRequired');
    if (!fullname.trim()) e.fullname = t('validation.nameRequired');
    setErrors(e);
    if (!focusFirstError(scope, e, ['email', 'fullname'])) return;
    setBusy(true);
    try {
      const r = await api.findPasswordEmail({ body: { email: email.trim(), fullname: fullname.trim() } });
      setSent(r.message || t('findPassword.emailSent'));
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      name={scope}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="small text-body-secondary">{t('findPassword.emailLead')}</p>
      <FormInput
        scope={scope}
        name="email"
        type="email"
        label={t('field.email')}
        required
        inputMode="email"
        autoComplete="username"
        maxLength={254}
        value={email}
        onValueChange={(v) => {
          setEmail(v);
          setError('email', undefined);
        }}
        error={errors.email}
        success={isEmail(email)}
      />
      <FormInput
        scope={scope}
        name="fullname"
        label={t('field.fullName')}
        required
        autoComplete="name"
        maxLength={50}
        value={fullname}
        onValueChange={(v) => {
          setFullname(v);
          setError('fullname', undefined);
        }}
        error={errors.fullname}
        onEnter={() => void submit()}
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

type MobileField = 'email' | 'fullname' | 'mobile' | 'code' | 'password' | 'passwordConfirm';

function ByMobile() {
  const { t } = useTranslation();
  const api = usePublicApi();
  const scope = 'findpw-mobile';
  const [email, setEmail] = useState('');
  const [fullname, setFullname] = useState('');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [verified, setVerified] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [busy, setBusy] = useState<'send' | 'confirm' | 'reset' | null>(null);
  const [news, setNews] = useState<string>();
  const [done, setDone] = useState<string | null>(null);
  const timer = useCodeTimer();
  const { errors, setErrors, setError, showApiError } = useFormErrors<MobileField>(scope, {
    ...CODE_FIELD_ERRORS,
    CODE_COOLDOWN: 'mobile',
    CODE_SEND_LIMIT: 'mobile',
    PASSWORD_TOO_COMMON: 'password',
    PASSWORD_SAME: 'password',
  });
  const mobileNorm = normalizeMobile(mobile);
  const clear = (k: MobileField) => setError(k, undefined);

  const send = async () => {
    const e: Partial<Record<MobileField, string>> = {};
    if (!isEmail(email)) e.email = email ? t('validation.email') : t('validation.emailRequired');
    if (!fullname.trim()) e.fullname = t('validation.nameRequired');
    if (!mobileNorm) e.mobile = mobile ? t('validation.mobile') : t('validation.mobileRequired');
    setErrors(e);
    if (!focusFirstError(scope, e, ['email', 'fullname', 'mobile']) || !mobileNorm) return;
    setBusy('send');
    try {
      const r = await api.findPasswordMobile({ body: { email: email.trim(), fullname: fullname.trim(), mobile: mobileNorm } });
      timer.started(r.data ?? undefined, 180);
      setVerified(false);
      setCode('');
      setNews(r.message || t('code.sent'));
      focusField(scope, 'code');
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(null);
    }
  };

  const confirm = async () => {
    if (!mobileNorm) return;
    if (!isCode(code)) {
      setError('code', t('validation.code'));
      return focusField(scope, 'code');
    }
    setBusy('confirm');
    try {
      const r = await api.findPasswordMobileConfirm({ body: { email: email.trim(), mobile: mobileNorm, code } });
      setVerified(true);
      setNews(r.message || t('code.verified'));
      focusField(scope, 'password');
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(null);
    }
  };

  const reset = async () => {
    if (!mobileNorm) return;
    const e = passwordErrors(t, password, passwordConfirm);
    setErrors(e);
    if (!focusFirstError(scope, e, ['password', 'passwordConfirm'])) return;
    setBusy('reset');
    try {
      const r = await api.resetPasswordMobile({ body: { email: email.trim(), mobile: mobileNorm, code, password } });
      setDone(r.message || t('resetPassword.done'));
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(null);
    }
  };

  if (done) return <ResetDone message={done} />;

  const locked = timer.sent;
  return (
    <form
      noValidate
      name={scope}
      onSubmit={(e) => {
        e.preventDefault();
        if (verified) void reset();
        else if (timer.sent) void confirm();
        else void send();
      }}
    >
      <p className="small text-body-secondary">{t('findPassword.mobileLead')}</p>
      <FormInput
        scope={scope}
        name="email"
        type="email"
        label={t('field.email')}
        required
        inputMode="email"
        autoComplete="username"
        maxLength={254}
        value={email}
        readOnly={verified}
        onValueChange={(v) => {
          setEmail(v);
          clear('email');
        }}
        error={errors.email}
      />
      <FormInput
        scope={scope}
        name="fullname"
        label={t('field.fullName')}
        required
        autoComplete="name"
        maxLength={50}
        value={fullname}
        readOnly={verified}
        onValueChange={(v) => {
          setFullname(v);
          clear('fullname');
        }}
        error={errors.fullname}
      />
      <FormInput
        scope={scope}
        name="mobile"
        type="tel"
        label={t('field.mobile')}
        required
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder="010-1234-5678"
        value={mobile}
        readOnly={verified}
        onValueChange={(v) => {
          setMobile(formatMobileInput(v));
          clear('mobile');
        }}
        error={errors.mobile}
        onEnter={() => void send()}
        addon={
          verified ? undefined : (
            <SendCodeButton
              sent={locked}
              resendIn={timer.resendIn}
              busy={busy === 'send'}
              onClick={() => void send()}
              testId="findpw-mobile-send"
            />
          )
        }
      />
      {timer.sent ? (
        <CodeInput
          scope={scope}
          value={code}
          onValueChange={(v) => {
            setCode(v);
            clear('code');
          }}
          error={errors.code}
          expiresIn={timer.expiresIn}
          expired={timer.expired}
          verified={verified}
          busy={busy === 'confirm'}
          onConfirm={() => void confirm()}
        />
      ) : null}
      <LiveMessage message={news} testId="findpw-mobile-news" />
      {verified ? (
        <fieldset className="mt-3">
          <legend className="h6 fw-bold">{t('resetPassword.newTitle')}</legend>
          <NewPasswordFields
            scope={scope}
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
            onEnter={() => void reset()}
          />
          <SubmitButton busy={busy === 'reset'} busyText={t('form.saving')} testId="findpw-mobile-reset">
            {t('resetPassword.submit')}
          </SubmitButton>
        </fieldset>
      ) : null}
    </form>
  );
}
