import { useEffect, useRef, useState } from 'react';
import { data, Form, redirect, useActionData, useNavigate, useNavigation, useSearchParams, useSubmit } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SocialProvider } from '@podo/contracts/rules';
import type { Route } from './+types/account.login';
import { isEmail } from '../lib/account-rules';
import { pageMeta } from '../lib/meta';
import { requestToken, serverApi } from '../lib/request.server';
import { failure, safeRedirect, tokenCookie } from '../lib/session.server';
import { tokenUsable } from '../lib/cookies';
import { focusFirstError, FormInput } from '../components/ui';
import { SiteLink } from '../components/site-link';
import { SocialButtons, useSocialLogin, type OAuthResult } from '../components/social';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (m) => m.login.title);

/** Already logged in: straight to where the visitor was going. Otherwise the enabled social providers. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = requestToken(request, context);
  if (tokenUsable(token)) {
    const ok = await serverApi(request, context, token)
      .me()
      .then(() => true)
      .catch(() => false);
    if (ok) throw redirect(safeRedirect(url.searchParams.get('redirect')));
  }
  const providers = await serverApi(request, context)
    .oauthProviders()
    .then((r) => r.data)
    .catch(() => []);
  return { providers };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  // Only in the extra step (LOGIN_CODE_REQUIRED): the code e-mailed after the right password.
  const code = String(form.get('code') ?? '').trim();
  try {
    const { data: token } = await serverApi(request, context).login({ body: { email, password, ...(code ? { code } : {}) } });
    return redirect(safeRedirect(form.get('redirect')), { headers: { 'Set-Cookie': tokenCookie(context, token) } });
  } catch (e) {
    return data(failure(e));
  }
}

type Errors = { email?: string; password?: string; code?: string };

export default function Login({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  /** The server's 'a code was e-mailed' message while the login waits for the code, else null. */
  const [codeStep, setCodeStep] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [failed, setFailed] = useState<{ message: string; code?: string } | null>(null);
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const redirectTo = params.get('redirect') ?? '';

  useEffect(() => {
    if (result && !result.ok && result.error.code === 'LOGIN_CODE_REQUIRED') {
      // Not a failure: the right password from a new place while the account is under attack; ask for the code.
      setCodeStep(result.error.message);
      setCode('');
      setFailed(null);
      return;
    }
    if (result && !result.ok) {
      // Shown once, above the form (role="alert" reads it out), not in a modal as well.
      setFailed(
        result.error.status >= 500 ? { message: t('common.serverError') } : { message: result.error.message, code: result.error.code },
      );
    }
  }, [result, t]);

  const social = useSocialLogin((r: OAuthResult) => {
    if (r.intent !== 'login') return;
    if (r.ok) {
      navigate(r.redirect ?? '/mypage', { replace: true });
      return;
    }
    setFailed({ message: r.message || t('common.serverError'), code: r.code });
  });

  const validate = () => {
    const next: Errors = {};
    if (!email.trim()) next.email = t('login.emailRequired');
    else if (!isEmail(email)) next.email = t('login.invalidEmail');
    if (!password) next.password = t('login.passwordRequired');
    if (codeStep && !/^\d{6}$/.test(code)) next.code = t('login.codeRequired');
    setErrors(next);
    return focusFirstError('login', next, ['email', 'password', 'code']);
  };
  const send = () => {
    if (formRef.current && validate()) void submit(formRef.current);
  };
  /** Logs in again without a code: the server mails a new one (within its resend limits). */
  const resendCode = () => {
    setCode('');
    setErrors({});
    void submit({ email, password, redirect: redirectTo }, { method: 'post' });
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
      {failed ? (
        <div className="alert alert-danger small py-2" role="alert" data-testid="login-error" data-code={failed.code}>
          {failed.message}
          {failed.code === 'SOCIAL_NOT_LINKED' ? (
            <>
              {' '}
              <SiteLink to="/account/signup" className="alert-link" data-testid="login-error-signup">
                {t('login.signupNow')}
              </SiteLink>
            </>
          ) : null}
        </div>
      ) : null}
      <Form
        ref={formRef}
        method="post"
        noValidate
        className="mt-4"
        name="login"
        onSubmit={(e) => {
          e.preventDefault();
          send();
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
            // A code belongs to the account it was mailed for.
            setCodeStep(null);
            if (errors.email) setErrors((er) => ({ ...er, email: undefined }));
          }}
          error={errors.email}
          helper={t('login.emailHelp')}
          success={isEmail(email)}
          maxLength={254}
          onEnter={send}
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
          maxLength={200}
          onEnter={send}
        />
        {codeStep ? (
          <>
            <p className="alert alert-info small py-2" role="status" data-testid="login-code-sent">
              {codeStep}
            </p>
            <FormInput
              scope="login"
              name="code"
              label={t('login.codeLabel')}
              value={code}
              onValueChange={(v) => {
                setCode(v.replace(/\D/g, '').slice(0, 6));
                if (errors.code) setErrors((er) => ({ ...er, code: undefined }));
              }}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              placeholder={t('code.placeholder')}
              helper={t('login.codeHelp')}
              error={errors.code}
              required
              onEnter={send}
              below={
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0"
                  disabled={busy}
                  onClick={resendCode}
                  data-testid="login-code-resend"
                >
                  {t('login.resendCode')}
                </button>
              }
            />
          </>
        ) : null}
        <button type="submit" className="btn btn-primary btn-lg w-100 mt-2" disabled={busy} aria-busy={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
      </Form>
      <nav
        className="d-flex justify-content-center gap-3 small mt-4 account-links"
        aria-label={t('login.helpLinks')}
        data-testid="login-help-links"
      >
        <SiteLink to="/account/findemail">{t('login.findEmail')}</SiteLink>
        <span aria-hidden="true">|</span>
        <SiteLink to="/account/findpw">{t('login.findPassword')}</SiteLink>
      </nav>
      {loaderData.providers.length > 0 ? (
        <section className="mt-4" aria-labelledby="social-title">
          <h2 id="social-title" className="divider-title small text-body-secondary">
            <span>{t('social.title')}</span>
          </h2>
          <SocialButtons
            providers={loaderData.providers}
            pending={social.pending}
            label={(p: SocialProvider) => t(`social.login.${p}`)}
            onStart={(p) => {
              setFailed(null);
              social.start(p.provider, 'login', safeRelative(redirectTo), p.popup);
            }}
          />
          {social.pending ? (
            <p className="small text-body-secondary text-center mt-2" role="status" data-testid="social-pending">
              {t('social.continueInPopup')}{' '}
              <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={social.cancel}>
                {t('common.cancel')}
              </button>
            </p>
          ) : null}
        </section>
      ) : null}
      <p className="text-center small mt-4 mb-0">
        {t('login.noAccount')}{' '}
        <SiteLink to="/account/signup" className="fw-bold">
          {t('login.signup')}
        </SiteLink>
      </p>
    </div>
  );
}

/** The redirect query, kept only when it is a same-site path. */
function safeRelative(s: string): string {
  return s.startsWith('/') && !s.startsWith('//') && !s.startsWith('/\\') ? s : '';
}
