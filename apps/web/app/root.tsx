import { useEffect, useMemo } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { publicSiteConfig } from '@podo/config';
import { matchLanguage } from '@podo/i18n';
import { webMessages } from '@podo/i18n/resources';
import type { Route } from './+types/root';
import { AlertProvider } from './components/global-alert';
import { useFastLinks } from './components/fast-link';
import { LANG_COOKIE, serializeCookie } from './lib/cookies';
import { createI18n, I18nProvider } from './lib/i18n';
import { loadMessages, withMessages } from './lib/messages';
import { ensureMenuHtml, withMenuHtml } from './lib/menu-html';
import { HydrateLater } from './lib/hydrate-later';
import { PageScrollRestoration } from './components/scroll-restoration';
import { loadMenu } from './lib/menu.server';
import { requestLanguage } from './lib/request.server';
import './lib/load-context';
import stylesheet from './styles/app.scss?url';

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLanguage(request);
  // The header menu's HTML is rendered and cached per language (lib/menu.server.ts): only its key is sent.
  const menu = await loadMenu(context, lang);
  // The texts and the menu HTML serve the server render but are not sent with the page (lib/messages.ts).
  const body = withMenuHtml(
    withMessages({ lang, site: publicSiteConfig(context.site, lang), nonce: context.cspNonce, menuKey: menu.key }, webMessages[lang]),
    menu,
  );
  // A lang query is remembered, so the next page without it keeps the language.
  const asked = matchLanguage(new URL(request.url).searchParams.get('lang'));
  if (!asked) return body;
  const cookie = serializeCookie(LANG_COOKIE, asked, { maxAge: 365 * 24 * 3600, secure: context.secureCookies });
  return data(body, { headers: { 'Set-Cookie': cookie } });
}

/** On a language switch the new texts come from their cached file, as on a first visit, and so does the menu. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  const [messages] = await Promise.all([loadMessages(data.lang), ensureMenuHtml(data.menuKey)]);
  return withMessages(data, messages);
}

// Texts and menu only change when a new lang query is given (the switcher navigates with one). A menu changed by
// catalogue edits shows on the next page load.
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  const next = nextUrl.searchParams.get('lang');
  return next !== null && next !== currentUrl.searchParams.get('lang');
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const lang = data?.lang ?? 'ko-KR';
  const page = (
    <>
      {/* The <body> hydrates in a task of its own, after the router's creation (lib/hydrate-later.tsx); the <head>, which
          only the router changes (title, meta, route styles), when it first navigates. */}
      <HydrateLater until="navigation">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
          {/* With a precedence React puts the stylesheet right after these two metas, ahead of the script preloads. */}
          <link rel="stylesheet" href={stylesheet} precedence="default" />
          <meta name="theme-color" content="#5a1427" />
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          <Meta />
          <Links />
        </head>
      </HydrateLater>
      <HydrateLater>
        <body>
          {children}
          <PageScrollRestoration nonce={data?.nonce} />
          <Scripts nonce={data?.nonce} />
        </body>
      </HydrateLater>
    </>
  );
  // The browser hydrates with Preact (vite.config.ts), whose root is <html> itself: it gets <head> and <body>.
  if (import.meta.env.PREACT) return <PreactDocument lang={lang}>{page}</PreactDocument>;
  return <html lang={lang}>{page}</html>;
}

function PreactDocument({ lang, children }: { lang: string; children: React.ReactNode }) {
  useEffect(() => {
    // Only on a change: Chromium restyles the whole page for any write of `lang` (the :lang() selectors), even of the
    // value it already has (7–14 ms on /product at hydration).
    const root = window.document.documentElement;
    if (root.lang !== lang) root.lang = lang;
  }, [lang]);
  return children;
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { lang, messages } = loaderData;
  useFastLinks();
  const i18n = useMemo(() => createI18n(lang, messages), [lang, messages]);
  return (
    <I18nProvider i18n={i18n}>
      <AlertProvider>
        <Outlet />
      </AlertProvider>
    </I18nProvider>
  );
}

/** Last-resort boundary (the root loader itself failed): no translations available, so both languages. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="container py-5 text-center" data-testid="error-page">
      <p className="display-1 fw-bold text-primary">{status}</p>
      <h1 className="h4">{status === 404 ? 'This page could not be found' : '오류가 발생했습니다 / Something went wrong'}</h1>
      <a className="btn btn-primary mt-3" href="/">
        Homepage
      </a>
    </main>
  );
}
