import { redirect } from 'react-router';
import type { Route } from './+types/account.logout';
import { clearTokenCookie } from '../lib/session.server';

/** Logout: the token cookie is HttpOnly, so only the server can clear it. */
export async function action({ context }: Route.ActionArgs) {
  return redirect('/', { headers: { 'Set-Cookie': clearTokenCookie(context) } });
}

/** A GET (a typed address, an old link) only goes home: logging out changes state, so it takes a POST. */
export async function loader() {
  return redirect('/');
}

export default function Logout() {
  return null;
}
