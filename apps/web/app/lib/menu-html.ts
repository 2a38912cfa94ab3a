import { useCallback, type MouseEvent } from 'react';
import { useNavigate, useRouteLoaderData } from 'react-router';

/**
 * The header menu's HTML (components/menu-markup.tsx), rendered once per language and menu version on the server
 * (lib/menu.server.ts). The root loader data carries only its key, and the page only the mega-menu's HTML (links
 * for visitors without scripts and for crawlers). The drawer opens only with scripts: its items are fetched from
 * /menu-html/{key} when it first opens, and another key (a language switch) by the root's clientLoader before the
 * page in the new language renders. Both answers are cached for good (the key names the content).
 */
export interface MenuHtml {
  /** `{lang}.{content hash}` */
  key: string;
  /** Inside of the mega-menu panel's container. */
  mega: string;
  /** Items of the drawer's portfolio list (not in the page: the drawer needs scripts to open). */
  drawer: string;
}

/** Ids of the elements whose inside is the menu HTML (also how the browser reads it from the first page). */
export const MEGA_BODY_ID = 'mega-menu-body';
export const DRAWER_LIST_ID = 'drawer-portfolio-list';

export const menuHtmlUrl = (key: string) => `/menu-html/${encodeURIComponent(key)}`;

/** Puts the HTML on loader data without making it serializable (as lib/messages.ts does with the texts). */
export function withMenuHtml<T extends object>(data: T, html: MenuHtml): T {
  Object.defineProperty(data, 'menuHtml', { value: html, enumerable: false, configurable: true, writable: true });
  return data;
}

/** Versions fetched in full (mega-menu and drawer). */
const known = new Map<string, MenuHtml>();
/** The mega-menu of the first page, read from it while hydrating (its drawer items are not in the page). */
let fromPage: { key: string; mega: string } | null = null;
let last: MenuHtml | null = null;
const loading = new Map<string, Promise<void>>();

/** In the browser: fetches (once) the full HTML of `key` unless it is known. A failure keeps the menu shown so far. */
export function ensureMenuHtml(key: string): Promise<void> {
  if (known.has(key)) return Promise.resolve();
  let p = loading.get(key);
  if (!p) {
    p = fetch(menuHtmlUrl(key))
      .then((r) => {
        if (!r.ok) throw new Error(`menu ${key}: ${r.status}`);
        return r.json() as Promise<MenuHtml>;
      })
      .then((html) => {
        // The menu may have changed since the key was handed out: the answer is the current one.
        known.set(key, html);
        known.set(html.key, html);
      })
      .catch((e: unknown) => console.warn((e as Error).message))
      .finally(() => loading.delete(key));
    loading.set(key, p);
  }
  return p;
}

/**
 * The menu HTML of the root loader data: the server has it on the data itself. The browser first reads the
 * mega-menu from the server's page (while hydrating, nothing has changed it yet) and fetches the rest (the drawer's
 * items, another language) when needed. `drawer` is null while it is not at hand.
 */
export function useMenuHtml(): { key: string; mega: string; drawer: string | null } | null {
  const data = useRouteLoaderData('root') as { menuKey: string; menuHtml?: MenuHtml } | undefined;
  if (!data) return null;
  // The server renders the mega-menu only: the drawer's items would be dead weight in the page.
  if (data.menuHtml) return { key: data.menuHtml.key, mega: data.menuHtml.mega, drawer: null };
  if (typeof document === 'undefined') return null;
  const key = data.menuKey;
  const full = known.get(key);
  if (full) return (last = full);
  if (!fromPage) {
    const mega = document.getElementById(MEGA_BODY_ID);
    if (mega) fromPage = { key, mega: mega.innerHTML };
  }
  if (fromPage?.key === key) return { ...fromPage, drawer: null };
  return last ?? (fromPage && { ...fromPage, drawer: null });
}

/** Whether a click on a link should be left to the browser (new tab, download, modified click), as React Router's <Link> does. */
const browserHandles = (e: MouseEvent, a: HTMLAnchorElement) =>
  e.defaultPrevented ||
  e.button !== 0 ||
  e.metaKey ||
  e.altKey ||
  e.ctrlKey ||
  e.shiftKey ||
  (a.target !== '' && a.target !== '_self') ||
  a.hasAttribute('download') ||
  a.origin !== window.location.origin;

/**
 * One click handler for everything inside the menu HTML: its links navigate in the app like <Link>s (a link to
 * the page shown replaces it), and a country's 'more' button shows or hides the areas after the first few.
 */
export function useMenuClicks(areasShown: number) {
  const navigate = useNavigate();
  return useCallback(
    (e: MouseEvent<HTMLElement>) => {
      const target = e.target as Element;
      const more = target.closest<HTMLButtonElement>('button.mega-more');
      if (more) {
        const all = more.getAttribute('aria-expanded') !== 'true';
        more.setAttribute('aria-expanded', String(all));
        const label = more.querySelector('.mega-more-label');
        if (label) label.textContent = (all ? more.dataset.less : more.dataset.more) ?? '';
        const list = document.getElementById(more.getAttribute('aria-controls') ?? '');
        list?.querySelectorAll(':scope > li').forEach((li, i) => ((li as HTMLElement).hidden = !all && i >= areasShown));
        return;
      }
      const a = target.closest<HTMLAnchorElement>('a[href]');
      if (!a || browserHandles(e, a)) return;
      e.preventDefault();
      const to = a.pathname + a.search + a.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(to, { replace: to === here });
    },
    [navigate, areasShown],
  );
}
