import { useEffect, useState, type FormEvent } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TMe, TVintage } from '@podo/contracts';
import { useRoot, useUser } from '../../lib/site';
import { FastLink } from '../fast-link';
import { formatKrw } from '../catalog/price';
import { CART_ACTION } from '../../lib/cart-path';
import { PackNote, QtyStepper } from './qty-stepper';

type CartReply = { ok: true; message: string; subscribed?: boolean } | { ok: false; message: string };

/** Approved trade buyers (and admins) order; everyone else is told why not and what to do. */
export const canOrder = (user: TMe | null): boolean =>
  !!user && user.status === 'APPROVED' && (user.role === 'BUYER' || user.role === 'ADMIN');

/** Why a visitor cannot order, with the way forward: log in or sign up, wait for approval, fix a rejection. */
export function OrderGate({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const user = useUser();
  const { pathname, search } = useLocation();
  const here = encodeURIComponent(pathname + search);
  if (!user)
    return (
      <div className={`order-gate ${compact ? 'is-compact' : ''}`} data-testid="order-gate" data-reason="anonymous">
        <p className="mb-2">{t('commerce.gate.anonymous')}</p>
        <div className="d-flex gap-2 flex-wrap">
          <FastLink to={`/account/login?redirect=${here}`} className="btn btn-primary btn-sm">
            {t('header.login')}
          </FastLink>
          <FastLink to="/account/signup" className="btn btn-outline-primary btn-sm">
            {t('commerce.gate.signup')}
          </FastLink>
        </div>
      </div>
    );
  const reason = user.status === 'REJECTED' ? 'rejected' : user.status === 'PENDING' ? 'pending' : 'member';
  return (
    <div className={`order-gate ${compact ? 'is-compact' : ''}`} data-testid="order-gate" data-reason={reason}>
      <p className="mb-2">{t(`commerce.gate.${reason}`)}</p>
      <FastLink to="/mypage" className="btn btn-outline-primary btn-sm">
        {t('commerce.gate.toMypage')}
      </FastLink>
    </div>
  );
}

/** The cart's answer to an "add": done, with the way to the cart, or why not. */
function AddedMessage({ reply }: { reply: CartReply }) {
  const { t } = useTranslation();
  if (!reply.ok) return <span className="text-danger">{reply.message}</span>;
  return (
    <span className="text-success">
      {reply.message}{' '}
      <FastLink to="/cart" className="fw-semibold">
        {t('commerce.viewCart')}
      </FastLink>
    </span>
  );
}

/**
 * Ordering box of the product page: the vintage, a quantity that follows its case pack, and "add to cart"; for a
 * sold-out vintage, the restock notice. Works without JavaScript (plain form posts to the cart).
 */
export function AddToCart({ productId, name, vintages }: { productId: number; name: string; vintages: TVintage[] }) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const user = useUser();
  const location = useLocation();
  const fetcher = useFetcher<CartReply>({ key: `cart-add-${productId}` });
  const restock = useFetcher<CartReply>({ key: `restock-${productId}` });
  const firstInStock = vintages.find((v) => v.inStock) ?? vintages[0];
  const [vintageId, setVintageId] = useState(firstInStock?.id ?? 0);
  const v = vintages.find((x) => x.id === vintageId) ?? firstInStock;
  const [qty, setQty] = useState(v ? v.minQty : 1);
  const [shown, setShown] = useState<CartReply | null>(null);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data) setShown(fetcher.data);
  }, [fetcher.state, fetcher.data]);
  if (!canOrder(user)) return <OrderGate />;
  if (!v) return null;
  const here = location.pathname + location.search;
  const max = v.stock ?? undefined;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setShown(null);
    void fetcher.submit(
      { intent: 'add', idProduct: String(productId), idVintage: String(v.id), qty: String(qty), js: '1' },
      { method: 'post', action: CART_ACTION },
    );
  };
  const soldOut = !v.inStock;
  const subscribed = restock.data?.ok ? restock.data.subscribed === true : false;
  return (
    <div className="add-to-cart" data-testid="add-to-cart">
      <form method="post" action={CART_ACTION} onSubmit={submit}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="idProduct" value={productId} />
        <input type="hidden" name="redirectTo" value={here} />
        {vintages.length > 1 ? (
          <label className="add-to-cart-vintage">
            <span className="form-label small mb-1">{t('commerce.vintage')}</span>
            <select
              name="idVintage"
              className="form-select form-select-sm"
              value={v.id}
              onChange={(e) => {
                const next = vintages.find((x) => x.id === Number(e.currentTarget.value));
                setVintageId(Number(e.currentTarget.value));
                if (next) setQty(next.minQty);
                setShown(null);
              }}
              data-testid="vintage-select"
            >
              {vintages.map((x) => (
                <option key={x.id} value={x.id}>
                  {(x.year ?? t('catalog.nv')) +
                    (x.tradePrice !== null ? ` · ${formatKrw(x.tradePrice, lang)}` : '') +
                    (x.inStock ? '' : ` · ${t('catalog.soldOut')}`)}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <input type="hidden" name="idVintage" value={v.id} />
        )}
        {soldOut ? (
          <p className="add-to-cart-soldout mb-0" data-testid="sold-out-note">
            {t('commerce.soldOutNote')}
          </p>
        ) : (
          <div className="add-to-cart-row">
            <QtyStepper
              name="qty"
              value={qty}
              step={v.orderStep}
              min={v.minQty}
              max={max}
              label={t('commerce.qtyFor', { name })}
              onChange={(n) => {
                setQty(n);
                setShown(null);
              }}
            />
            <button type="submit" className="btn btn-primary" disabled={fetcher.state !== 'idle'} data-testid="add-to-cart-button">
              {fetcher.state !== 'idle' ? t('commerce.adding') : t('commerce.addToCart')}
            </button>
          </div>
        )}
        <p className="add-to-cart-pack small text-body-secondary mb-0">
          <PackNote caseSize={v.caseSize} orderStep={v.orderStep} minQty={v.minQty} />
          {v.stock !== null && !soldOut ? ` · ${t('commerce.stockLeft', { count: v.stock })}` : ''}
        </p>
      </form>
      {soldOut ? (
        <restock.Form method="post" action={CART_ACTION} className="mt-2">
          <input type="hidden" name="intent" value={subscribed ? 'restock-off' : 'restock-on'} />
          <input type="hidden" name="idProduct" value={productId} />
          <input type="hidden" name="redirectTo" value={here} />
          <input type="hidden" name="js" value="1" />
          <button type="submit" className="btn btn-outline-primary btn-sm" aria-pressed={subscribed} data-testid="restock-button">
            {subscribed ? t('commerce.restockOff') : t('commerce.restockOn')}
          </button>
        </restock.Form>
      ) : null}
      <div role="status" aria-live="polite" className="add-to-cart-result" data-testid="add-to-cart-result">
        {shown ? (
          <AddedMessage reply={shown} />
        ) : restock.data ? (
          <span className={restock.data.ok ? 'text-success' : 'text-danger'}>{restock.data.message}</span>
        ) : null}
      </div>
    </div>
  );
}

/** The vintage a card's "add" takes, and its case pack (TProductCard.orderVintage). */
export interface CardVintage {
  id: number;
  caseSize: number;
  orderStep: number;
  minQty: number;
}

/**
 * "Add to cart" on a product card, for approved buyers: a quantity that follows the case pack and a button; the
 * answer shows on the card. Without JavaScript the form posts to the cart and comes back to this list.
 */
export function CardAddToCart({ productId, name, vintage }: { productId: number; name: string; vintage: CardVintage }) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher<CartReply>({ key: `card-add-${productId}` });
  const [qty, setQty] = useState(vintage.minQty);
  const [shown, setShown] = useState<CartReply | null>(null);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data) setShown(fetcher.data);
  }, [fetcher.state, fetcher.data]);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setShown(null);
    void fetcher.submit(
      { intent: 'add', idProduct: String(productId), idVintage: String(vintage.id), qty: String(qty), js: '1' },
      { method: 'post', action: CART_ACTION },
    );
  };
  const busy = fetcher.state !== 'idle';
  return (
    <form method="post" action={CART_ACTION} onSubmit={submit} className="card-add" data-testid="card-add">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="idProduct" value={productId} />
      <input type="hidden" name="idVintage" value={vintage.id} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <div className="card-add-row">
        <QtyStepper
          name="qty"
          size="sm"
          value={qty}
          step={vintage.orderStep}
          min={vintage.minQty}
          label={t('commerce.qtyFor', { name })}
          onChange={(n) => {
            setQty(n);
            setShown(null);
          }}
        />
        <button
          type="submit"
          className="btn btn-primary btn-sm"
          disabled={busy}
          aria-label={t('commerce.cardAddLabel', { name })}
          data-testid="card-add-button"
        >
          {busy ? t('commerce.adding') : t('commerce.cardAdd')}
        </button>
      </div>
      {vintage.orderStep > 1 || vintage.minQty > 1 ? (
        <p className="card-add-pack">
          <PackNote caseSize={vintage.caseSize} orderStep={vintage.orderStep} minQty={vintage.minQty} />
        </p>
      ) : null}
      <div role="status" aria-live="polite" className="card-add-result" data-testid="card-add-result">
        {shown ? <AddedMessage reply={shown} /> : null}
      </div>
    </form>
  );
}
