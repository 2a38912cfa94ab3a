import { data, redirect, type AppLoadContext } from 'react-router';
import { ZCartAddBody, ZCartModifyBody, type TCart } from '@podo/contracts';
import { ApiError } from './api';
import { errorMessage } from '@podo/contracts/messages';
import { requestLanguage, requestToken, serverApi } from './request.server';
import { checked, clearTokenCookie, LOGIN_PATH, readBody, safeRedirect, str } from './session.server';

import { CART_ACTION } from './cart-path';

export type CartResult =
  { ok: true; intent: string; message: string; cart?: TCart; subscribed?: boolean } | { ok: false; message: string; code?: string };

const int = (v: unknown) => {
  const n = Number(str(v));
  return Number.isSafeInteger(n) ? n : NaN;
};

const badRequest = (request: Request) =>
  data<CartResult>({ ok: false, message: errorMessage(requestLanguage(request), 'BAD_REQUEST'), code: 'BAD_REQUEST' }, { status: 400 });

/**
 * The cart changes: add, modify, remove and the restock notice on or off. A fetcher post (js=1) gets the new cart
 * (or the refusal) back; a plain form post goes to the cart, or back to the page for a restock notice. Visitors
 * without a session go to log in and come back.
 */
export async function cartAction(request: Request, context: AppLoadContext) {
  const body = await readBody(request);
  const intent = str(body.intent);
  const js = str(body.js) === '1';
  const back = safeRedirect(str(body.redirectTo), CART_ACTION);
  const toLogin = (headers?: HeadersInit) => redirect(`${LOGIN_PATH}?redirect=${encodeURIComponent(back)}`, { headers });
  if (!requestToken(request, context)) throw toLogin();
  const api = serverApi(request, context, requestToken(request, context));
  const idProduct = int(body.idProduct);
  const vintage = str(body.idVintage) ? int(body.idVintage) : undefined;
  try {
    let result: CartResult;
    switch (intent) {
      case 'add': {
        const items = [{ idProduct, ...(vintage !== undefined ? { idVintage: vintage } : {}), qty: int(body.qty) }];
        const r = await api.addToCart({ body: checked(ZCartAddBody, { items, businessType: 'B2B' }, request) });
        result = { ok: true, intent, message: r.message, cart: r.data };
        break;
      }
      case 'modify': {
        const b = { idProduct, ...(vintage !== undefined ? { idVintage: vintage } : {}), qty: int(body.qty), businessType: 'B2B' };
        const r = await api.modifyCart({ body: checked(ZCartModifyBody, b, request) });
        result = { ok: true, intent, message: r.message, cart: r.data };
        break;
      }
      case 'remove': {
        const ids = str(body.idProducts || body.idProduct)
          .split(',')
          .map(Number)
          .filter((n) => Number.isSafeInteger(n) && n > 0);
        if (ids.length === 0) return badRequest(request);
        const r = await api.removeFromCart({ body: { idProducts: ids, businessType: 'B2B' } });
        result = { ok: true, intent, message: r.message, cart: r.data };
        break;
      }
      case 'restock-on':
      case 'restock-off': {
        const r =
          intent === 'restock-on'
            ? await api.subscribeRestock({ params: { id: idProduct } })
            : await api.unsubscribeRestock({ params: { id: idProduct } });
        result = { ok: true, intent, message: r.message, subscribed: r.data.subscribed };
        break;
      }
      default:
        return badRequest(request);
    }
    if (!js) throw redirect(intent.startsWith('restock') ? back : CART_ACTION);
    return data<CartResult>(result);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) throw toLogin({ 'Set-Cookie': clearTokenCookie(context) });
    if (e instanceof ApiError && e.status < 500) {
      if (!js) throw redirect(`${back}${back.includes('?') ? '&' : '?'}cartError=${encodeURIComponent(e.message)}`);
      return data<CartResult>({ ok: false, message: e.message, code: e.code }, { status: e.status });
    }
    throw e;
  }
}
