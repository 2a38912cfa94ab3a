import { Outlet } from 'react-router';
import { ErrorPage } from '../components/error-page';

/** Pages render here; any page error shows the error page inside the site shell (header and footer stay). */
export default function Boundary() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
