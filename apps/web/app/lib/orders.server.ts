import type { AppLoadContext } from 'react-router';
import { ORDER_STATUSES, type OrderStatus } from '@podo/contracts';
import { ApiError } from './api';
import { notFound } from './catalog.server';
import { memberApi } from './session.server';

/** Lists of orders for both /mypage/orders (status tabs) and /mypage/cancellations. */
export async function ordersLoader(request: Request, context: AppLoadContext, cancelled: boolean) {
  const url = new URL(request.url);
  const status = url.searchParams.get('status') ?? '';
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const api = memberApi(request, context);
  try {
    const query = { page, size: 10, ...(ORDER_STATUSES.includes(status as OrderStatus) ? { status: status as OrderStatus } : {}) };
    const [list, statuses] = await Promise.all([cancelled ? api.cancelledOrders({ query }) : api.orders({ query }), api.orderStatuses()]);
    return { blocked: false as const, list: list.data, statuses: statuses.data, status, cancelled };
  } catch (e) {
    if (e instanceof ApiError && e.code === 'NOT_APPROVED') return { blocked: true as const, cancelled };
    throw e;
  }
}

export type OrdersData = Awaited<ReturnType<typeof ordersLoader>>;

/** An order page: someone else's order, an unknown number or a member who cannot order all see "not found". */
export async function loadOrder(request: Request, context: AppLoadContext, oid: string) {
  try {
    return (await memberApi(request, context).order({ params: { oid } })).data;
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.code === 'NOT_APPROVED' || e.code === 'VALIDATION_FAILED')) throw notFound();
    throw e;
  }
}
