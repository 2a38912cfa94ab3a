import { useEffect, useState } from 'react';
import { Form, redirect, useActionData, useFetcher, useNavigation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZShipBody, type TJusoAddress, type TShip } from '@podo/contracts';
import type { Route } from './+types/mypage.ships';
import type { ActionResult } from '../lib/api';
import { pageMeta } from '../lib/meta';
import { apiAction, checked, memberApi, readBody, safeRedirect, str } from '../lib/session.server';
import { FastLink } from '../components/fast-link';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.mypage.ships),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return { ships: (await memberApi(request, context).ships({ query: {} })).data };
}

type JusoResult = { available: boolean; items: TJusoAddress[]; total: number };

/** save (new or changed), default, delete, and juso: the road-name address search through the API. */
export async function action({ request, context }: Route.ActionArgs) {
  const api = memberApi(request, context);
  const body = await readBody(request);
  const intent = str(body.intent);
  const id = Number(str(body.id));
  if (intent === 'juso') {
    return apiAction<JusoResult>(request, context, async () => {
      const r = await api.juso({ query: { keyword: str(body.keyword), page: 1, size: 10 } });
      return { data: { available: r.data.available, items: r.data.items, total: r.data.page.totalElements } };
    });
  }
  const back = str(body.return) ? safeRedirect(str(body.return), '/mypage/ships') : null;
  const result = await apiAction(request, context, async () => {
    if (intent === 'default') return { message: (await api.makeDefaultShip({ params: { id } })).message };
    if (intent === 'delete') return { message: (await api.deleteShip({ params: { id } })).message };
    const fields = {
      fullName: str(body.fullName),
      mobile: str(body.mobile),
      postalCode: str(body.postalCode),
      address1: str(body.address1),
      address2: str(body.address2),
      message: str(body.message),
      defaultShip: str(body.defaultShip) === 'on',
    };
    const ship = checked(ZShipBody, fields, request);
    const r = id > 0 ? await api.updateShip({ params: { id }, body: ship }) : await api.createShip({ body: ship });
    return { message: r.message };
  });
  if (back && result.data.ok && intent === 'save') throw redirect(back);
  return result;
}

/** The road-name address search: a keyword, the matches, and a pick fills the postal code and the address. */
function AddressSearch({ onPick }: { onPick: (a: TJusoAddress) => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult<JusoResult>>({ key: 'juso' });
  const [keyword, setKeyword] = useState('');
  const r = fetcher.data;
  const search = () => {
    if (keyword.trim().length >= 2) void fetcher.submit({ intent: 'juso', keyword }, { method: 'post' });
  };
  return (
    <div className="address-search" data-testid="address-search">
      <label className="form-label small mb-1" htmlFor="juso-keyword">
        {t('commerce.ships.search')}
      </label>
      <div className="d-flex gap-2">
        <input
          id="juso-keyword"
          className="form-control form-control-sm"
          value={keyword}
          placeholder={t('commerce.ships.searchPlaceholder')}
          aria-describedby="juso-help"
          lang="ko"
          onChange={(e) => setKeyword(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              search();
            }
          }}
          data-testid="juso-keyword"
        />
        <button
          type="button"
          className="btn btn-outline-primary btn-sm text-nowrap"
          onClick={search}
          disabled={fetcher.state !== 'idle'}
          data-testid="juso-search"
        >
          {t('commerce.ships.searchButton')}
        </button>
      </div>
      <p id="juso-help" className="form-text small mb-0">
        {t('commerce.ships.searchHelp')}
      </p>
      <div role="status" aria-live="polite">
        {r && !r.ok ? <p className="small text-danger mt-1 mb-0">{r.error.message}</p> : null}
        {r && r.ok && r.data && !r.data.available ? (
          <p className="small text-body-secondary mt-1 mb-0" data-testid="juso-unavailable">
            {t('commerce.ships.searchUnavailable')}
          </p>
        ) : null}
        {r && r.ok && r.data?.available && r.data.items.length === 0 ? (
          <p className="small mt-1 mb-0">{t('commerce.ships.noMatch')}</p>
        ) : null}
      </div>
      {r && r.ok && r.data?.items.length ? (
        <ul className="juso-results list-unstyled" data-testid="juso-results" lang="ko">
          {r.data.items.map((a) => (
            <li key={`${a.postalCode}-${a.roadAddress}`}>
              <button type="button" className="juso-result" onClick={() => onPick(a)}>
                <span className="badge-soft">{a.postalCode}</span> {a.roadAddress}
                <span className="d-block small text-body-secondary">{a.jibunAddress}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ShipForm({ ship, onDone, returnTo }: { ship?: TShip; onDone: () => void; returnTo: string | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [postal, setPostal] = useState(ship?.postalCode ?? '');
  const [address1, setAddress1] = useState(ship?.address1 ?? '');
  const result = useActionData<typeof action>();
  const r = result && 'ok' in result ? result : undefined;
  useEffect(() => {
    if (r?.ok) onDone();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [r]);
  return (
    <Form method="post" className="ship-form" data-testid="ship-form">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="id" value={ship?.id ?? ''} />
      {returnTo ? <input type="hidden" name="return" value={returnTo} /> : null}
      <AddressSearch
        onPick={(a) => {
          setPostal(a.postalCode);
          setAddress1(a.roadAddress);
          document.getElementById('ship-address2')?.focus();
        }}
      />
      <div className="row g-2 mt-1">
        <label className="col-sm-6">
          <span className="form-label small mb-1">{t('commerce.ships.fullName')}</span>
          <input
            name="fullName"
            className="form-control form-control-sm"
            defaultValue={ship?.fullName}
            required
            maxLength={50}
            autoComplete="name"
          />
        </label>
        <label className="col-sm-6">
          <span className="form-label small mb-1">{t('commerce.ships.mobile')}</span>
          <input
            name="mobile"
            className="form-control form-control-sm"
            defaultValue={ship?.mobile}
            required
            inputMode="tel"
            placeholder="010-1234-5678"
            autoComplete="tel"
          />
        </label>
        <label className="col-sm-4">
          <span className="form-label small mb-1">{t('commerce.ships.postalCode')}</span>
          <input
            name="postalCode"
            className="form-control form-control-sm"
            value={postal}
            onChange={(e) => setPostal(e.currentTarget.value)}
            required
            inputMode="numeric"
            maxLength={5}
            autoComplete="postal-code"
            data-testid="ship-postal"
          />
        </label>
        <label className="col-sm-8">
          <span className="form-label small mb-1">{t('commerce.ships.address1')}</span>
          <input
            name="address1"
            className="form-control form-control-sm"
            value={address1}
            onChange={(e) => setAddress1(e.currentTarget.value)}
            required
            maxLength={200}
            autoComplete="address-line1"
            data-testid="ship-address1"
          />
        </label>
        <label className="col-12">
          <span className="form-label small mb-1">{t('commerce.ships.address2')}</span>
          <input
            id="ship-address2"
            name="address2"
            className="form-control form-control-sm"
            defaultValue={ship?.address2}
            maxLength={200}
            autoComplete="address-line2"
          />
        </label>
        <label className="col-12">
          <span className="form-label small mb-1">{t('commerce.ships.message')}</span>
          <input name="message" className="form-control form-control-sm" defaultValue={ship?.message} maxLength={200} />
        </label>
        <div className="col-12 form-check ms-2">
          <input className="form-check-input" type="checkbox" name="defaultShip" id="ship-default" defaultChecked={ship?.defaultShip} />
          <label className="form-check-label small" htmlFor="ship-default">
            {t('commerce.ships.makeDefault')}
          </label>
        </div>
      </div>
      {r && !r.ok ? (
        <p className="small text-danger mt-2 mb-0" role="alert">
          {r.error.message}
        </p>
      ) : null}
      <div className="d-flex gap-2 mt-3">
        <button type="submit" className="btn btn-primary btn-sm" disabled={navigation.state !== 'idle'} data-testid="ship-save">
          {t('commerce.ships.save')}
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </Form>
  );
}

/** The address book (spec §7 Ships): up to 20 addresses, one default, found by road-name address search. */
export default function MyShips({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const returnTo = params.get('return');
  const [editing, setEditing] = useState<number | 'new' | null>(loaderData.ships.length === 0 ? 'new' : null);
  const result = useActionData<typeof action>();
  const r = result && 'ok' in result ? result : undefined;
  return (
    <section className="mypage-panel" data-testid="ships-page" aria-labelledby="ships-title">
      <div className="d-flex justify-content-between align-items-center mb-3">
        <h2 id="ships-title" className="h5 fw-bold mb-0">
          {t('mypage.ships')}
        </h2>
        {editing === null ? (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing('new')} data-testid="ship-add">
            {t('commerce.ships.add')}
          </button>
        ) : null}
      </div>
      {returnTo ? (
        <p className="small">
          <FastLink to={returnTo}>← {t('commerce.ships.backToCheckout')}</FastLink>
        </p>
      ) : null}
      {r?.ok && r.message ? (
        <p className="alert alert-success py-2 small" role="status">
          {r.message}
        </p>
      ) : null}
      {editing === 'new' ? <ShipForm onDone={() => setEditing(null)} returnTo={returnTo} /> : null}
      {loaderData.ships.length === 0 && editing === null ? <p className="empty-state">{t('commerce.ships.none')}</p> : null}
      <ul className="ship-list list-unstyled">
        {loaderData.ships.map((s) => (
          <li key={s.id} className="ship-card" data-testid="ship-card">
            {editing === s.id ? (
              <ShipForm ship={s} onDone={() => setEditing(null)} returnTo={returnTo} />
            ) : (
              <>
                <div className="d-flex justify-content-between gap-2">
                  <div>
                    <strong translate="no" id={`ship-${s.id}-name`}>
                      {s.fullName}
                    </strong>{' '}
                    {s.defaultShip ? <span className="badge-soft is-primary">{t('commerce.ships.default')}</span> : null}
                    <p className="small mb-0" lang="ko">
                      ({s.postalCode}) {s.address1} {s.address2}
                    </p>
                    <p className="small text-body-secondary mb-0" lang="ko">
                      {s.mobile}
                      {s.message ? ` · ${s.message}` : ''}
                    </p>
                  </div>
                  <div className="ship-actions">
                    <button type="button" className="btn btn-link btn-sm" onClick={() => setEditing(s.id)}>
                      {t('commerce.ships.edit')}
                    </button>
                    {!s.defaultShip ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="default" />
                        <input type="hidden" name="id" value={s.id} />
                        <button type="submit" className="btn btn-link btn-sm" data-testid="ship-make-default">
                          {t('commerce.ships.setDefault')}
                        </button>
                      </Form>
                    ) : null}
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={s.id} />
                      <button type="submit" className="btn btn-link btn-sm text-danger" aria-describedby={`ship-${s.id}-name`}>
                        {t('commerce.ships.delete')}
                      </button>
                    </Form>
                  </div>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
