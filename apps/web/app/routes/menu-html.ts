import { matchLanguage } from '@podo/i18n';
import type { Route } from './+types/menu-html';
import { loadMenu } from '../lib/menu.server';

/**
 * The header menu's HTML in one language (lib/menu-html.ts), for the browser after a language switch. The key names
 * the content: the current version of the key asked for is cached for good; an outdated key gets the current one,
 * not cached.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const lang = matchLanguage(params.key?.split('.')[0] ?? null);
  if (!lang || params.key?.split('.')[0] !== lang) return new Response('Not found', { status: 404 });
  const menu = await loadMenu(context, lang);
  return Response.json(menu, {
    headers: { 'Cache-Control': menu.key === params.key ? 'public, max-age=31536000, immutable' : 'no-cache' },
  });
}
