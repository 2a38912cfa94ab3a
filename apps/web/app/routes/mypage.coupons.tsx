import { useTranslation } from 'react-i18next';
import type { Route } from './+types/mypage.coupons';
import { ApiError } from '../lib/api';
import { pageMeta } from '../lib/meta';
import { memberApi } from '../lib/session.server';
import { useRoot } from '../lib/site';
import { formatKrw } from '../components/catalog/price';
import { kstDateTime } from '../components/commerce/order-view';
import { OrderGate } from '../components/commerce/add-to-cart';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.mypage.coupons),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    return { coupons: (await memberApi(request, context).coupons({ query: {} })).data };
  } catch (e) {
    if (e instanceof ApiError && e.code === 'NOT_APPROVED') return { coupons: null };
    throw e;
  }
}

/** The buyer's coupons: usable ones first (soonest to end), then used and expired. */
export default function MyCoupons({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const { coupons } = loaderData;
  return (
    <section className="mypage-panel" data-testid="coupons-page" aria-labelledby="coupons-title">
      <h2 id="coupons-title" className="h5 fw-bold mb-3">
        {t('mypage.coupons')}
      </h2>
      {!coupons ? (
        <OrderGate compact />
      ) : coupons.length === 0 ? (
        <p className="empty-state">{t('commerce.coupon.none')}</p>
      ) : (
        <ul className="coupon-list list-unstyled">
          {coupons.map((c) => (
            <li key={c.id} className={`coupon-card is-${c.state.toLowerCase()}`} data-testid="coupon-card">
              <div className="coupon-value">{c.kind === 'AMOUNT' ? formatKrw(c.amount, lang) : `${c.rate}%`}</div>
              <div className="coupon-body">
                <p className="fw-semibold mb-1">{c.name}</p>
                <p className="small mb-1">
                  {c.target}
                  {c.minAmount > 0 ? ` · ${t('commerce.checkout.minAmount', { amount: formatKrw(c.minAmount, lang) })}` : ''}
                  {c.maxDiscount !== null ? ` · ${t('commerce.coupon.max', { amount: formatKrw(c.maxDiscount, lang) })}` : ''}
                </p>
                <p className="small text-body-secondary mb-0">
                  {kstDateTime(c.startsAt, lang, false)} ~ {kstDateTime(c.endsAt, lang, false)}
                </p>
              </div>
              <span className="coupon-state">{t(`commerce.coupon.state.${c.state}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
