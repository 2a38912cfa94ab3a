import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Form, redirect, useActionData, useNavigate, useNavigation, useSearchParams, useSubmit } from 'react-router';
import { ZLoginBody } from '@podo/contracts';
import type { SocialProvider } from '@podo/contracts/rules';
import type { Route } from './+types/account.login';
import { isEmail } from '../lib/account-rules';
import { text, useSchemaForm, type FieldMessages } from '../lib/forms';
import { parseFormRequest } from '../lib/forms.server';
import { pageMeta } from '../lib/meta';
import { requestToken, serverApi } from '../lib/request.server';
import { failure, safeRedirect, tokenCookie } from '../lib/session.server';
import { tokenUsable } from '../lib/cookies';
import { FormInput } from '../components/ui';
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

/** The login's own texts for a missing or malformed field. */
const MESSAGES: FieldMessages = {
  email: { required: 'login.emailRequired', email: 'login.invalidEmail' },
  password: { required: 'login.passwordRequired' },
  code: { required: 'login.codeRequired', code: 'login.codeRequired' },
};
/** In the extra step (LOGIN_CODE_REQUIRED) the e-mailed code is required too. */
const ZLoginWithCode = ZLoginBody.required({ code: true });

/** Checked with the API's schema first (also without scripts: the errors come back per field), then logs in. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseFormRequest(request.clone(), ZLoginBody, { messages: MESSAGES });
  if (submission.status !== 'success') return data({ form: submission.reply({ hideFields: ['password'] }) });
  const form = await request.formData();
  try {
    const { data: token } = await serverApi(request, context).login({ body: submission.value });
    return redirect(safeRedirect(form.get('redirect')), { headers: { 'Set-Cookie': tokenCookie(context, token) } });
  } catch (e) {
    return data(failure(e));
  }
}

type Failure = { message: string; code?: string } | null;

export default function Login({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const [params] = useSearchParams();
  const failedOf = (r: typeof result): Failure =>
    r && 'ok' in r && !r.ok && r.error.code !== 'LOGIN_CODE_REQUIRED'
      ? r.error.status >= 500
        ? { message: t('common.serverError') }
        : { message: r.error.message, code: r.error.code }
      : null;
  const codeOf = (r: typeof result) => (r && 'ok' in r && !r.ok && r.error.code === 'LOGIN_CODE_REQUIRED' ? r.error.message : null);
  /** The server's 'a code was e-mailed' message while the login waits for the code, else null. */
  const [codeStep, setCodeStep] = useState<string | null>(() => codeOf(result));
  const [failed, setFailed] = useState<Failure>(() => failedOf(result));
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const redirectTo = params.get('redirect') ?? '';
  const { form, fields } = useSchemaForm({
    id: 'login',
    schema: codeStep ? ZLoginWithCode : ZLoginBody,
    messages: MESSAGES,
    lastResult: result && 'form' in result ? result.form : undefined,
  });

  useEffect(() => {
    if (!result || !('ok' in result) || result.ok) return;
    // LOGIN_CODE_REQUIRED is not a failure: the right password from a new place while the account is under
    // attack; ask for the code. Anything else is shown once, above the form (role="alert" reads it out).
    setCodeStep(codeOf(result));
    setFailed(failedOf(result));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [result]);

  const social = useSocialLogin((r: OAuthResult) => {
    if (r.intent !== 'login') return;
    if (r.ok) {
      navigate(r.redirect ?? '/mypage', { replace: true });
      return;
    }
    setFailed({ message: r.message || t('common.serverError'), code: r.code });
  });

  const send = () => document.forms.namedItem('login')?.requestSubmit();
  /** Logs in again without a code: the server mails a new one (within its resend limits). */
  const resendCode = () => {
    form.reset({ name: 'code' });
    void submit({ email: text(fields.email.value), password: text(fields.password.value), redirect: redirectTo }, { method: 'post' });
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
      <Form method="post" id={form.id} noValidate={form.noValidate} onSubmit={form.onSubmit} className="mt-4" name="login">
        <input type="hidden" name="redirect" value={redirectTo} />
        <FormInput
          scope="login"
          name="email"
          type="email"
          label={t('login.email')}
          autoComplete="username"
          inputMode="email"
          field={fields.email}
          // A code belongs to the account it was mailed for.
          onValueChange={() => setCodeStep(null)}
          helper={t('login.emailHelp')}
          success={isEmail(text(fields.email.value))}
          maxLength={254}
          onEnter={send}
        />
        <FormInput
          scope="login"
          name="password"
          type="password"
          label={t('login.password')}
          autoComplete="current-password"
          field={fields.password}
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
              field={fields.code}
              format={digits6}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              placeholder={t('code.placeholder')}
              helper={t('login.codeHelp')}
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

const digits6 = (v: string) => v.replace(/\D/g, '').slice(0, 6);

/** The redirect query, kept only when it is a same-site path. */
function safeRelative(s: string): string {
  return s.startsWith('/') && !s.startsWith('//') && !s.startsWith('/\\') ? s : '';
}
