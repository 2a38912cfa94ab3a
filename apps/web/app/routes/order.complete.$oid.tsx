import { useTranslation } from 'react-i18next';
import type { Route } from './+types/order.complete.$oid';
import { pageMeta } from '../lib/meta';
import { loadOrder } from '../lib/orders.server';
import { FastLink } from '../components/fast-link';
import { OrderView } from '../components/commerce/order-view';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.commerce.completeTitle),
  { name: 'robots', content: 'noindex' },
];

export const loader = ({ request, context, params }: Route.LoaderArgs) => loadOrder(request, context, params.oid);

/** The order confirmation: what was ordered and, for a bank transfer, where and by when to pay. */
export default function OrderComplete({ loaderData: order }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="container page-body commerce-page" data-testid="order-complete">
      <ol className="checkout-steps" aria-label={t('commerce.steps')}>
        <li>{t('commerce.stepCart')}</li>
        <li>{t('commerce.stepCheckout')}</li>
        <li aria-current="step">{t('commerce.stepDone')}</li>
      </ol>
      <div className="complete-hero">
        <h1 className="page-title mb-1">{t('commerce.completeTitle')}</h1>
        <p className="mb-0">{order.status === 'AWAITING_DEPOSIT' ? t('commerce.completeDeposit') : t('commerce.completePaid')}</p>
      </div>
      <OrderView order={order}>
        <div className="d-flex gap-2 flex-wrap mt-4">
          <FastLink to={`/mypage/orders/${order.oid}`} className="btn btn-primary">
            {t('commerce.order.detail')}
          </FastLink>
          <FastLink to="/product" className="btn btn-outline-primary">
            {t('commerce.browse')}
          </FastLink>
        </div>
      </OrderView>
    </div>
  );
}
