import { Outlet, type HeadersFunction } from 'react-router';
import { ErrorPage } from '../components/error-page';

/** Pages render here; any page error shows the error page inside the site shell (header and footer stay). */
export default function Boundary() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

/** An error page for the rate limit says when to come back (Retry-After of the refused API call). */
export const headers: HeadersFunction = ({ parentHeaders, errorHeaders }) => {
  const out = new Headers(parentHeaders);
  const retryAfter = errorHeaders?.get('retry-after');
  if (retryAfter) out.set('retry-after', retryAfter);
  return out;
};
