import { useTranslation } from 'react-i18next';
import type { Route } from './+types/mypage.cash';
import { ApiError } from '../lib/api';
import { pageMeta } from '../lib/meta';
import { memberApi } from '../lib/session.server';
import { useRoot } from '../lib/site';
import { formatKrw } from '../components/catalog/price';
import { kstDateTime } from '../components/commerce/order-view';
import { OrderGate } from '../components/commerce/add-to-cart';
import { FastLink } from '../components/fast-link';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.mypage.cash),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1);
  try {
    return { cash: (await memberApi(request, context).cashes({ query: { page, size: 20 } })).data };
  } catch (e) {
    if (e instanceof ApiError && e.code === 'NOT_APPROVED') return { cash: null };
    throw e;
  }
}

/** The cash balance (예치금) and its ledger. */
export default function MyCash({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const { cash } = loaderData;
  return (
    <section className="mypage-panel" data-testid="cash-page" aria-labelledby="cash-title">
      <h2 id="cash-title" className="h5 fw-bold mb-3">
        {t('mypage.cash')}
      </h2>
      {!cash ? (
        <OrderGate compact />
      ) : (
        <>
          <p className="balance-box" data-testid="cash-balance">
            <span>{t('commerce.cash.balance')}</span> <strong>{formatKrw(cash.balance, lang)}</strong>
          </p>
          <p className="small text-body-secondary">{t('commerce.cash.note')}</p>
          {cash.items.length === 0 ? (
            <p className="empty-state">{t('commerce.cash.none')}</p>
          ) : (
            <div className="table-responsive" tabIndex={0} role="region" aria-labelledby="cash-title">
              <table className="table ledger-table">
                <thead>
                  <tr>
                    <th scope="col">
                      {t('commerce.cash.date')} · {t('commerce.cash.type')}
                    </th>
                    <th scope="col">{t('commerce.cash.detail')}</th>
                    <th scope="col" className="num">
                      {t('commerce.cash.amount')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {cash.items.map((e) => (
                    <tr key={e.id}>
                      <td className="ledger-when">
                        <span className="d-block">{kstDateTime(e.createdAt, lang, false)}</span>
                        <span className="ledger-type">{e.typeName}</span>
                      </td>
                      <td>
                        {/* The importer's note is written in Korean. */}
                        {e.oid ? <FastLink to={`/mypage/orders/${e.oid}`}>{e.oid}</FastLink> : <span lang="ko">{e.memo}</span>}
                        {e.expiresAt && e.amount > 0 ? (
                          <span className="d-block small text-body-secondary" data-testid="cash-valid-until">
                            {/* It lapses at the start of the next Korean day. */}
                            {t('commerce.cash.validUntil', {
                              date: kstDateTime(new Date(Date.parse(e.expiresAt) - 1).toISOString(), lang, false),
                            })}
                          </span>
                        ) : null}
                      </td>
                      <td className={`num ${e.amount < 0 ? 'text-danger' : 'text-success'}`}>
                        {e.amount > 0 ? '+' : '−'}
                        {formatKrw(Math.abs(e.amount), lang)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
