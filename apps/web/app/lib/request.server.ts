import { tokenCookieName } from '@podo/config/shared';
import { matchLanguage, resolveLanguage, type Language } from '@podo/i18n';
import type { AppLoadContext } from 'react-router';
import { operations, type Operations } from '@podo/contracts/operations';
import { createClient, type Client } from './api';
import { LANG_COOKIE, parseCookies } from './cookies';

/** Request language: lang query, else the saved choice, else Accept-Language, else ko-KR. */
export function requestLanguage(request: Request): Language {
  const url = new URL(request.url);
  const cookies = parseCookies(request.headers.get('cookie'));
  return (
    matchLanguage(url.searchParams.get('lang')) ??
    resolveLanguage({ query: cookies[LANG_COOKIE], acceptLanguage: request.headers.get('accept-language') })
  );
}

/** The access token from the {slug}-brand-access-token cookie. */
export function requestToken(request: Request, context: AppLoadContext): string | undefined {
  return parseCookies(request.headers.get('cookie'))[tokenCookieName(context.site.slug)] || undefined;
}

/** API client for a loader: in-process transport, the request's language and token. */
export function serverApi(request: Request, context: AppLoadContext, token?: string): ServerApi {
  return createClient(operations, { fetch: context.apiFetch, lang: requestLanguage(request), token });
}
/** The client of every operation, as loaders and actions use it. */
export type ServerApi = Client<Operations>;
