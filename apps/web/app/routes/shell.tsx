import { data, Outlet, redirect } from 'react-router';
import { useTranslation } from 'react-i18next';
import { tokenCookieName } from '@podo/config/shared';
import type { TMe } from '@podo/contracts';
import type { Route } from './+types/shell';
import { ApiError } from '../lib/api';
import { clearCookie, tokenUsable } from '../lib/cookies';
import { requestToken, serverApi } from '../lib/request.server';
import { usePageOptions } from '../lib/site';
import { Footer } from '../components/footer';
import { HydrateLater } from '../lib/hydrate-later';
import { Header } from '../components/header';
import { MobileTabBar, NavProgress, ScrollTop } from '../components/chrome';
import { PasswordCampaign } from '../components/password-campaign';

const LOGIN_PATH = '/account/login';

/** Shell data: the signed-in user (after the auth guard). The header menu comes with the root loader. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await guard(request, context);
  return data({ user: session.user }, session.headers ? { headers: session.headers } : undefined);
}

/**
 * The auth guard (spec §4), run on every navigation: read the token cookie; no token or an expired one is
 * cleared and protected paths (any path containing /mypage) go to the login page; a present token is checked
 * with the me endpoint, and if that fails the cookie is cleared and the visitor sent to log in.
 */
async function guard(request: Request, context: Route.LoaderArgs['context']): Promise<{ user: TMe | null; headers?: HeadersInit }> {
  const url = new URL(request.url);
  const isProtected = url.pathname.includes('/mypage');
  const cookieName = tokenCookieName(context.site.slug);
  const clear = { 'Set-Cookie': clearCookie(cookieName, context.secureCookies) };
  const back = url.pathname + url.search;
  const toLogin = () => redirect(`${LOGIN_PATH}?redirect=${encodeURIComponent(back)}`, { headers: clear });

  const token = requestToken(request, context);
  if (!token) {
    if (isProtected) throw toLogin();
    return { user: null };
  }
  if (!tokenUsable(token)) {
    if (isProtected) throw toLogin();
    return { user: null, headers: clear };
  }
  try {
    return { user: (await serverApi(request, context, token).me()).data };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
      if (url.pathname === LOGIN_PATH) return { user: null, headers: clear };
      throw toLogin();
    }
    // The API is down: show the page signed out rather than failing it, but never open a protected one.
    if (isProtected) throw e;
    return { user: null };
  }
}

export const shouldRevalidate = () => true;

export default function Shell({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const page = usePageOptions();
  const { user } = loaderData;
  return (
    <div
      className={`app-shell ${page.subPage ? 'is-sub-page' : 'is-main-page'} ${page.mobileTab ? 'has-mobile-tab' : ''} ${page.footer ? 'has-footer' : ''}`}
    >
      <a href="#main" className="skip-link visually-hidden-focusable">
        {t('common.skipToContent')}
      </a>
      <NavProgress />
      {/* The header and the page hydrate in tasks of their own (lib/hydrate-later.tsx): one task for all of it
          blocks input for a few hundred milliseconds on a phone. */}
      <HydrateLater>
        <Header user={user} />
      </HydrateLater>
      <HydrateLater>
        <main id="main" className="site-main" tabIndex={-1}>
          <Outlet />
        </main>
      </HydrateLater>
      {/* The footer and the tab bar are links (and one menu of family sites): they hydrate when first used. */}
      {page.footer ? (
        <HydrateLater until="use" root=".site-footer">
          <Footer />
        </HydrateLater>
      ) : null}
      {page.mobileTab ? (
        <HydrateLater until="use" root=".mobile-tabbar">
          <MobileTabBar user={user} />
        </HydrateLater>
      ) : null}
      <ScrollTop />
      <PasswordCampaign user={user} />
    </div>
  );
}
