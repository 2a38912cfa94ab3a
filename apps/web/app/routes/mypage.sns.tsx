import { useCallback, useEffect, useRef, useState } from 'react';
import { useFetcher, useLocation, useNavigate, useRevalidator } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SOCIAL_PROVIDERS, SOCIAL_POPUP_SIZE, type SocialProvider } from '@podo/contracts/rules';
import { ZProviderParam } from '@podo/contracts/ops/account';
import type { Route } from './+types/mypage.sns';
import { apiErrorOf } from '../lib/api';
import { formatDate } from '../lib/account-rules';
import { pageMeta } from '../lib/meta';
import { withIdentityProof } from '../lib/reauth.server';
import { serverApi } from '../lib/request.server';
import { apiAction, checked, memberApi, readBody, str } from '../lib/session.server';
import { useRoot, useUser } from '../lib/site';
import { CurrentPasswordInput, useActionResult, useFormErrors } from '../components/account';
import { useAlert } from '../components/global-alert';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ReauthBox } from '../components/reauth';
import { opensInTab, PROVIDER_LOGO, useSocialLogin, type OAuthLinkCode } from '../components/social';
import { focusField, LiveMessage } from '../components/ui';

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, (m) => m.sns.title), { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const providers = await serverApi(request, context)
    .oauthProviders()
    .then((r) => r.data)
    .catch(() => []);
  return { providers };
}

/**
 * Intent 'link': links the provider's code (from the popup or the whole-page flow through /oauth2/{provider}) with
 * the current password, or for a member without one the re-authentication proof this browser keeps. Otherwise
 * unlinks, which needs only the login: it removes a way in rather than adding one.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readBody(request);
  return apiAction(request, context, () => {
    const { provider } = checked(ZProviderParam, { provider: str(body.provider) }, request);
    if (str(body.intent) !== 'link') return memberApi(request, context).unlinkSns({ params: { provider } });
    return withIdentityProof(request, context, body.password, (proof) =>
      memberApi(request, context).changeSns({
        body: { snsType: provider, code: str(body.code), state: str(body.state), redirectUri: str(body.redirectUri), ...proof },
      }),
    );
  });
}

const SCOPE = 'sns';
type Field = 'password' | 'reauth';
const fieldOf = {
  PASSWORD_REQUIRED: 'password',
  PASSWORD_INCORRECT: 'password',
  LOGIN_LOCKED: 'password',
  REAUTH_REQUIRED: 'reauth',
  REAUTH_INVALID: 'reauth',
} as const;

/**
 * Linked social accounts: link one through the provider's popup with the current password (or, without one, after a
 * social re-authentication), or unlink it.
 */
export default function Sns({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const user = useUser();
  const alert = useAlert();
  const fetcher = useFetcher<typeof action>();
  const linker = useFetcher<typeof action>();
  const revalidator = useRevalidator();
  const location = useLocation();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<SocialProvider | null>(null);
  const enabled = new Map(loaderData.providers.map((p) => [p.provider, p]));
  const linked = new Map((user?.sns ?? []).map((s) => [s.provider, s]));
  const rows = SOCIAL_PROVIDERS.filter((p) => enabled.has(p) || linked.has(p));
  const linkable = rows.some((p) => enabled.has(p) && !linked.has(p));
  const needsPassword = user?.hasPassword !== false;

  // Linking adds a way to log in, so it needs the member, not only the token (docs/accounts.md).
  const { errors, setError, showApiError } = useFormErrors<Field>(SCOPE, fieldOf);
  const [password, setPassword] = useState('');
  const [reauthed, setReauthed] = useState(false);
  const onReauthed = useCallback(() => {
    setReauthed(true);
    setError('reauth', undefined);
  }, [setError]);
  /**
   * The provider's code not yet linked (a refused password spends nothing at the API, so it can be sent again), and
   * whether the page waits for the member to complete the proof and press Link once more.
   */
  const [pending, setPending] = useState<OAuthLinkCode | null>(null);
  const [waiting, setWaiting] = useState(false);
  /** The provider whose popup this page opened: other tabs' results, and the second copy of ours, are ignored. */
  const expecting = useRef<SocialProvider | null>(null);
  const handledKey = useRef<string | null>(null);

  const submitLink = (code: OAuthLinkCode) => {
    setPending(code);
    setWaiting(false);
    void linker.submit(
      { intent: 'link', ...code, ...(needsPassword ? { password } : {}) },
      { method: 'post', encType: 'application/json' },
    );
  };
  const waitForProof = (code: OAuthLinkCode) => {
    setPending(code);
    setWaiting(true);
    if (needsPassword) focusField(SCOPE, 'password');
  };

  /** Whether what the link needs from the member is there; if not, says so at the field. */
  const proofReady = () => {
    if (needsPassword && !password) {
      setError('password', t('validation.currentPasswordRequired'));
      focusField(SCOPE, 'password');
      return false;
    }
    if (!needsPassword && !reauthed) {
      setError('reauth', t('reauth.required'));
      return false;
    }
    return true;
  };

  const social = useSocialLogin((r) => {
    if (r.intent !== 'link' || expecting.current !== r.provider) return;
    expecting.current = null;
    if (!r.ok || !r.link) alert.open(r.message || t('common.serverError'));
    else if (needsPassword && !password) waitForProof(r.link);
    else submitLink(r.link);
  });

  const startLink = (p: SocialProvider) => {
    if (pending?.provider === p) {
      if (proofReady()) submitLink(pending);
      return;
    }
    // On phones the flow leaves this page and what was typed: the password is asked for when it comes back.
    if (!(needsPassword && opensInTab()) && !proofReady()) return;
    setPending(null);
    setWaiting(false);
    expecting.current = p;
    social.start(p, 'link', '/mypage/sns', enabled.get(p)?.popup ?? SOCIAL_POPUP_SIZE[p]);
  };

  // Back from a whole-page flow (phones): the result travels in the navigation state, handled once per entry.
  useEffect(() => {
    const state = location.state as { notice?: string; intent?: string; link?: OAuthLinkCode } | null;
    if ((!state?.notice && !state?.link) || handledKey.current === location.key) return;
    handledKey.current = location.key;
    if (state.notice) alert.open(state.notice);
    if (state.intent === 'link' && state.link) {
      // A member with a password types it (again: it went with the page). One without sends the proof this browser
      // keeps from the re-authentication before the flow, so the link goes at once.
      if (needsPassword) waitForProof(state.link);
      else submitLink(state.link);
    }
    navigate(location.pathname, { replace: true, state: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per history entry (handledKey)
  }, [location.state, location.key, location.pathname, alert, navigate, needsPassword]);

  useActionResult(fetcher.data, (r) => {
    if (r.ok) alert.open(r.message || t('sns.unlinked'));
    else alert.showError(apiErrorOf(r.error));
  });

  useActionResult(linker.data, (r) => {
    if (r.ok) {
      setPending(null);
      setPassword('');
      setReauthed(false);
      alert.open(r.message || t('sns.linked'));
      void revalidator.revalidate();
      return;
    }
    const code = r.error.code ?? '';
    if (code === 'REAUTH_REQUIRED' || code === 'REAUTH_INVALID') setReauthed(false);
    // A refused password or proof leaves the code unused: fixing the field and pressing Link again finishes.
    if (code in fieldOf) setWaiting(true);
    else setPending(null);
    showApiError(apiErrorOf(r.error));
  });

  return (
    <section className="mypage-panel" aria-labelledby="sns-title" data-testid="sns-page">
      <h2 id="sns-title" className="h5 fw-bold mb-2">
        {t('sns.title')}
      </h2>
      <p className="small text-body-secondary">{t('sns.lead')}</p>
      {linkable && user && !needsPassword ? (
        <ReauthBox user={user} returnTo="/mypage/sns" confirmed={reauthed} onConfirmed={onReauthed} error={errors.reauth} />
      ) : null}
      {linkable && needsPassword ? (
        <form
          noValidate
          name={SCOPE}
          data-testid="sns-password-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (pending) startLink(pending.provider);
          }}
        >
          <CurrentPasswordInput
            scope={SCOPE}
            value={password}
            onChange={(v) => {
              setPassword(v);
              setError('password', undefined);
            }}
            error={errors.password}
            helper={t('sns.passwordHelp')}
            onEnter={() => {
              if (pending) startLink(pending.provider);
            }}
          />
        </form>
      ) : null}
      <LiveMessage
        message={
          pending && waiting
            ? t(needsPassword ? 'sns.pendingLink' : 'sns.pendingLinkReauth', { provider: t(`social.name.${pending.provider}`) })
            : undefined
        }
        testId="sns-pending"
      />
      {rows.length === 0 ? (
        <p className="text-body-secondary py-4 text-center" role="status" data-testid="sns-none">
          {t('sns.noneEnabled')}
        </p>
      ) : (
        <ul className="list-group sns-list">
          {rows.map((p) => {
            const Logo = PROVIDER_LOGO[p];
            const link = linked.get(p);
            return (
              <li key={p} className="list-group-item d-flex align-items-center gap-3 py-3" data-testid={`sns-${p}`} data-linked={!!link}>
                <span className={`sns-logo btn-${p}`} aria-hidden="true">
                  <Logo />
                </span>
                <div className="flex-grow-1 min-w-0">
                  <div className="fw-semibold">{t(`social.name.${p}`)}</div>
                  <div className="small text-body-secondary text-truncate">
                    {link ? t('sns.linkedInfo', { email: link.email ?? '-', date: formatDate(link.linkedAt, lang) }) : t('sns.notLinked')}
                  </div>
                </div>
                {link ? (
                  <button
                    type="button"
                    className="btn btn-outline-secondary btn-sm text-nowrap"
                    onClick={() => setConfirm(p)}
                    disabled={fetcher.state !== 'idle'}
                    aria-label={t('sns.unlinkOf', { provider: t(`social.name.${p}`) })}
                    data-testid={`sns-unlink-${p}`}
                  >
                    {t('sns.unlink')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn btn-primary btn-sm text-nowrap"
                    onClick={() => startLink(p)}
                    disabled={!enabled.has(p) || linker.state !== 'idle'}
                    aria-busy={social.pending === p || (linker.state !== 'idle' && pending?.provider === p) || undefined}
                    aria-label={t('sns.linkOf', { provider: t(`social.name.${p}`) })}
                    data-testid={`sns-link-${p}`}
                  >
                    {t('sns.link')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {social.pending ? (
        <p className="small text-body-secondary text-center mt-2" role="status" data-testid="social-pending">
          {t('social.continueInPopup')}{' '}
          <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={social.cancel}>
            {t('common.cancel')}
          </button>
        </p>
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm) void fetcher.submit({ intent: 'unlink', provider: confirm }, { method: 'post' });
          setConfirm(null);
        }}
        id="sns-unlink"
        title={confirm ? t('sns.unlinkConfirm', { provider: t(`social.name.${confirm}`) }) : ''}
        note={t('sns.unlinkNote')}
        confirmText={t('sns.unlink')}
      />
    </section>
  );
}
