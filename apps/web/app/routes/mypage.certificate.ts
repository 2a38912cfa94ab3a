import type { Route } from './+types/mypage.certificate';
import { passDownload } from '../lib/download.server';
import { memberApi } from '../lib/session.server';

/** Downloads the member's business certificate: the API's answer passed on (the browser has no token to ask itself). */
export function loader({ request, context }: Route.LoaderArgs) {
  return passDownload(context, '/mypage/profile', () => memberApi(request, context).myCertificate());
}
