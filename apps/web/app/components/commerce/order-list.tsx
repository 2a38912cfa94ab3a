import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { OrdersData } from '../../lib/orders.server';
import { useRoot } from '../../lib/site';
import { FastLink } from '../fast-link';
import { formatKrw } from '../catalog/price';
import { kstDateTime, StatusPill } from './order-view';
import { OrderGate } from './add-to-cart';

export function OrderList({ data }: { data: OrdersData }) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const [params] = useSearchParams();
  const title = data.cancelled ? t('mypage.cancellations') : t('mypage.orderLookup');
  if (data.blocked)
    return (
      <section className="mypage-panel">
        <h2 className="h5 fw-bold mb-3">{title}</h2>
        <OrderGate compact />
      </section>
    );
  const { list } = data;
  const link = (over: Record<string, string>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(over)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    const s = p.toString();
    return s ? `?${s}` : '?';
  };
  return (
    <section className="mypage-panel" data-testid="orders-page" aria-labelledby="orders-title">
      <h2 id="orders-title" className="h5 fw-bold mb-3">
        {title}
      </h2>
      {!data.cancelled ? (
        <nav className="status-tabs" aria-label={t('commerce.order.filter')}>
          <FastLink to={link({ status: '', page: '' })} aria-current={data.status === '' ? 'page' : undefined}>
            {t('commerce.order.all')}
          </FastLink>
          {data.statuses
            .filter((s) => s.code !== 'CANCELLED')
            .map((s) => (
              <FastLink key={s.code} to={link({ status: s.code, page: '' })} aria-current={data.status === s.code ? 'page' : undefined}>
                {s.name}
              </FastLink>
            ))}
        </nav>
      ) : null}
      {list.items.length === 0 ? (
        <p className="empty-state" data-testid="orders-empty">
          {t('commerce.order.none')}
        </p>
      ) : (
        <ul className="order-list list-unstyled">
          {list.items.map((o) => (
            <li key={o.oid} className="order-card" data-testid="order-card">
              <div className="order-card-head">
                <span className="small text-body-secondary">{kstDateTime(o.createdAt, lang, false)}</span>
                <StatusPill status={o.status} name={o.statusName} />
              </div>
              <FastLink to={`/mypage/orders/${o.oid}`} className="order-card-title">
                {o.lineCount > 1 ? t('commerce.order.andMore', { name: o.firstName, count: o.lineCount - 1 }) : o.firstName}
              </FastLink>
              <div className="order-card-meta small">
                <span>{o.oid}</span>
                <span>{t('commerce.order.bottles', { count: o.bottles })}</span>
                <span>{o.paymentMethodName}</span>
                <span className="fw-bold">{formatKrw(o.total, lang)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {list.page.totalPages > 1 ? (
        <nav className="d-flex gap-2 justify-content-center" aria-label={t('commerce.order.pages')}>
          {Array.from({ length: list.page.totalPages }, (_, i) => i + 1).map((n) => (
            <FastLink
              key={n}
              to={link({ page: String(n) })}
              className="btn btn-sm btn-outline-secondary"
              aria-current={n === list.page.number ? 'page' : undefined}
            >
              {n}
            </FastLink>
          ))}
        </nav>
      ) : null}
    </section>
  );
}
