import { data, redirect, type AppLoadContext } from 'react-router';
import { ApiError } from './api';
import { errorMessage } from '@podo/contracts/messages';
import { requestLanguage, requestToken, serverApi } from './request.server';
import { clearTokenCookie, LOGIN_PATH, readBody, safeRedirect, str } from './session.server';

/** The catalogue client of a loader or action: in-process transport, request language, the visitor's token if any. */
export function catalogApi(request: Request, context: AppLoadContext) {
  return serverApi(request, context, requestToken(request, context));
}

/**
 * The public origin for canonical and Open Graph URLs: PUBLIC_URL when the server passes it in the load
 * context, else the request's own origin.
 */
export function publicOrigin(request: Request, context: AppLoadContext): string {
  const configured = context.publicUrl;
  return (configured || new URL(request.url).origin).replace(/\/+$/, '');
}

/** The 404 page (status 404) for an unknown wine or winery. */
export const notFound = () => data('This page could not be found', { status: 404 });

/** A positive integer route parameter, else the 404 page. */
export function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value) || Number(value) < 1) throw notFound();
  return Number(value);
}

/**
 * Loads `run`; an API 404 becomes the 404 page, any other refusal (a bad query parameter) the error page with
 * the API's localized message and status.
 */
export async function orNotFound<T>(run: Promise<T>): Promise<T> {
  try {
    return await run;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) throw notFound();
    if (e instanceof ApiError && e.isClientError) throw data(e.message, { status: e.status });
    throw e;
  }
}

export type ToggleResult =
  { ok: true; intent: 'wish' | 'like' | 'magazine'; id: number; on: boolean; count: number } | { ok: false; message: string };

/**
 * The wish (wine) and like (winery) toggles. A fetcher post (js=1) gets the new state back; a plain form post
 * returns to the page it came from. Anonymous visitors, and expired sessions, go to log in and come back.
 */
export async function toggleAction(request: Request, context: AppLoadContext) {
  const body = await readBody(request);
  const back = safeRedirect(str(body.redirectTo), '/product');
  const intent = str(body.intent);
  const id = Number(str(body.id));
  const js = str(body.js) === '1';
  const toLogin = (headers?: HeadersInit) => redirect(`${LOGIN_PATH}?redirect=${encodeURIComponent(back)}`, { headers });
  if ((intent !== 'wish' && intent !== 'like' && intent !== 'magazine') || !Number.isSafeInteger(id) || id < 1) {
    return data<ToggleResult>({ ok: false, message: errorMessage(requestLanguage(request), 'BAD_REQUEST') }, { status: 400 });
  }
  if (!requestToken(request, context)) throw toLogin();
  const api = catalogApi(request, context);
  try {
    const r =
      intent === 'wish'
        ? await api.toggleWish({ params: { id } }).then(({ data: x }) => ({ on: x.wished, count: x.wishCount }))
        : intent === 'like'
          ? await api.toggleWineryLike({ params: { id } }).then(({ data: x }) => ({ on: x.liked, count: x.likeCount }))
          : await api.toggleMagazineLike({ params: { id } }).then(({ data: x }) => ({ on: x.liked, count: x.likeCount }));
    if (!js) throw redirect(back);
    return data<ToggleResult>({ ok: true, intent, id, ...r });
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) throw toLogin({ 'Set-Cookie': clearTokenCookie(context) });
    if (e instanceof ApiError && e.status < 500) {
      if (!js) throw redirect(back);
      return data<ToggleResult>({ ok: false, message: e.message }, { status: e.status });
    }
    throw e;
  }
}
