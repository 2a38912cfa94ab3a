import { useEffect, type AnchorHTMLAttributes } from 'react';
import { useNavigate } from 'react-router';

/*
 * React Router's <Link> runs about ten hooks per link; a list page has about a hundred links (three per card),
 * which cost 1.5 ms of every server render. A FastLink is a plain <a>: one click listener on the document
 * (useFastLinks, in the root) turns its clicks into client-side navigations, as <Link> does. `data-discover` lets
 * React Router learn its route ahead of the click, as it does for <Link>.
 */

export interface FastLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of this site: '/product/1', '/product?idKinds=1'. */
  to: string;
  /** Navigation state (JSON), as <Link state>. */
  state?: Record<string, unknown>;
  /** Keep the scroll position, as <Link preventScrollReset>. */
  preventScrollReset?: boolean;
  /** Replace the current history entry, as <Link replace>. */
  replace?: boolean;
}

export function FastLink({ to, state, preventScrollReset, replace, ...rest }: FastLinkProps) {
  return (
    <a
      href={to}
      data-discover="true"
      data-nav=""
      data-nav-state={state ? JSON.stringify(state) : undefined}
      data-nav-keep-scroll={preventScrollReset ? '' : undefined}
      data-nav-replace={replace ? '' : undefined}
      {...rest}
    />
  );
}

/** Navigates client-side for plain clicks on FastLinks (not new-tab clicks, other windows or downloads). */
export function useFastLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
      const a = e.target instanceof Element ? e.target.closest('a[data-nav]') : null;
      if (!(a instanceof HTMLAnchorElement) || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
      const url = new URL(a.href);
      if (url.origin !== window.location.origin) return;
      e.preventDefault();
      const to = url.pathname + url.search + url.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      const { navState, navKeepScroll, navReplace } = a.dataset;
      void navigate(to, {
        state: navState ? (JSON.parse(navState) as unknown) : undefined,
        preventScrollReset: navKeepScroll !== undefined,
        // As <Link>: a link to the page already shown replaces its entry.
        replace: navReplace !== undefined || to === here,
      });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}
