import type { Route } from './+types/robots[.]txt';
import { publicOrigin } from '../lib/catalog.server';

/** /robots.txt: everything may be crawled but the member area and account screens; points at the sitemap. */
export function loader({ request, context }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /mypage',
    'Disallow: /account',
    '',
    `Sitemap: ${publicOrigin(request, context)}/sitemap.xml`,
    '',
  ];
  return new Response(body.join('\n'), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
