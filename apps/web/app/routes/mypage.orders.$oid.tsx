import { useState } from 'react';
import { Form, redirect, useActionData, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/mypage.orders.$oid';
import { pageMeta } from '../lib/meta';
import { loadOrder } from '../lib/orders.server';
import { apiAction, memberApi, readBody, str } from '../lib/session.server';
import { FastLink } from '../components/fast-link';
import { OrderView } from '../components/commerce/order-view';
import { ConfirmDialog } from '../components/confirm-dialog';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.commerce.order.detail),
  { name: 'robots', content: 'noindex' },
];

export const loader = ({ request, context, params }: Route.LoaderArgs) => loadOrder(request, context, params.oid);

/** cancel: the buyer cancels before preparation; reorder: the same wines into the cart, then the cart. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const api = memberApi(request, context);
  const body = await readBody(request);
  if (str(body.intent) === 'reorder') {
    const order = (await api.order({ params: { oid: params.oid } })).data;
    const result = await apiAction(request, context, async () => {
      const r = await api.addToCart({
        body: { items: order.lines.map((l) => ({ idProduct: l.idProduct, qty: l.qty })), businessType: 'B2B' },
      });
      return { message: r.message };
    });
    if (result.data.ok) throw redirect('/cart');
    return result;
  }
  return apiAction(request, context, async () => {
    const r = await api.cancelOrder({ params: { oid: params.oid }, body: { reason: str(body.reason).slice(0, 200) } });
    return { message: r.message };
  });
}

export default function MyOrder({ loaderData: order }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [confirming, setConfirming] = useState(false);
  const r = result && 'ok' in result ? result : undefined;
  return (
    <section className="mypage-panel" data-testid="order-page">
      <div className="d-flex justify-content-between align-items-center mb-3">
        <h2 className="h5 fw-bold mb-0">{t('commerce.order.detail')}</h2>
        <FastLink to="/mypage/orders" className="small">
          ← {t('commerce.order.backToList')}
        </FastLink>
      </div>
      {r ? (
        <p className={`alert ${r.ok ? 'alert-success' : 'alert-danger'}`} role="status">
          {r.ok ? r.message : r.error.message}
        </p>
      ) : null}
      <OrderView order={order}>
        <div className="d-flex gap-2 flex-wrap mt-4">
          <FastLink to={`/mypage/orders/${order.oid}/statement`} className="btn btn-outline-secondary" data-testid="statement-link">
            {order.gift ? t('commerce.statement.deliveryNote') : t('commerce.statement.title')}
          </FastLink>
          <Form method="post">
            <input type="hidden" name="intent" value="reorder" />
            <button type="submit" className="btn btn-outline-primary" disabled={navigation.state !== 'idle'} data-testid="reorder">
              {t('commerce.order.again')}
            </button>
          </Form>
          {order.cancellable ? (
            <>
              <button type="button" className="btn btn-outline-danger" onClick={() => setConfirming(true)} data-testid="cancel-order">
                {t('commerce.order.cancel')}
              </button>
              <Form method="post" id="cancel-form">
                <input type="hidden" name="intent" value="cancel" />
              </Form>
            </>
          ) : null}
        </div>
      </OrderView>
      <ConfirmDialog
        open={confirming}
        id="cancel-order"
        title={t('commerce.order.cancelTitle')}
        note={t('commerce.order.cancelConfirm')}
        confirmText={t('commerce.order.cancel')}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          (document.getElementById('cancel-form') as HTMLFormElement | null)?.requestSubmit();
        }}
      />
    </section>
  );
}
