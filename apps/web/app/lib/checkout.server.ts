import { redirect, type AppLoadContext } from 'react-router';
import { ZOrderBody, ZOrderPricingBody, type TCart } from '@podo/contracts';
import type { ServerApi } from './request.server';
import { apiAction, checked, readBody, str } from './session.server';

/** The cart lines that can be ordered as they are: what checkout orders. */
export const orderableLines = (cart: TCart) =>
  cart.lines.filter((l) => l.problem === null).map((l) => ({ idProduct: l.idProduct, idVintage: l.idVintage, qty: l.qty }));

/**
 * The checkout form as the API's order body. Field names: type, idShip, requestedDate, orderCoupon,
 * productCoupon.<idProduct>, useCash, paymentMethod, depositorName, memo, gift. The wines come from the cart on the
 * server, so a tampered form cannot order something else or at another price.
 */
export function orderBodyOf(form: Record<string, unknown>, cart: TCart) {
  const num = (v: unknown) => (str(v).trim() === '' ? undefined : Number(str(v).replace(/[^0-9]/g, '')));
  const productCoupons = Object.entries(form)
    .filter(([k, v]) => k.startsWith('productCoupon.') && str(v) !== '')
    .map(([k, v]) => ({ idProduct: Number(k.slice('productCoupon.'.length)), idCoupon: Number(str(v)) }));
  const type = str(form.type) === 'PICKUP' ? 'PICKUP' : 'DELIVERY';
  return {
    type,
    products: orderableLines(cart),
    useCash: num(form.useCash) ?? 0,
    orderCoupons: str(form.orderCoupon) ? [Number(str(form.orderCoupon))] : [],
    productCoupons,
    gift: str(form.gift) === 'on' || str(form.gift) === 'true',
    paymentMethod: str(form.paymentMethod) || 'BANK_TRANSFER',
    ...(type === 'DELIVERY' && num(form.idShip) !== undefined ? { idShip: num(form.idShip) } : {}),
    ...(str(form.depositorName).trim() ? { depositorName: str(form.depositorName) } : {}),
    ...(type === 'DELIVERY' && str(form.requestedDate) ? { requestedDate: str(form.requestedDate) } : {}),
    memo: str(form.memo),
  };
}

/** intent=calculate: the breakdown for the choices so far; intent=order: the order, then its confirmation page. */
export async function checkoutAction(request: Request, context: AppLoadContext, api: ServerApi) {
  const form = await readBody(request);
  const cart = (await api.cart({ query: { businessType: 'B2B' } })).data;
  const body = orderBodyOf(form, cart);
  if (str(form.intent) === 'calculate') {
    return apiAction(request, context, async () => {
      const { type, products, useCash, orderCoupons, productCoupons } = body;
      const r = await api.calculateOrder({
        body: checked(ZOrderPricingBody, { type, products, useCash, orderCoupons, productCoupons }, request),
      });
      return { data: r.data };
    });
  }
  const key = str(form.idempotencyKey).slice(0, 100);
  let oid: string | undefined;
  const result = await apiAction(request, context, async () => {
    const r = await api.createOrder({ body: checked(ZOrderBody, body, request), headers: key ? { 'idempotency-key': key } : {} });
    oid = r.data.oid;
    return { message: r.message, data: r.data };
  });
  if (oid) throw redirect(`/order/complete/${oid}`);
  return result;
}
