import { useEffect, useMemo, useRef, useState } from 'react';
import { Form, redirect, useActionData, useFetcher, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TCalculation, TMemberCoupon } from '@podo/contracts';
import type { Route } from './+types/checkout';
import { ApiError, type ActionResult } from '../lib/api';
import { checkoutAction, orderableLines } from '../lib/checkout.server';
import { pageMeta } from '../lib/meta';
import { memberApi } from '../lib/session.server';
import { useRoot, useUser } from '../lib/site';
import { FastLink } from '../components/fast-link';
import { formatKrw } from '../components/catalog/price';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { OrderGate } from '../components/commerce/add-to-cart';
import { Amounts } from '../components/commerce/amounts';
import { dateFormat } from '../lib/format';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.commerce.checkoutTitle),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = memberApi(request, context);
  let cart;
  try {
    cart = (await api.cart({ query: { businessType: 'B2B' } })).data;
  } catch (e) {
    if (e instanceof ApiError && e.code === 'NOT_APPROVED') return { blocked: true as const };
    throw e;
  }
  const products = orderableLines(cart);
  if (products.length === 0) throw redirect('/cart');
  const [ships, coupons, calc] = await Promise.all([
    api.ships({ query: {} }),
    api.coupons({ query: { state: 'USABLE' } }),
    api.calculateOrder({ body: { type: 'DELIVERY', products } }),
  ]);
  return {
    blocked: false as const,
    cart,
    ships: ships.data,
    coupons: coupons.data,
    calc: calc.data,
    // One key per visit of this page: a double click or a retry after a lost answer makes one order.
    idempotencyKey: crypto.randomUUID(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return checkoutAction(request, context, memberApi(request, context));
}

type Calc = ActionResult<TCalculation>;

function CouponSelect({
  name,
  coupons,
  label,
  value,
  onChange,
}: {
  name: string;
  coupons: TMemberCoupon[];
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  return (
    <label className="d-block">
      <span className="form-label small mb-1">{label}</span>
      <select
        name={name}
        className="form-select form-select-sm"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        data-testid={`coupon-${name}`}
      >
        <option value="">{t('commerce.checkout.noCoupon')}</option>
        {coupons.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({c.kind === 'AMOUNT' ? formatKrw(c.amount, lang) : `${c.rate}%`}
            {c.minAmount > 0 ? `, ${t('commerce.checkout.minAmount', { amount: formatKrw(c.minAmount, lang) })}` : ''})
          </option>
        ))}
      </select>
    </label>
  );
}

/** Checkout: address, delivery date, coupons, cash and payment, with the server's breakdown as choices change. */
export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const user = useUser();
  const navigation = useNavigation();
  const result = useActionData<typeof action>() as Calc | undefined;
  const calcFetcher = useFetcher<Calc>({ key: 'checkout-calc' });
  const formRef = useRef<HTMLFormElement>(null);
  const ld = loaderData;
  const defaultShip = !ld.blocked ? (ld.ships.find((s) => s.defaultShip) ?? ld.ships[0]) : undefined;
  const [type, setType] = useState<'DELIVERY' | 'PICKUP'>('DELIVERY');
  const [idShip, setIdShip] = useState(defaultShip ? String(defaultShip.id) : '');
  const [orderCoupon, setOrderCoupon] = useState('');
  const [productCoupons, setProductCoupons] = useState<Record<number, string>>({});
  const [useCash, setUseCash] = useState('0');
  const [payment, setPayment] = useState<'BANK_TRANSFER' | 'CREDIT' | 'CASH'>('BANK_TRANSFER');
  const [depositor, setDepositor] = useState(user?.business?.companyName ?? user?.fullName ?? '');

  // Ask the server again a moment after the last change of anything that prices the order.
  const pricingKey = JSON.stringify([type, orderCoupon, productCoupons, useCash]);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const id = setTimeout(() => {
      if (!formRef.current) return;
      const fd = new FormData(formRef.current);
      fd.set('intent', 'calculate');
      void calcFetcher.submit(fd, { method: 'post' });
    }, 300);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pricingKey]);

  const calc: TCalculation | null = useMemo(() => {
    if (ld.blocked) return null;
    const d = calcFetcher.data;
    return d && d.ok && d.data ? d.data : ld.calc;
  }, [ld, calcFetcher.data]);

  if (ld.blocked || !calc)
    return (
      <div className="container page-body commerce-page">
        <h1 className="page-title">{t('commerce.checkoutTitle')}</h1>
        <OrderGate />
      </div>
    );
  const orderCoupons = ld.coupons.filter((c) => c.scope === 'ORDER');
  const couponsFor = (line: { idProduct: number }) => {
    const kind = ld.cart.lines.find((l) => l.idProduct === line.idProduct)?.idKind;
    return ld.coupons.filter((c) => c.scope === 'PRODUCT' && (c.idProduct === line.idProduct || (c.idKind !== null && c.idKind === kind)));
  };
  const a = calc.amounts;
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'order';
  const error = result && !result.ok ? result.error.message : null;
  const payAll = () => setUseCash(String(Math.min(calc.cashAvailable, a.total)));
  return (
    <div className="container page-body commerce-page" data-testid="checkout-page">
      <Breadcrumb
        crumbs={[
          { to: '/', label: t('common.home') },
          { to: '/cart', label: t('commerce.cartTitle') },
          { label: t('commerce.checkoutTitle') },
        ]}
      />
      <h1 className="page-title">{t('commerce.checkoutTitle')}</h1>
      <ol className="checkout-steps" aria-label={t('commerce.steps')}>
        <li>{t('commerce.stepCart')}</li>
        <li aria-current="step">{t('commerce.stepCheckout')}</li>
        <li>{t('commerce.stepDone')}</li>
      </ol>
      {error ? (
        <p className="alert alert-danger" role="alert" data-testid="checkout-error">
          {error}
        </p>
      ) : null}
      <Form method="post" ref={formRef} className="commerce-grid" data-testid="checkout-form">
        <input type="hidden" name="idempotencyKey" value={ld.idempotencyKey} />
        <div className="checkout-sections">
          <fieldset className="checkout-section">
            <legend>{t('commerce.checkout.receive')}</legend>
            <div className="segmented mb-3">
              {(['DELIVERY', 'PICKUP'] as const).map((v) => (
                <label key={v} className={`segmented-option ${type === v ? 'is-active' : ''}`}>
                  <input
                    type="radio"
                    name="type"
                    value={v}
                    checked={type === v}
                    onChange={() => setType(v)}
                    className="visually-hidden"
                    data-testid={`type-${v}`}
                  />
                  {t(`commerce.checkout.type.${v}`)}
                </label>
              ))}
            </div>
            {type === 'DELIVERY' ? (
              <>
                {ld.ships.length === 0 ? (
                  <p className="small">
                    {t('commerce.checkout.noShips')}{' '}
                    <FastLink to="/mypage/ships?return=/checkout">{t('commerce.checkout.addShip')}</FastLink>
                  </p>
                ) : (
                  <ul className="ship-choices list-unstyled" data-testid="ship-choices">
                    {ld.ships.map((s) => (
                      <li key={s.id}>
                        <label className={`ship-choice ${idShip === String(s.id) ? 'is-selected' : ''}`}>
                          <input
                            type="radio"
                            name="idShip"
                            value={s.id}
                            checked={idShip === String(s.id)}
                            onChange={() => setIdShip(String(s.id))}
                          />
                          <span>
                            <strong translate="no">{s.fullName}</strong>{' '}
                            {s.defaultShip ? <span className="badge-soft">{t('commerce.ships.default')}</span> : null}
                            <br />
                            <span className="small" lang="ko">
                              ({s.postalCode}) {s.address1} {s.address2}
                            </span>
                            <br />
                            <span className="small text-body-secondary">{s.mobile}</span>
                          </span>
                        </label>
                      </li>
                    ))}
                    <li>
                      <FastLink to="/mypage/ships?return=/checkout" className="small">
                        {t('commerce.checkout.manageShips')}
                      </FastLink>
                    </li>
                  </ul>
                )}
                <label className="d-block mt-3">
                  <span className="form-label small mb-1">{t('commerce.checkout.requestedDate')}</span>
                  <select name="requestedDate" className="form-select form-select-sm" defaultValue="" data-testid="requested-date">
                    <option value="">{t('commerce.checkout.soonest')}</option>
                    {calc.deliveryDates.map((d) => (
                      <option key={d} value={d}>
                        {dateFormat(lang, { month: 'long', day: 'numeric', weekday: 'short', timeZone: 'UTC' }).format(
                          new Date(`${d}T00:00:00Z`),
                        )}
                      </option>
                    ))}
                  </select>
                  <span className="form-text small">{t('commerce.checkout.dateNote')}</span>
                </label>
              </>
            ) : (
              <p className="small mb-0" data-testid="pickup-note">
                {t('commerce.checkout.pickupNote')}
              </p>
            )}
            <div className="form-check mt-3">
              <input className="form-check-input" type="checkbox" name="gift" id="gift" data-testid="gift" />
              <label className="form-check-label" htmlFor="gift">
                {t('commerce.checkout.gift')}
              </label>
            </div>
            <label className="d-block mt-2">
              <span className="form-label small mb-1">{t('commerce.checkout.memo')}</span>
              <textarea name="memo" className="form-control form-control-sm" rows={2} maxLength={500} />
            </label>
          </fieldset>

          <fieldset className="checkout-section">
            <legend>{t('commerce.checkout.items', { count: calc.lines.length })}</legend>
            <ul className="checkout-lines list-unstyled">
              {calc.lines.map((l) => {
                const options = couponsFor(l);
                return (
                  <li key={l.idProduct} className="checkout-line" data-testid="checkout-line">
                    <div className="checkout-line-head">
                      <span className="fw-semibold">
                        {l.name} {l.year ?? t('catalog.nv')}
                      </span>
                      <span>
                        {formatKrw(l.unitPrice, lang)} × {l.qty} = <strong>{formatKrw(l.amount, lang)}</strong>
                      </span>
                    </div>
                    {l.volumeDiscount > 0 || l.couponDiscount > 0 ? (
                      <div className="small text-success">
                        {l.volumeDiscount > 0
                          ? t('commerce.checkout.volume', { rate: l.volumeRate, amount: formatKrw(l.volumeDiscount, lang) })
                          : null}{' '}
                        {l.couponDiscount > 0 ? t('commerce.checkout.couponApplied', { amount: formatKrw(l.couponDiscount, lang) }) : null}
                      </div>
                    ) : null}
                    {options.length ? (
                      <CouponSelect
                        name={`productCoupon.${l.idProduct}`}
                        coupons={options}
                        label={t('commerce.checkout.productCoupon')}
                        value={productCoupons[l.idProduct] ?? ''}
                        onChange={(v) => setProductCoupons((p) => ({ ...p, [l.idProduct]: v }))}
                      />
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </fieldset>

          <fieldset className="checkout-section">
            <legend>{t('commerce.checkout.discounts')}</legend>
            {orderCoupons.length ? (
              <CouponSelect
                name="orderCoupon"
                coupons={orderCoupons}
                label={t('commerce.checkout.orderCoupon')}
                value={orderCoupon}
                onChange={setOrderCoupon}
              />
            ) : (
              <p className="small text-body-secondary">{t('commerce.checkout.noCoupons')}</p>
            )}
            <label className="d-block mt-3">
              <span className="form-label small mb-1">{t('commerce.checkout.cash', { amount: formatKrw(calc.cashAvailable, lang) })}</span>
              <span className="d-flex gap-2">
                <input
                  name="useCash"
                  className="form-control form-control-sm"
                  inputMode="numeric"
                  value={useCash}
                  onChange={(e) => setUseCash(e.currentTarget.value.replace(/[^0-9]/g, ''))}
                  data-testid="use-cash"
                  aria-describedby="cash-help"
                />
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm text-nowrap"
                  onClick={payAll}
                  disabled={calc.cashAvailable === 0}
                >
                  {t('commerce.checkout.useAll')}
                </button>
              </span>
              <span id="cash-help" className="form-text small">
                {t('commerce.checkout.cashHelp')}
              </span>
            </label>
            {calc.refusals.length ? (
              <ul className="refusals small" role="alert" data-testid="refusals">
                {calc.refusals.map((r, i) => (
                  <li key={i}>{r.message}</li>
                ))}
              </ul>
            ) : null}
          </fieldset>

          <fieldset className="checkout-section">
            <legend>{t('commerce.checkout.payment')}</legend>
            {(['BANK_TRANSFER', 'CREDIT', 'CASH'] as const).map((m) => {
              const disabled = (m === 'CREDIT' && !calc.credit) || (m === 'CASH' && calc.cashAvailable < a.total);
              return (
                <div key={m} className="form-check">
                  <input
                    className="form-check-input"
                    type="radio"
                    name="paymentMethod"
                    id={`pay-${m}`}
                    value={m}
                    checked={payment === m}
                    disabled={disabled}
                    onChange={() => {
                      setPayment(m);
                      if (m === 'CASH') payAll();
                    }}
                    data-testid={`pay-${m}`}
                  />
                  <label className="form-check-label" htmlFor={`pay-${m}`}>
                    {t(`commerce.checkout.pay.${m}`)}
                    {m === 'CREDIT' && calc.credit ? (
                      <span className="small text-body-secondary">
                        {' '}
                        · {t('commerce.checkout.creditLeft', { amount: formatKrw(calc.credit.available, lang) })}
                      </span>
                    ) : null}
                    {m === 'CREDIT' && !calc.credit ? (
                      <span className="small text-body-secondary"> · {t('commerce.checkout.creditNone')}</span>
                    ) : null}
                  </label>
                </div>
              );
            })}
            {payment === 'BANK_TRANSFER' ? (
              <label className="d-block mt-2">
                <span className="form-label small mb-1">{t('commerce.checkout.depositor')}</span>
                <input
                  name="depositorName"
                  className="form-control form-control-sm"
                  value={depositor}
                  maxLength={50}
                  onChange={(e) => setDepositor(e.currentTarget.value)}
                  required
                  data-testid="depositor"
                />
                <span className="form-text small">{t('commerce.checkout.depositNote')}</span>
              </label>
            ) : null}
          </fieldset>
        </div>

        <aside
          className="order-summary"
          aria-labelledby="checkout-summary"
          data-testid="checkout-summary"
          aria-busy={calcFetcher.state !== 'idle'}
        >
          <h2 id="checkout-summary" className="h6 fw-bold">
            {t('commerce.summary')}
          </h2>
          <Amounts amounts={a} />
          <button
            type="submit"
            name="intent"
            value="order"
            className="btn btn-primary btn-lg w-100"
            disabled={submitting || calc.refusals.length > 0}
            data-testid="place-order"
          >
            {submitting ? t('commerce.checkout.placing') : t('commerce.checkout.place', { amount: formatKrw(a.payAmount, lang) })}
          </button>
          <p className="small text-body-secondary mt-2 mb-0">{t('commerce.checkout.agree')}</p>
        </aside>
      </Form>
    </div>
  );
}
