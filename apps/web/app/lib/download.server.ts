import { redirect, type AppLoadContext } from 'react-router';
import { ApiError } from './api';
import { clearTokenCookie, LOGIN_PATH } from './session.server';

/**
 * A member's file from the API passed on to the browser (which has no token to ask itself): always a download,
 * never sniffed or run here, whatever the answer passed on says. An expired session goes to log in and come back
 * to `back`; another API refusal is its status.
 */
export async function passDownload(context: AppLoadContext, back: string, fetch: () => Promise<Response>): Promise<Response> {
  try {
    const res = await fetch();
    const headers = new Headers({
      'cache-control': 'private, no-store',
      'content-disposition': 'attachment',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    for (const h of ['content-type', 'content-disposition', 'content-length']) {
      const v = res.headers.get(h);
      if (v && (h !== 'content-disposition' || v.startsWith('attachment;'))) headers.set(h, v);
    }
    return new Response(res.body, { status: 200, headers });
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      throw redirect(`${LOGIN_PATH}?redirect=${encodeURIComponent(back)}`, { headers: { 'Set-Cookie': clearTokenCookie(context) } });
    }
    if (e instanceof ApiError) throw new Response(e.message, { status: e.status || 502 });
    throw e;
  }
}
