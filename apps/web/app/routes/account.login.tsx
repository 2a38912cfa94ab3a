import { useEffect, useState } from 'react';
import { Form, redirect, useActionData, useNavigation, useSearchParams, useSubmit } from 'react-router';
import { useTranslation } from 'react-i18next';
import { tokenCookieName } from '@podo/config/shared';
import type { Route } from './+types/account.login';
import { ApiError } from '../lib/api';
import { serializeCookie } from '../lib/cookies';
import { pageMeta } from '../lib/meta';
import { serverApi } from '../lib/request.server';
import { FormInput } from '../components/ui';
import { useAlert } from '../components/global-alert';
import { SiteLink } from '../components/site-link';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (m) => m.login.title);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Only same-site paths are followed after login (no open redirects). */
function safeRedirect(to: FormDataEntryValue | string | null): string {
  const s = typeof to === 'string' ? to : '';
  return s.startsWith('/') && !s.startsWith('//') && !s.startsWith('/\\') ? s : '/mypage';
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  try {
    const { accessToken, expiresAt } = await serverApi(request, context).login({ email, password });
    const maxAge = Math.max(0, (new Date(expiresAt).getTime() - Date.now()) / 1000);
    const cookie = serializeCookie(tokenCookieName(context.site.slug), accessToken, { maxAge, secure: context.secureCookies });
    return redirect(safeRedirect(form.get('redirect')), { headers: { 'Set-Cookie': cookie } });
  } catch (e) {
    if (e instanceof ApiError) return { error: { status: e.status, message: e.message, at: Date.now() } };
    throw e;
  }
}

export default function Login() {
  const { t } = useTranslation();
  const alert = useAlert();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const redirectTo = params.get('redirect') ?? '';

  useEffect(() => {
    if (result?.error) alert.showError(new ApiError(result.error.status, result.error.message));
  }, [result, alert]);

  const validate = () => {
    const next: typeof errors = {};
    if (!email.trim()) next.email = t('login.emailRequired');
    else if (!EMAIL.test(email.trim())) next.email = t('login.invalidEmail');
    if (!password) next.password = t('login.passwordRequired');
    setErrors(next);
    return Object.keys(next).length === 0;
  };
  const send = (form: HTMLFormElement | null) => {
    if (form && validate()) void submit(form);
  };

  return (
    <div className="account-container page-body">
      <h1 className="page-title text-center">{t('login.title')}</h1>
      <p className="text-center text-body-secondary">{t('login.subtitle')}</p>
      {redirectTo.includes('/mypage') ? (
        <p className="alert alert-light border small" role="status" data-testid="login-redirected">
          {t('login.redirected')}
        </p>
      ) : null}
      <Form
        method="post"
        noValidate
        className="mt-4"
        onSubmit={(e) => {
          e.preventDefault();
          send(e.currentTarget);
        }}
      >
        <input type="hidden" name="redirect" value={redirectTo} />
        <FormInput
          scope="login"
          name="email"
          type="email"
          label={t('login.email')}
          autoComplete="username"
          inputMode="email"
          value={email}
          onValueChange={(v) => {
            setEmail(v);
            if (errors.email) setErrors((er) => ({ ...er, email: undefined }));
          }}
          error={errors.email}
          helper={t('login.emailHelp')}
          success={EMAIL.test(email.trim())}
          maxLength={254}
        />
        <FormInput
          scope="login"
          name="password"
          type="password"
          label={t('login.password')}
          autoComplete="current-password"
          value={password}
          onValueChange={(v) => {
            setPassword(v);
            if (errors.password) setErrors((er) => ({ ...er, password: undefined }));
          }}
          error={errors.password}
          maxLength={50}
          onEnter={() => send(document.querySelector<HTMLFormElement>('form[method="post"]'))}
        />
        <button type="submit" className="btn btn-primary btn-lg w-100 mt-2" disabled={busy} aria-busy={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
      </Form>
      <div className="d-flex justify-content-center gap-3 small mt-4 account-links">
        <SiteLink to="/account/findemail">{t('login.findEmail')}</SiteLink>
        <span aria-hidden="true">|</span>
        <SiteLink to="/account/findpw">{t('login.findPassword')}</SiteLink>
      </div>
      <p className="text-center small mt-4 mb-0">
        {t('login.noAccount')}{' '}
        <SiteLink to="/account/signup" className="fw-bold">
          {t('login.signup')}
        </SiteLink>
      </p>
    </div>
  );
}
