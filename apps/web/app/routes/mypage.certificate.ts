import { redirect } from 'react-router';
import type { Route } from './+types/mypage.certificate';
import { ApiError } from '../lib/api';
import { clearTokenCookie, LOGIN_PATH, memberApi } from '../lib/session.server';

/** Downloads the member's business certificate: the API's answer passed on (the browser has no token to ask itself). */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const res = await memberApi(request, context).myCertificate();
    // Always a download, never sniffed or run here, whatever the answer passed on says.
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
      throw redirect(`${LOGIN_PATH}?redirect=${encodeURIComponent('/mypage/profile')}`, {
        headers: { 'Set-Cookie': clearTokenCookie(context) },
      });
    }
    if (e instanceof ApiError) throw new Response(e.message, { status: e.status || 502 });
    throw e;
  }
}
