import { useCallback, useEffect, useRef, useState } from 'react';
import { SOCIAL_POPUP_SIZE, type SocialProvider } from '@podo/contracts/rules';
import type { OAuthProviderInfo } from '../lib/api';

/** Popup ↔ opener channel name and message type of the social login result. */
export const OAUTH_CHANNEL = 'podo-oauth';
export const OAUTH_STORE = 'podo-oauth';

/**
 * `reauth`: a logged-in member without a password confirms it is them before an account change. `link`: the flow
 * only fetches the provider's code; the social-accounts page links it together with the current password.
 */
export type OAuthIntent = 'login' | 'link' | 'reauth';

export interface OAuthResult {
  type: typeof OAUTH_CHANNEL;
  provider: SocialProvider;
  intent: OAuthIntent;
  ok: boolean;
  /** Where to go after a login. */
  redirect?: string;
  message?: string;
  code?: string;
  status?: number;
  /**
   * Intent 'link': the provider's answer, for the social-accounts page to send with the member's password
   * (PUT /change-sns needs it in the same request, and the password never leaves that page).
   */
  link?: OAuthLinkCode;
}

/** The provider's answer to a link flow, not yet used: the API checks the password before it exchanges the code. */
export interface OAuthLinkCode {
  provider: SocialProvider;
  code: string;
  state: string;
  redirectUri: string;
}

/** What the start page keeps for the callback (sessionStorage of the tab or popup, by state in localStorage). */
export interface OAuthPending {
  state: string;
  provider: SocialProvider;
  intent: OAuthIntent;
  redirect: string;
  popup: boolean;
  redirectUri: string;
  at: number;
}

export function KakaoLogo() {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
      <path
        fill="#000"
        d="M9 1.5C4.58 1.5 1 4.32 1 7.8c0 2.24 1.48 4.2 3.7 5.3l-.94 3.46c-.08.3.26.54.52.37l4.12-2.73c.2.02.4.03.6.03 4.42 0 8-2.82 8-6.3S13.42 1.5 9 1.5z"
      />
    </svg>
  );
}
export function NaverLogo() {
  return (
    <svg width="16" height="16" viewBox="0 0 18 18" aria-hidden="true">
      <path fill="#fff" d="M12.16 9.63 5.6.5H.5v17h5.34V8.37l6.56 9.13h5.1V.5h-5.34z" />
    </svg>
  );
}
export function GoogleLogo() {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M9 3.48c1.69 0 2.83.73 3.48 1.34l2.54-2.48C13.46.89 11.43 0 9 0 5.48 0 2.44 2.02.96 4.96l2.91 2.26C4.6 5.05 6.62 3.48 9 3.48z"
      />
      <path
        fill="#4285F4"
        d="M17.64 9.2c0-.74-.06-1.28-.19-1.84H9v3.34h4.96c-.1.83-.64 2.08-1.84 2.92l2.84 2.2c1.7-1.57 2.68-3.88 2.68-6.62z"
      />
      <path
        fill="#FBBC05"
        d="M3.88 10.78A5.54 5.54 0 0 1 3.58 9c0-.62.11-1.22.29-1.78L.96 4.96A9 9 0 0 0 0 9c0 1.45.35 2.82.96 4.04l2.92-2.26z"
      />
      <path
        fill="#34A853"
        d="M9 18c2.43 0 4.47-.8 5.96-2.18l-2.84-2.2c-.76.53-1.78.9-3.12.9-2.38 0-4.4-1.57-5.12-3.74L.97 13.04C2.45 15.98 5.48 18 9 18z"
      />
    </svg>
  );
}
export function FacebookLogo() {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
      <path
        fill="#fff"
        d="M18 9a9 9 0 1 0-10.41 8.89v-6.29H5.3V9h2.29V7.02c0-2.26 1.34-3.5 3.4-3.5.98 0 2.01.17 2.01.17v2.21h-1.13c-1.12 0-1.47.69-1.47 1.4V9h2.5l-.4 2.6h-2.1v6.29A9 9 0 0 0 18 9z"
      />
    </svg>
  );
}

export const PROVIDER_LOGO: Record<SocialProvider, () => React.JSX.Element> = {
  kakao: KakaoLogo,
  naver: NaverLogo,
  google: GoogleLogo,
  facebook: FacebookLogo,
};

/** Phones and tablets get the whole-page flow: popups there open as tabs and lose their way back. */
export function opensInTab(): boolean {
  return window.matchMedia('(max-width: 767.98px)').matches || /Mobi|Android|iPhone|iPad/i.test(navigator.userAgent);
}

/** The page that starts the provider's flow (and receives its answer) inside the popup or the tab. */
export function oauthStartUrl(provider: SocialProvider, intent: OAuthIntent, redirect: string) {
  const q = new URLSearchParams({ intent });
  if (redirect) q.set('redirect', redirect);
  return `/oauth2/${provider}?${q.toString()}`;
}

/**
 * Opens the social login: a popup of the provider's size centred over the window (our /oauth2/{provider} page,
 * which asks the API for the authorize URL and state and goes on to the provider), or the same flow in this
 * tab when popups are blocked or on a phone. The result comes back through onResult.
 */
export function useSocialLogin(onResult: (r: OAuthResult) => void) {
  const [pending, setPending] = useState<SocialProvider | null>(null);
  const handler = useRef(onResult);
  handler.current = onResult;

  useEffect(() => {
    const take = (d: unknown) => {
      const r = d as OAuthResult | null;
      if (!r || r.type !== OAUTH_CHANNEL) return;
      setPending(null);
      handler.current(r);
    };
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin) return;
      take(e.data);
    };
    window.addEventListener('message', onMessage);
    // The popup's opener link is cut when it visits the provider (Cross-Origin-Opener-Policy), so it also answers
    // over a BroadcastChannel, which reaches every page of this origin.
    let channel: BroadcastChannel | null = null;
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(OAUTH_CHANNEL);
      channel.onmessage = (e) => take(e.data);
    }
    return () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  }, []);

  const start = useCallback(
    (provider: SocialProvider, intent: OAuthIntent, redirect: string, popupSize?: { width: number; height: number }) => {
      const url = oauthStartUrl(provider, intent, redirect);
      if (opensInTab()) {
        window.location.assign(url);
        return;
      }
      const { width, height } = popupSize ?? SOCIAL_POPUP_SIZE[provider];
      const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
      const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
      const popup = window.open(url, `${OAUTH_CHANNEL}-${provider}`, `popup=yes,width=${width},height=${height},left=${left},top=${top}`);
      if (!popup) {
        window.location.assign(url);
        return;
      }
      popup.focus();
      setPending(provider);
    },
    [],
  );

  return { start, pending, cancel: () => setPending(null) };
}

/** The enabled providers' buttons in their brand colours (Kakao yellow, Naver green, Google white, Facebook blue). */
export function SocialButtons({
  providers,
  onStart,
  pending,
  label,
  disabled,
}: {
  providers: OAuthProviderInfo[];
  onStart(p: OAuthProviderInfo): void;
  pending?: SocialProvider | null;
  /** Accessible label per provider (the page's texts, e.g. 'Log in with Kakao'). */
  label(p: SocialProvider): string;
  disabled?: boolean;
}) {
  if (providers.length === 0) return null;
  return (
    <div className="social-buttons d-grid gap-2" data-testid="social-buttons">
      {providers.map((p) => {
        const Logo = PROVIDER_LOGO[p.provider];
        if (!Logo) return null;
        return (
          <button
            key={p.provider}
            type="button"
            className={`btn btn-social btn-${p.provider}`}
            onClick={() => onStart(p)}
            disabled={disabled}
            aria-busy={pending === p.provider || undefined}
            data-testid={`social-${p.provider}`}
          >
            <span className="btn-social-logo">
              <Logo />
            </span>
            <span>{label(p.provider)}</span>
          </button>
        );
      })}
    </div>
  );
}
