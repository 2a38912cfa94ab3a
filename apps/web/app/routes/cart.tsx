import { useEffect, useRef, useState } from 'react';
import { useFetcher, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TCart, TCartLine } from '@podo/contracts';
import type { Route } from './+types/cart';
import { ApiError } from '../lib/api';
import { cartAction, type CartResult } from '../lib/cart.server';
import { CART_ACTION } from '../lib/cart-path';
import { pageMeta } from '../lib/meta';
import { memberApi } from '../lib/session.server';
import { useRoot } from '../lib/site';
import { FastLink } from '../components/fast-link';
import { formatKrw } from '../components/catalog/price';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { OrderGate } from '../components/commerce/add-to-cart';
import { PackNote, QtyStepper } from '../components/commerce/qty-stepper';
import { Amounts } from '../components/commerce/amounts';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.commerce.cartTitle),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = memberApi(request, context);
  try {
    return { cart: (await api.cart({ query: { businessType: 'B2B' } })).data, blocked: false as const };
  } catch (e) {
    // Members waiting for approval see why they cannot order, not an error page.
    if (e instanceof ApiError && e.code === 'NOT_APPROVED') return { cart: null, blocked: true as const };
    throw e;
  }
}

export const action = ({ request, context }: Route.ActionArgs) => cartAction(request, context);

function StockBadge({ line }: { line: TCartLine }) {
  const { t } = useTranslation();
  return (
    <span className={`stock-state is-${line.stockState.toLowerCase()}`}>
      {t(`commerce.stock.${line.stockState}`, { count: line.stock })}
    </span>
  );
}

/** A sold-out line's restock notice switch (only those lines pay for its fetcher). */
function RestockButton({ line }: { line: TCartLine }) {
  const { t } = useTranslation();
  const restock = useFetcher<CartResult>({ key: `cart-restock-${line.idProduct}` });
  const subscribed = restock.data?.ok ? restock.data.subscribed === true : line.restockSubscribed;
  return (
    <restock.Form method="post" action={CART_ACTION}>
      <input type="hidden" name="intent" value={subscribed ? 'restock-off' : 'restock-on'} />
      <input type="hidden" name="idProduct" value={line.idProduct} />
      <input type="hidden" name="js" value="1" />
      <button type="submit" className="btn btn-outline-primary btn-sm" aria-pressed={subscribed} data-testid="restock-button">
        {subscribed ? t('commerce.restockOff') : t('commerce.restockOn')}
      </button>
    </restock.Form>
  );
}

/** One cart line: the quantity posts itself a moment after the last change; remove and restock are buttons. */
function CartLine({ line }: { line: TCartLine }) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const fetcher = useFetcher<CartResult>({ key: `cart-line-${line.idProduct}` });
  const remove = useFetcher<CartResult>({ key: `cart-remove-${line.idProduct}` });
  const [qty, setQty] = useState(line.qty);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => setQty(line.qty), [line.qty]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (n: number) => {
    setQty(n);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (n === line.qty) return;
      void fetcher.submit(
        { intent: 'modify', idProduct: String(line.idProduct), qty: String(n), js: '1' },
        { method: 'post', action: CART_ACTION },
      );
    }, 400);
  };
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const soldOut = line.stockState === 'SOLD_OUT';
  const busy = fetcher.state !== 'idle';
  return (
    <li className={`cart-line ${line.problem ? 'has-problem' : ''}`} data-testid="cart-line" data-product={line.idProduct} aria-busy={busy}>
      <FastLink to={`/product/${line.idProduct}`} className="cart-line-image" tabIndex={-1} aria-hidden="true">
        {line.image ? <img src={line.image} alt="" width={64} height={96} loading="lazy" /> : null}
      </FastLink>
      <div className="cart-line-main">
        <FastLink to={`/product/${line.idProduct}`} className="cart-line-name">
          {line.name}
        </FastLink>
        <div className="cart-line-meta">
          <span>{line.year ?? t('catalog.nv')}</span>
          <span>{line.wineryName}</span>
          {line.volumeMl ? <span>{line.volumeMl}ml</span> : null}
        </div>
        <div className="cart-line-meta">
          <StockBadge line={line} />
          <PackNote caseSize={line.caseSize} orderStep={line.orderStep} minQty={line.minQty} />
        </div>
        {line.tiers.length ? (
          <div className="cart-line-tiers small text-body-secondary">
            {line.tiers.map((tier) => t('commerce.tier', { min: tier.minQty, rate: tier.discountRate })).join(' · ')}
          </div>
        ) : null}
        {line.problemMessage || refused ? (
          <p className="cart-line-problem" role="alert" data-testid="cart-line-problem">
            {refused ?? line.problemMessage}
          </p>
        ) : null}
      </div>
      <div className="cart-line-price">
        <span className="small text-body-secondary">{t('commerce.unitPrice')}</span>
        {line.basePrice !== line.unitPrice ? <s className="small text-body-secondary">{formatKrw(line.basePrice, lang)}</s> : null}
        <span className="fw-semibold">{formatKrw(line.unitPrice, lang)}</span>
      </div>
      <div className="cart-line-qty">
        {soldOut ? (
          <RestockButton line={line} />
        ) : (
          <QtyStepper
            name="qty"
            size="sm"
            value={qty}
            step={line.orderStep}
            min={line.minQty}
            max={line.stock}
            label={t('commerce.qtyFor', { name: line.name })}
            onChange={change}
          />
        )}
      </div>
      <div className="cart-line-amount">
        {line.volumeDiscount > 0 && !line.problem ? (
          <span className="small text-success">−{formatKrw(line.volumeDiscount, lang)}</span>
        ) : null}
        {line.problem ? (
          // A line that cannot be ordered as it is stays out of the totals: its amount is shown struck through.
          <>
            <s className="text-body-secondary" data-testid="cart-line-amount">
              {formatKrw(line.amount, lang)}
            </s>
            <span className="small text-danger" data-testid="cart-line-excluded">
              {t('commerce.notInTotal')}
            </span>
          </>
        ) : (
          <span className="fw-bold" data-testid="cart-line-amount">
            {formatKrw(line.amount, lang)}
          </span>
        )}
      </div>
      <remove.Form method="post" action={CART_ACTION} className="cart-line-remove">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="idProduct" value={line.idProduct} />
        <input type="hidden" name="js" value="1" />
        <button type="submit" className="icon-btn" aria-label={t('commerce.remove', { name: line.name })} data-testid="cart-remove">
          <span aria-hidden="true">×</span>
        </button>
      </remove.Form>
    </li>
  );
}

export function CartSummary({ cart, children }: { cart: TCart; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const a = cart.amounts;
  const short = cart.delivery.freeFrom - a.goodsAmount;
  return (
    <aside className="order-summary" aria-labelledby="summary-title" data-testid="cart-summary">
      <h2 id="summary-title" className="h6 fw-bold">
        {t('commerce.summary')}
      </h2>
      {cart.level ? (
        <p className="small text-body-secondary mb-2" data-testid="cart-level">
          {cart.level.discountRate > 0
            ? t('commerce.levelNote', { level: cart.level.name, rate: cart.level.discountRate })
            : t('commerce.levelNoteNone', { level: cart.level.name })}
        </p>
      ) : null}
      <Amounts amounts={a} />
      {a.goodsAmount > 0 && short > 0 ? (
        <p className="small text-body-secondary mb-2" data-testid="free-delivery-note">
          {t('commerce.freeDeliveryShort', { amount: formatKrw(short, lang) })}
        </p>
      ) : null}
      {children}
    </aside>
  );
}

/** The cart (spec §7 Cart): the buyer's lines on the server, with stock, case pack and level price. */
export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const error = params.get('cartError');
  const { cart } = loaderData;
  const orderable = cart ? cart.lines.filter((l) => l.problem === null).length : 0;
  return (
    <div className="container page-body commerce-page" data-testid="cart-page">
      <Breadcrumb crumbs={[{ to: '/', label: t('common.home') }, { label: t('commerce.cartTitle') }]} />
      <h1 className="page-title">{t('commerce.cartTitle')}</h1>
      <ol className="checkout-steps" aria-label={t('commerce.steps')}>
        <li aria-current="step">{t('commerce.stepCart')}</li>
        <li>{t('commerce.stepCheckout')}</li>
        <li>{t('commerce.stepDone')}</li>
      </ol>
      {error ? (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      ) : null}
      {!cart ? (
        <OrderGate />
      ) : cart.lines.length === 0 ? (
        <div className="empty-cart" data-testid="cart-empty">
          <p>{t('commerce.cartEmpty')}</p>
          <FastLink to="/product" className="btn btn-primary">
            {t('commerce.browse')}
          </FastLink>
        </div>
      ) : (
        <div className="commerce-grid">
          <section aria-labelledby="cart-lines-title">
            <h2 id="cart-lines-title" className="visually-hidden">
              {t('commerce.lines', { count: cart.count })}
            </h2>
            <p className="small text-body-secondary" data-testid="cart-count">
              {t('commerce.cartCount', { count: cart.count, bottles: cart.bottles })}
            </p>
            <ul className="cart-lines list-unstyled">
              {cart.lines.map((l) => (
                <CartLine key={l.idProduct} line={l} />
              ))}
            </ul>
          </section>
          <CartSummary cart={cart}>
            {orderable > 0 ? (
              <FastLink to="/checkout" className="btn btn-primary btn-lg w-100" data-testid="to-checkout">
                {t('commerce.toCheckout', { count: orderable })}
              </FastLink>
            ) : (
              <button type="button" className="btn btn-primary btn-lg w-100" disabled>
                {t('commerce.toCheckout', { count: 0 })}
              </button>
            )}
            {orderable < cart.lines.length ? <p className="small text-danger mt-2 mb-0">{t('commerce.someUnavailable')}</p> : null}
          </CartSummary>
        </div>
      )}
    </div>
  );
}
