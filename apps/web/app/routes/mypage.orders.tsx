import type { Route } from './+types/mypage.orders';
import { pageMeta } from '../lib/meta';
import { ordersLoader } from '../lib/orders.server';
import { OrderList } from '../components/commerce/order-list';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.mypage.orderLookup),
  { name: 'robots', content: 'noindex' },
];

export const loader = ({ request, context }: Route.LoaderArgs) => ordersLoader(request, context, false);

export default function MyOrders({ loaderData }: Route.ComponentProps) {
  return <OrderList data={loaderData} />;
}
