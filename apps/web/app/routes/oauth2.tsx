import { useEffect, useRef, useState } from 'react';
import { data, Link, useFetcher, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@podo/contracts/rules';
import type { Route } from './+types/oauth2';
import type { ActionResult } from '../lib/api';
import { pageMeta } from '../lib/meta';
import { serverApi } from '../lib/request.server';
import { reauthCookie } from '../lib/reauth.server';
import { failure, memberApi, readBody, safeRedirect, str, tokenCookie } from '../lib/session.server';
import type { RouteHandle } from '../lib/site';
import { usePublicApi } from '../components/account';
import {
  OAUTH_CHANNEL,
  OAUTH_STORE,
  type OAuthIntent,
  type OAuthLinkCode,
  type OAuthPending,
  type OAuthResult,
} from '../components/social';
import { SiteLink } from '../components/site-link';

export const handle: RouteHandle = { page: { mobileTab: false, footer: false } };

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.oauth.title),
  { name: 'robots', content: 'noindex' },
];

const isProvider = (p: unknown): p is SocialProvider => (SOCIAL_PROVIDERS as readonly unknown[]).includes(p);
const intentOf = (v: unknown): OAuthIntent => (v === 'link' || v === 'reauth' ? v : 'login');
/** Where each intent returns to when the starting page named no place. */
const HOME: Record<OAuthIntent, string> = { login: '/mypage', link: '/mypage/sns', reauth: '/mypage/profile' };

/**
 * Completes the provider's answer: Kakao through POST /oauth (7-day token), the others POST /auth/{provider};
 * intent 'reauth' confirms the logged-in member (POST /auth/{provider}/reauth) and keeps the proof in its cookie
 * (lib/reauth.server.ts). A login sets the token cookie. Intent 'link' never comes here: the code goes back to the
 * social-accounts page, whose action links it with the member's password (routes/mypage.sns.tsx).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const provider = params.provider;
  const body = await readBody(request);
  const intent = intentOf(str(body.intent));
  const redirect = safeRedirect(str(body.redirect), HOME[intent]);
  if (!isProvider(provider))
    return data<ActionResult>({ ok: false, error: { status: 404, message: '', code: 'NOT_FOUND' }, at: Date.now() });
  // Never a login in disguise: a link needs the password, which only the social-accounts page asks for.
  if (intent === 'link') return data<ActionResult>({ ok: false, error: { status: 400, message: '', code: 'BAD_REQUEST' }, at: Date.now() });
  const codeBody = { code: str(body.code), state: str(body.state), redirectUri: str(body.redirectUri) };
  try {
    if (intent === 'reauth') {
      const r = await memberApi(request, context).reauth({ params: { provider }, body: codeBody });
      return data<ActionResult<{ redirect: string }>>(
        { ok: true, message: r.message, data: { redirect }, at: Date.now() },
        { headers: { 'Set-Cookie': reauthCookie(context, r.data) } },
      );
    }
    const api = serverApi(request, context);
    // Kakao's code flow answers the spec's access_token / expires_at.
    const token =
      provider === 'kakao'
        ? await api.kakaoOAuth({ body: codeBody }).then((r) => ({ accessToken: r.access_token, expiresAt: r.expires_at }))
        : (await api.oauthLogin({ params: { provider }, body: codeBody })).data;
    return data<ActionResult<{ redirect: string }>>(
      { ok: true, message: '', data: { redirect }, at: Date.now() },
      { headers: { 'Set-Cookie': tokenCookie(context, token) } },
    );
  } catch (e) {
    return data(failure(e));
  }
}

/** A same-site path to go back to (what the starting page asked for), else the intent's page. */
const safeBack = (to: string | undefined, fallback: string) =>
  to && to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\') ? to : fallback;

function readPending(state: string | null): OAuthPending | null {
  const parse = (s: string | null) => {
    try {
      return s ? (JSON.parse(s) as OAuthPending) : null;
    } catch {
      return null;
    }
  };
  const fromSession = parse(sessionStorage.getItem(OAUTH_STORE));
  if (fromSession && fromSession.state === state) return fromSession;
  // A popup whose session storage did not survive the trip through the provider: the copy kept by state.
  return state ? parse(localStorage.getItem(`${OAUTH_STORE}:${state}`)) : fromSession;
}

function forget(state: string | null) {
  sessionStorage.removeItem(OAUTH_STORE);
  if (state) localStorage.removeItem(`${OAUTH_STORE}:${state}`);
}

/** Sends the result to the page that opened the popup (message with our origin, and the channel), then closes. */
function tellOpener(result: OAuthResult) {
  try {
    window.opener?.postMessage(result, window.location.origin);
  } catch {
    /* opener gone */
  }
  if (typeof BroadcastChannel !== 'undefined') {
    const ch = new BroadcastChannel(OAUTH_CHANNEL);
    ch.postMessage(result);
    ch.close();
  }
}

type Phase = { kind: 'working' } | { kind: 'error'; message: string; code?: string } | { kind: 'done'; message: string };

/**
 * /oauth2/{provider}: with ?intent it starts (asks the API for the authorize URL and state, keeps the state, goes
 * to the provider); with ?code&state it checks the state and completes, in a popup by telling the opener.
 */
export default function OAuthCallback() {
  const { t } = useTranslation();
  const { provider } = useParams();
  const [params] = useSearchParams();
  const api = usePublicApi();
  const fetcher = useFetcher<typeof action>();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ kind: 'working' });
  const pendingRef = useRef<OAuthPending | null>(null);
  const once = useRef(false);

  useEffect(() => {
    if (once.current) return;
    once.current = true;
    if (!isProvider(provider)) {
      setPhase({ kind: 'error', message: t('oauth.unsupported') });
      return;
    }
    const code = params.get('code');
    const state = params.get('state');
    const providerError = params.get('error');
    const redirectUri = `${window.location.origin}/oauth2/${provider}`;

    // 1. Start: this page was opened by a social button.
    if (!code && !state && !providerError) {
      const intent = intentOf(params.get('intent'));
      const redirect = params.get('redirect') ?? '';
      api
        .oauthStart({ params: { provider }, query: { redirectUri, ...(intent === 'reauth' ? { purpose: 'reauth' } : {}) } })
        .then(({ data: s }) => {
          const pending: OAuthPending = {
            state: s.state,
            provider,
            intent,
            redirect,
            popup: window.opener != null,
            redirectUri,
            at: Date.now(),
          };
          sessionStorage.setItem(OAUTH_STORE, JSON.stringify(pending));
          localStorage.setItem(`${OAUTH_STORE}:${s.state}`, JSON.stringify(pending));
          window.location.replace(s.authorizeUrl);
        })
        .catch((e: { message?: string; code?: string; isClientError?: boolean }) => {
          const message = e.isClientError && e.message ? e.message : t('common.serverError');
          setPhase({ kind: 'error', message, code: e.code });
          // Still on our origin, so the opener can be told (its button stops waiting).
          if (window.opener) tellOpener({ type: OAUTH_CHANNEL, provider, intent, ok: false, message, code: e.code });
        });
      return;
    }

    // 2. Callback from the provider.
    const pending = readPending(state);
    pendingRef.current = pending;
    forget(state);
    const fail = (message: string, errCode?: string) => {
      if (pending?.popup) {
        tellOpener({ type: OAUTH_CHANNEL, provider, intent: pending.intent, ok: false, message, code: errCode });
        window.close();
      }
      setPhase({ kind: 'error', message, code: errCode });
    };
    if (providerError) return fail(t('oauth.cancelled'), 'OAUTH_CANCELLED');
    if (!code || !state) return fail(t('oauth.missing'), 'OAUTH_FAILED');
    // The state must be the one this browser started with (spec §4: else 'Invalid state').
    if (!pending || pending.state !== state || pending.provider !== provider) return fail(t('oauth.invalidState'), 'OAUTH_INVALID_STATE');
    if (pending.intent === 'link') {
      // The code goes back unused to the social-accounts page, which sends it with the current password.
      const link: OAuthLinkCode = { provider, code, state, redirectUri: pending.redirectUri || redirectUri };
      if (pending.popup) {
        tellOpener({ type: OAUTH_CHANNEL, provider, intent: 'link', ok: true, link });
        window.close();
        setPhase({ kind: 'done', message: t('oauth.done') });
        return;
      }
      navigate(safeBack(pending.redirect, HOME.link), { replace: true, state: { intent: 'link', link } });
      return;
    }
    fetcher.submit(
      { intent: pending.intent, code, state, redirectUri: pending.redirectUri || redirectUri, redirect: pending.redirect },
      { method: 'post', encType: 'application/json' },
    );
  }, [provider, params, api, fetcher, navigate, t]);

  useEffect(() => {
    const r = fetcher.data;
    const pending = pendingRef.current;
    if (!r || !pending || !isProvider(provider)) return;
    const result: OAuthResult = r.ok
      ? {
          type: OAUTH_CHANNEL,
          provider,
          intent: pending.intent,
          ok: true,
          message: r.message,
          redirect: (r.data as { redirect?: string } | undefined)?.redirect,
        }
      : {
          type: OAUTH_CHANNEL,
          provider,
          intent: pending.intent,
          ok: false,
          message: r.error.message,
          code: r.error.code,
          status: r.error.status,
        };
    if (pending.popup) {
      tellOpener(result);
      window.close();
      // Still open (some browsers refuse to close it): say what happened.
      setPhase(
        r.ok
          ? { kind: 'done', message: r.message || t('oauth.done') }
          : { kind: 'error', message: result.message ?? '', code: result.code },
      );
      return;
    }
    if (r.ok) {
      // `intent` tells the page a re-authentication is done (components/reauth.tsx).
      navigate(result.redirect ?? '/mypage', {
        replace: true,
        state: r.message ? { notice: r.message, intent: pending.intent } : undefined,
      });
      return;
    }
    const serverError = r.error.status >= 500 || r.error.status === 0;
    setPhase({ kind: 'error', message: serverError ? t('common.serverError') : r.error.message, code: r.error.code });
  }, [fetcher.data, provider, navigate, t]);

  const intent = pendingRef.current?.intent ?? intentOf(params.get('intent'));
  return (
    <div className="account-container page-body text-center" data-testid="oauth-page">
      <h1 className="page-title">{t('oauth.title')}</h1>
      {phase.kind === 'working' ? (
        <p role="status" aria-live="polite" data-testid="oauth-working">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('oauth.working')}
        </p>
      ) : phase.kind === 'done' ? (
        <p role="status" data-testid="oauth-done">
          {phase.message}
        </p>
      ) : (
        <div role="alert" data-testid="oauth-error" data-code={phase.code}>
          <p className="text-danger">{phase.message}</p>
          <div className="d-flex flex-column gap-2 mt-3">
            {phase.code === 'SOCIAL_NOT_LINKED' ? (
              <SiteLink to="/account/signup" className="btn btn-primary btn-lg" data-testid="oauth-signup">
                {t('login.signup')}
              </SiteLink>
            ) : null}
            <Link
              to={intent === 'login' ? '/account/login' : safeBack(pendingRef.current?.redirect, HOME[intent])}
              className="btn btn-outline-secondary btn-lg"
            >
              {intent === 'link' ? t('oauth.backToSns') : intent === 'reauth' ? t('oauth.backToAccount') : t('oauth.backToLogin')}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
