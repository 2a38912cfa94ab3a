import { useTranslation } from 'react-i18next';
import type { TOrder } from '@podo/contracts';
import { useRoot } from '../../lib/site';
import { FastLink } from '../fast-link';
import { formatKrw } from '../catalog/price';
import { Amounts } from './amounts';
import { dateFormat } from '../../lib/format';

/** 2026. 11. 27. 23:59 in Korea time, whatever the server's or the visitor's zone. */
export function kstDateTime(iso: string, lang: string, withTime = true): string {
  return dateFormat(lang, {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hour12: false } : {}),
  }).format(new Date(iso));
}

export function StatusPill({ status, name }: { status: string; name: string }) {
  return (
    <span className={`order-status is-${status.toLowerCase()}`} data-testid="order-status">
      {name}
    </span>
  );
}

/** Where to pay a bank-transfer order: the account, the amount, the depositor name and the deadline. */
export function DepositBox({ order }: { order: TOrder }) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const d = order.deposit;
  if (!d || order.status !== 'AWAITING_DEPOSIT') return null;
  return (
    <section className="deposit-box" aria-labelledby="deposit-title" data-testid="deposit-box">
      <h2 id="deposit-title" className="h6 fw-bold">
        {t('commerce.order.depositTitle')}
      </h2>
      <dl className="deposit-facts">
        <div>
          <dt>{t('commerce.order.bank')}</dt>
          <dd translate="no">
            {d.bankName}{' '}
            <span className="fw-bold" data-testid="deposit-account">
              {d.accountNumber}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('commerce.order.holder')}</dt>
          <dd translate="no">{d.accountHolder}</dd>
        </div>
        <div>
          <dt>{t('commerce.order.depositAmount')}</dt>
          <dd className="fw-bold" data-testid="deposit-amount">
            {formatKrw(d.amount, lang)}
          </dd>
        </div>
        <div>
          <dt>{t('commerce.order.depositor')}</dt>
          <dd translate="no">{d.depositorName}</dd>
        </div>
        <div>
          <dt>{t('commerce.order.deadline')}</dt>
          <dd data-testid="deposit-deadline">{kstDateTime(d.deadline, lang)}</dd>
        </div>
      </dl>
      <p className="small mb-0">{t('commerce.order.depositNote')}</p>
    </section>
  );
}

/** An order: state, lines, amounts, address and history (the buyer's order page and the confirmation). */
export function OrderView({ order: o, children }: { order: TOrder; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  return (
    <div className="order-view" data-testid="order-view">
      <div className="order-head">
        <div>
          <span className="small text-body-secondary">{t('commerce.order.number')}</span>
          <p className="h5 mb-0" data-testid="order-oid">
            {o.oid}
          </p>
        </div>
        <div className="text-end">
          <StatusPill status={o.status} name={o.statusName} />
          <p className="small text-body-secondary mb-0">{kstDateTime(o.createdAt, lang)}</p>
        </div>
      </div>
      <DepositBox order={o} />
      <section aria-labelledby="order-lines-title">
        <h2 id="order-lines-title" className="h6 fw-bold mt-4">
          {t('commerce.order.lines')}
        </h2>
        <div className="table-responsive" tabIndex={0} role="region" aria-labelledby="order-lines-title">
          <table className="table order-lines">
            <thead>
              <tr>
                <th scope="col">{t('commerce.order.wine')}</th>
                <th scope="col" className="num">
                  {t('commerce.unitPrice')}
                </th>
                <th scope="col" className="num">
                  {t('commerce.order.qty')}
                </th>
                <th scope="col" className="num">
                  {t('commerce.order.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {o.lines.map((l) => (
                <tr key={l.idVintage}>
                  <td>
                    <FastLink to={`/product/${l.idProduct}`}>{l.name}</FastLink>{' '}
                    <span className="text-body-secondary">{l.year ?? t('catalog.nv')}</span>
                    {l.volumeDiscount + l.couponDiscount > 0 ? (
                      <div className="small text-success">−{formatKrw(l.volumeDiscount + l.couponDiscount, lang)}</div>
                    ) : null}
                  </td>
                  <td className="num">{formatKrw(l.unitPrice, lang)}</td>
                  <td className="num">{l.qty}</td>
                  <td className="num fw-semibold">{formatKrw(l.amount, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <div className="order-columns">
        <section aria-labelledby="order-amounts-title">
          <h2 id="order-amounts-title" className="h6 fw-bold">
            {t('commerce.order.amounts')}
          </h2>
          <Amounts amounts={o.amounts} />
          <p className="small text-body-secondary">
            {t('commerce.order.paidBy', { method: o.paymentMethodName })}
            {o.gift ? ` · ${t('commerce.order.gift')}` : ''}
          </p>
        </section>
        <section aria-labelledby="order-ship-title">
          <h2 id="order-ship-title" className="h6 fw-bold">
            {o.type === 'PICKUP' ? t('commerce.order.pickup') : t('commerce.order.ship')}
          </h2>
          {o.ship ? (
            <address className="small mb-2" lang="ko">
              {o.ship.fullName} · {o.ship.mobile}
              <br />({o.ship.postalCode}) {o.ship.address1} {o.ship.address2}
              {o.ship.message ? (
                <>
                  <br />
                  <span className="text-body-secondary">{o.ship.message}</span>
                </>
              ) : null}
            </address>
          ) : (
            <p className="small">{t('commerce.checkout.pickupNote')}</p>
          )}
          {o.shipment ? (
            <p className="small mb-2" data-testid="shipment">
              {t('commerce.order.shipment', { carrier: o.shipment.carrierName })}{' '}
              <a href={o.shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className="text-nowrap">
                <span translate="no">{o.shipment.trackingNumber}</span> {t('commerce.order.track')}
                <span className="visually-hidden"> {t('common.newWindow')}</span>
              </a>
            </p>
          ) : null}
          {o.requestedDate ? <p className="small mb-1">{t('commerce.order.requestedDate', { date: o.requestedDate })}</p> : null}
          {o.memo ? (
            <p className="small text-body-secondary mb-0" translate="no">
              {o.memo}
            </p>
          ) : null}
        </section>
      </div>
      <section aria-labelledby="order-history-title">
        <h2 id="order-history-title" className="h6 fw-bold mt-3">
          {t('commerce.order.history')}
        </h2>
        <ol className="order-history small">
          {o.events.map((e, i) => (
            <li key={i}>
              <span className="text-body-secondary">{kstDateTime(e.at, lang)}</span> {e.statusName}
              {e.note ? <span className="text-body-secondary"> — {e.note}</span> : null}
            </li>
          ))}
        </ol>
      </section>
      {children}
    </div>
  );
}
