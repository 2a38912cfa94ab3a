import { data, redirect } from 'react-router';
import type { Route } from './+types/account.logout';
import { clearTokenCookie, failure, logoutOnApi, readBody, str } from '../lib/session.server';

/**
 * Logout: the API revokes the token first (so a copied cookie dies too), then the HttpOnly cookie, which only the
 * server can clear, is cleared. `scope=all` logs the member out on every device (mypage profile).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const everywhere = str((await readBody(request)).scope) === 'all';
  try {
    await logoutOnApi(request, context, everywhere);
  } catch (e) {
    // 'Log out everywhere' that did not happen must say so: the other devices are still logged in. A plain logout
    // still clears this browser's cookie: the visitor asked to leave, and there is nothing else to offer them.
    if (everywhere) return data(failure(e));
  }
  return redirect('/', { headers: { 'Set-Cookie': clearTokenCookie(context) } });
}

/** A GET (a typed address, an old link) only goes home: logging out changes state, so it takes a POST. */
export async function loader() {
  return redirect('/');
}

export default function Logout() {
  return null;
}
