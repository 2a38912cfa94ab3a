import { useCallback, useState } from 'react';
import { useFetcher } from 'react-router';
import { useTranslation } from 'react-i18next';
import { maskMobile, normalizeMobile } from '@podo/contracts/rules';
import type { Route } from './+types/mypage.mobile';
import { apiErrorOf } from '../lib/api';
import { formatMobileInput, isCode } from '../lib/account-rules';
import { pageMeta } from '../lib/meta';
import { withIdentityProof } from '../lib/reauth.server';
import { apiAction, memberApi, readBody, str } from '../lib/session.server';
import { useUser } from '../lib/site';
import {
  CodeInput,
  CurrentPasswordInput,
  SendCodeButton,
  useActionResult,
  useCodeTimer,
  useFormErrors,
  usePublicApi,
} from '../components/account';
import { useAlert } from '../components/global-alert';
import { ReauthBox } from '../components/reauth';
import { focusField, FormInput, LiveMessage, SubmitButton } from '../components/ui';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.changeMobile.title),
  { name: 'robots', content: 'noindex' },
];

/** With the current password, or for a member without one the re-authentication proof this browser keeps. */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readBody(request);
  return apiAction(request, context, () =>
    withIdentityProof(request, context, body.password, (proof) =>
      memberApi(request, context).changeMobile({ body: { mode: 'CERT_MOBILE', mobile: str(body.mobile), code: str(body.code), ...proof } }),
    ),
  );
}

const SCOPE = 'mobile';
type Field = 'mobile' | 'code' | 'password' | 'reauth';

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
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [news, setNews] = useState<string>();
  const timer = useCodeTimer();
  const fieldOf = {
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
  } as const;
  const { errors, setErrors, setError, showApiError } = useFormErrors<Field>(SCOPE, fieldOf);
  const mobileNorm = normalizeMobile(mobile);
  const [password, setPassword] = useState('');
  const [reauthed, setReauthed] = useState(false);
  const onReauthed = useCallback(() => {
    setReauthed(true);
    setError('reauth', undefined);
  }, [setError]);

  useActionResult(fetcher.data, (r) => {
    if (r.ok) {
      alert.open(r.message || t('changeMobile.done'));
      setMobile('');
      setCode('');
      setPassword('');
      setReauthed(false);
      setNews(undefined);
      timer.reset();
      return;
    }
    if (r.error.code === 'REAUTH_REQUIRED' || r.error.code === 'REAUTH_INVALID') setReauthed(false);
    showApiError(apiErrorOf(r.error));
  });

  const send = async () => {
    if (!mobileNorm) {
      setErrors({ mobile: mobile ? t('validation.mobile') : t('validation.mobileRequired') });
      return focusField(SCOPE, 'mobile');
    }
    if (user?.mobile === mobileNorm) {
      setErrors({ mobile: t('changeMobile.same') });
      return focusField(SCOPE, 'mobile');
    }
    setBusy(true);
    try {
      const r = await api.sendCode({ body: { mode: 'CERT_MOBILE', mobile: mobileNorm } });
      timer.started(r.data, 180);
      setCode('');
      setNews(r.message || t('code.sent'));
      focusField(SCOPE, 'code');
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(false);
    }
  };

  const change = () => {
    if (!mobileNorm) return void send();
    if (!isCode(code)) {
      setError('code', t('validation.code'));
      return focusField(SCOPE, 'code');
    }
    if (user?.hasPassword && !password) {
      setError('password', t('validation.currentPasswordRequired'));
      return focusField(SCOPE, 'password');
    }
    if (user && !user.hasPassword && !reauthed) return setError('reauth', t('reauth.required'));
    void fetcher.submit(user?.hasPassword ? { mobile: mobileNorm, code, password } : { mobile: mobileNorm, code }, { method: 'post' });
  };

  return (
    <form
      noValidate
      name={SCOPE}
      className="mypage-panel"
      data-testid="mobile-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (timer.sent) change();
        else void send();
      }}
    >
      <h2 className="h5 fw-bold mb-2">{t('changeMobile.title')}</h2>
      <p className="small text-body-secondary">
        {t('changeMobile.current')} <strong data-testid="current-mobile">{user?.mobile ? maskMobile(user.mobile) : '-'}</strong>
      </p>
      {user && !user.hasPassword ? (
        // First, so that the whole-page flow of phones (which leaves this page) comes before anything is typed.
        <ReauthBox user={user} returnTo="/mypage/mobile" confirmed={reauthed} onConfirmed={onReauthed} error={errors.reauth} />
      ) : null}
      <FormInput
        scope={SCOPE}
        name="mobile"
        type="tel"
        label={t('field.newMobile')}
        required
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder="010-1234-5678"
        value={mobile}
        onValueChange={(v) => {
          setMobile(formatMobileInput(v));
          setError('mobile', undefined);
        }}
        error={errors.mobile}
        onEnter={() => void send()}
        addon={<SendCodeButton sent={timer.sent} resendIn={timer.resendIn} busy={busy} onClick={() => void send()} testId="mobile-send" />}
      />
      {timer.sent ? (
        <CodeInput
          scope={SCOPE}
          value={code}
          onValueChange={(v) => {
            setCode(v);
            setError('code', undefined);
          }}
          error={errors.code}
          expiresIn={timer.expiresIn}
          expired={timer.expired}
          onConfirm={change}
          noConfirmButton
        />
      ) : null}
      {timer.sent && user?.hasPassword ? (
        <CurrentPasswordInput
          scope={SCOPE}
          required
          value={password}
          onChange={(v) => {
            setPassword(v);
            setError('password', undefined);
          }}
          error={errors.password}
          helper={t('changeMobile.passwordHelp')}
          onEnter={change}
        />
      ) : null}
      <LiveMessage message={news} testId="mobile-news" />
      {timer.sent ? <p className="small text-body-secondary">{t('changeMobile.notice')}</p> : null}
      {timer.sent ? (
        <SubmitButton busy={fetcher.state !== 'idle'} busyText={t('form.saving')} testId="mobile-submit">
          {t('changeMobile.submit')}
        </SubmitButton>
      ) : null}
    </form>
  );
}
