import { isRouteErrorResponse, Outlet, type HeadersFunction } from 'react-router';
import { ErrorPage } from '../components/error-page';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/boundary';

/** Pages render here; any page error shows the error page inside the site shell (header and footer stay). */
export default function Boundary() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

/**
 * The error page's title, in the page's language ("404 · Page not found | brand"). Without an error the pages' own
 * titles apply: this route is then never the deepest with a meta, except for a page without one, which keeps the
 * site's title.
 */
export const meta: Route.MetaFunction = ({ error, matches }) => {
  if (!error) return pageMeta(matches);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return [
    ...pageMeta(matches, (m) => `${status} · ${status === 404 ? m.error.notFoundTitle : m.error.title}`),
    { name: 'robots', content: 'noindex' },
  ];
};

/** An error page for the rate limit says when to come back (Retry-After of the refused API call). */
export const headers: HeadersFunction = ({ parentHeaders, errorHeaders }) => {
  const out = new Headers(parentHeaders);
  const retryAfter = errorHeaders?.get('retry-after');
  if (retryAfter) out.set('retry-after', retryAfter);
  return out;
};
