import { data } from 'react-router';
import type { Route } from './+types/not-found';

export function loader(_: Route.LoaderArgs) {
  throw data('This page could not be found', { status: 404 });
}

export default function NotFound() {
  return null;
}
