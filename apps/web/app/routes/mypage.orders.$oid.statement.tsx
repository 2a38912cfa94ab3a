import { useTranslation } from 'react-i18next';
import type { Route } from './+types/mypage.orders.$oid.statement';
import { pageMeta } from '../lib/meta';
import { loadOrder } from '../lib/orders.server';
import { useRoot } from '../lib/site';
import { groupDigits } from '../lib/format';
import { FastLink } from '../components/fast-link';
import { kstDateTime } from '../components/commerce/order-view';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.commerce.statement.title),
  { name: 'robots', content: 'noindex' },
];

export const loader = ({ request, context, params }: Route.LoaderArgs) => loadOrder(request, context, params.oid);

/**
 * The trade statement of an order (거래명세서), to print or save as PDF: supplier and buyer, each line, then 공급가액,
 * 세액 and 합계. A gift order prints as a delivery note without prices.
 */
export default function OrderStatement({ loaderData: o }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { site, lang } = useRoot();
  const c = site.company;
  const prices = !o.gift;
  const n = (v: number) => groupDigits(v);
  const discounts = o.amounts.volumeDiscount + o.amounts.couponDiscount;
  return (
    <div className="container page-body statement-page" data-testid="statement">
      <div className="statement-actions d-print-none">
        <FastLink to={`/mypage/orders/${o.oid}`}>← {t('commerce.order.detail')}</FastLink>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
          {t('commerce.statement.print')}
        </button>
      </div>
      <article className="statement">
        <h1 className="statement-title">{prices ? t('commerce.statement.title') : t('commerce.statement.deliveryNote')}</h1>
        <p className="statement-meta">
          {t('commerce.order.number')} {o.oid} · {kstDateTime(o.createdAt, lang, false)}
        </p>
        <div className="statement-parties">
          <section>
            <h2>{t('commerce.statement.supplier')}</h2>
            <dl>
              <dt>{t('commerce.statement.company')}</dt>
              <dd>{c.name}</dd>
              <dt>{t('footer.brn')}</dt>
              <dd>{c.businessRegistrationNumber}</dd>
              <dt>{t('footer.ceo')}</dt>
              <dd>{c.ceo}</dd>
              <dt>{t('footer.address')}</dt>
              <dd>{c.address}</dd>
            </dl>
          </section>
          <section>
            <h2>{t('commerce.statement.buyer')}</h2>
            <dl translate="no">
              <dt>{t('commerce.statement.company')}</dt>
              <dd>{o.buyer.companyName ?? o.buyer.fullName}</dd>
              <dt>{t('footer.brn')}</dt>
              <dd>{o.buyer.businessNumber ? o.buyer.businessNumber.replace(/^(\d{3})(\d{2})(\d{5})$/, '$1-$2-$3') : '—'}</dd>
              <dt>{t('commerce.order.ship')}</dt>
              <dd lang="ko">{o.ship ? `(${o.ship.postalCode}) ${o.ship.address1} ${o.ship.address2}` : t('commerce.order.pickup')}</dd>
            </dl>
          </section>
        </div>
        {/* Scrolls sideways on narrow screens: reachable by keyboard. */}
        <div className="table-responsive" tabIndex={0} role="region" aria-label={t('commerce.statement.item')}>
          <table className="statement-lines">
            <thead>
              <tr>
                <th scope="col">{t('commerce.statement.item')}</th>
                <th scope="col" className="num">
                  {t('commerce.order.qty')}
                </th>
                {prices ? (
                  <>
                    <th scope="col" className="num">
                      {t('commerce.statement.unit')}
                    </th>
                    <th scope="col" className="num">
                      {t('commerce.amount.supply')}
                    </th>
                  </>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {o.lines.map((l) => (
                <tr key={l.idVintage}>
                  <td>
                    {l.name} {l.year ?? t('catalog.nv')}
                  </td>
                  <td className="num">{n(l.qty)}</td>
                  {prices ? (
                    <>
                      <td className="num">{n(l.unitPrice)}</td>
                      <td className="num">{n(l.qty * l.unitPrice)}</td>
                    </>
                  ) : null}
                </tr>
              ))}
              {prices && discounts > 0 ? (
                <tr>
                  <td>{t('commerce.statement.discounts')}</td>
                  <td />
                  <td />
                  <td className="num">−{n(discounts)}</td>
                </tr>
              ) : null}
              {prices && o.amounts.deliveryFee > 0 ? (
                <tr>
                  <td>{t('commerce.amount.deliveryFee')}</td>
                  <td />
                  <td />
                  <td className="num">{n(o.amounts.deliveryFee)}</td>
                </tr>
              ) : null}
            </tbody>
            {prices ? (
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>
                    {t('commerce.amount.supply')}
                  </th>
                  <td className="num" data-testid="statement-supply">
                    {n(o.amounts.supplyAmount)}
                  </td>
                </tr>
                <tr>
                  <th scope="row" colSpan={3}>
                    {t('commerce.statement.tax')}
                  </th>
                  <td className="num" data-testid="statement-vat">
                    {n(o.amounts.vat)}
                  </td>
                </tr>
                <tr className="is-total">
                  <th scope="row" colSpan={3}>
                    {t('commerce.amount.total')} ({t('commerce.statement.krw')})
                  </th>
                  <td className="num" data-testid="statement-total">
                    {n(o.amounts.total)}
                  </td>
                </tr>
              </tfoot>
            ) : null}
          </table>
        </div>
        {!prices ? <p className="small">{t('commerce.statement.giftNote')}</p> : null}
      </article>
    </div>
  );
}
