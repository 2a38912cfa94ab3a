import type { z } from 'zod';
import { validationMessage } from '@podo/contracts/messages';
import { data, redirect, type AppLoadContext } from 'react-router';
import { tokenCookieName } from '@podo/config/shared';
import { ApiError, type ActionResult, type TokenData } from './api';
import { clearCookie, serializeCookie } from './cookies';
import { requestLanguage, requestToken, serverApi, type ServerApi } from './request.server';

export const LOGIN_PATH = '/account/login';

/** Set-Cookie for a new access token: HttpOnly, SameSite=Lax, Secure on https, living as long as the token. */
export function tokenCookie(context: AppLoadContext, token: TokenData): string {
  const maxAge = Math.max(0, (new Date(token.expiresAt).getTime() - Date.now()) / 1000);
  return serializeCookie(tokenCookieName(context.site.slug), token.accessToken, {
    maxAge: Number.isFinite(maxAge) ? maxAge : 24 * 3600,
    secure: context.secureCookies,
    httpOnly: true,
  });
}

export const clearTokenCookie = (context: AppLoadContext) => clearCookie(tokenCookieName(context.site.slug), context.secureCookies);

/**
 * Revokes the visitor's token on the API (POST /logout), or with `everywhere` every token of the member
 * (POST /logout-all). Runs before the cookie is cleared: clearing it alone would leave any copy of the token (a
 * stolen cookie) working until it expires. A token the API already refuses (401) is dead: nothing left to do.
 */
export async function logoutOnApi(request: Request, context: AppLoadContext, everywhere = false): Promise<void> {
  const token = requestToken(request, context);
  if (!token) return;
  const api = serverApi(request, context, token);
  try {
    await (everywhere ? api.logoutAll() : api.logout());
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return;
    throw e;
  }
}

/** Only same-site relative paths are followed (no open redirects). */
export function safeRedirect(to: unknown, fallback = '/mypage'): string {
  const s = typeof to === 'string' ? to.trim() : '';
  if (!s.startsWith('/') || s.startsWith('//') || s.startsWith('/\\') || /[\r\n\t]/.test(s)) return fallback;
  if (s.startsWith(LOGIN_PATH)) return fallback;
  return s;
}

/** The API client with the visitor's token; without a token the visitor is sent to log in. */
export function memberApi(request: Request, context: AppLoadContext): ServerApi {
  const token = requestToken(request, context);
  if (!token) {
    const url = new URL(request.url);
    throw redirect(`${LOGIN_PATH}?redirect=${encodeURIComponent(url.pathname)}`);
  }
  return serverApi(request, context, token);
}

/**
 * A posted body checked against the API's own schema before it is sent on: the parsed value, or the API's 400
 * (VALIDATION_FAILED) with the same localized sentence the API would answer.
 */
export function checked<S extends z.ZodType>(schema: S, body: unknown, request: Request): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new ApiError(400, validationMessage(requestLanguage(request), result.error.issues, 'body'), 'VALIDATION_FAILED');
}

/** The failure of an API call as an action answer; anything but an ApiError is rethrown. */
export function failure(e: unknown): ActionResult<never> {
  if (e instanceof ApiError) return { ok: false, error: { status: e.status, message: e.message, code: e.code }, at: Date.now() };
  throw e;
}

/**
 * Runs an action's API call and answers {ok, message, data} or {ok:false, error}; `setCookie` of the result goes
 * into Set-Cookie. An expired session (401) clears the cookie and goes to the login page.
 */
export async function apiAction<T>(
  request: Request,
  context: AppLoadContext,
  run: () => Promise<{ message?: string; data?: T; setCookie?: string[] }>,
) {
  try {
    const r = await run();
    const headers = new Headers();
    for (const c of r.setCookie ?? []) headers.append('Set-Cookie', c);
    return data<ActionResult<T>>({ ok: true, message: r.message ?? '', data: r.data, at: Date.now() }, { headers });
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      const url = new URL(request.url);
      throw redirect(`${LOGIN_PATH}?redirect=${encodeURIComponent(url.pathname)}`, {
        headers: { 'Set-Cookie': clearTokenCookie(context) },
      });
    }
    return data(failure(e));
  }
}

/** A JSON body (fetcher.submit with encType application/json) or form data, as a plain object. */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  try {
    if ((request.headers.get('content-type') ?? '').includes('application/json')) {
      const body = (await request.json()) as unknown;
      return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    }
    return Object.fromEntries(await request.formData());
  } catch {
    // A malformed body: the API's validation answers for the missing fields.
    return {};
  }
}

export const str = (v: unknown) => (typeof v === 'string' ? v : '');
