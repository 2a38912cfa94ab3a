import { Fragment, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TLeftFilter } from '@podo/contracts/catalog';
import type { Language } from '@podo/i18n';
import { HydrateLater } from '../../lib/hydrate-later';
import { useModalLayer } from '../../lib/modal-layer';
import { useRoot } from '../../lib/site';
import { changeFilters, FILTER_KEYS, listOf, normalizeListParams, qs } from './list-state';
import { formatKrw } from './price';
import { groupDigits, groupDigitText } from '../../lib/format';

/** The facets as the sidebar and the chips use them: areas without their original and country names. */
export type FacetsView = Omit<TLeftFilter, 'countries'> & {
  countries: (Omit<TLeftFilter['countries'][number], 'productionAreas'> & {
    productionAreas: Pick<TLeftFilter['countries'][number]['productionAreas'][number], 'id' | 'name' | 'qty'>[];
  })[];
};

/** Trims the facets in a loader (they travel in the page's HTML). */
export function facetsView(f: TLeftFilter): FacetsView {
  return {
    ...f,
    countries: f.countries.map((c) => ({
      ...c,
      productionAreas: c.productionAreas.map((a) => ({ id: a.id, name: a.name, qty: a.qty })),
    })),
  };
}

/** The country of the left filter whose name is the URL's countryName (menu links name the country). */
export function countryOfName(facets: FacetsView, name: string | null) {
  if (!name) return undefined;
  const n = name.trim().toLowerCase();
  return facets.countries.find((c) => c.name.toLowerCase() === n || c.countryCode.toLowerCase() === n);
}

function Facet({ title, open, children, testId }: { title: string; open: boolean; children: ReactNode; testId: string }) {
  return (
    <details className="facet" open={open} data-testid={testId}>
      <summary className="facet-title">{title}</summary>
      <div className="facet-body">{children}</div>
    </details>
  );
}

function Check({
  name,
  value,
  checked,
  label,
  qty,
  onToggle,
  testId,
}: {
  name: string;
  value: string;
  checked: boolean;
  label: ReactNode;
  qty?: number;
  onToggle(e: React.ChangeEvent<HTMLInputElement>): void;
  testId?: string;
}) {
  const disabled = qty === 0 && !checked;
  return (
    <label className={`facet-check ${disabled ? 'is-empty' : ''}`} data-testid={testId}>
      <input type="checkbox" name={name} value={value} checked={checked} disabled={disabled} onChange={onToggle} />
      <span className="facet-label">{label}</span>
      {qty !== undefined ? <span className="facet-qty">{groupDigits(qty)}</span> : null}
    </label>
  );
}

/**
 * The filter sidebar (≥ 992 px) and drawer (smaller screens): a GET form over the list URL. Without JS it submits
 * as a normal form; with JS every checkbox applies at once (client navigation, no reload) and the range inputs
 * apply on Enter or the apply button. `sp` is the URL state to show (the pending one during a navigation).
 * `html` (server only) is the form's inside, rendered and cached by the loader (lib/sidebar.server.ts): about 800
 * elements that are the same for every visitor of a list URL.
 */
export function FilterSidebar({
  facets,
  sp,
  open,
  onClose,
  html,
}: {
  facets: FacetsView;
  sp: URLSearchParams;
  open: boolean;
  onClose(): void;
  html?: string;
}) {
  const { lang } = useRoot();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const named = countryOfName(facets, sp.get('countryName'));

  /** The form as a clean list URL (title and page dropped: the list changed). */
  const apply = (closeAfter = false) => {
    if (!form.current) return;
    const fd = new FormData(form.current);
    const raw = new URLSearchParams();
    for (const [k, v] of fd) if (typeof v === 'string') raw.append(k, v);
    const next = changeFilters(normalizeListParams(raw), () => {});
    void navigate(`/product${qs(next)}`, { preventScrollReset: true });
    if (closeAfter) onClose();
  };
  const onToggle = () => apply();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    apply(true);
  };
  // The country named by a menu link becomes a checked country box; unchecking it drops countryName too.
  const onCountry = (code: string) => (e: React.ChangeEvent<HTMLInputElement>) => {
    if (!e.target.checked && named?.countryCode === code) {
      const next = changeFilters(sp, (n) => {
        n.delete('countryName');
        const rest = listOf(n, 'countryCodes').filter((c) => c !== code);
        if (rest.length) n.set('countryCodes', rest.join(','));
        else n.delete('countryCodes');
      });
      void navigate(`/product${qs(next)}`, { preventScrollReset: true });
      return;
    }
    apply();
  };

  const backdrop = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    document.body.classList.add('drawer-open');
    return () => document.body.classList.remove('drawer-open');
  }, [open]);
  // On small screens the sidebar is a drawer: a modal layer while open, focus back on its button when it closes.
  useModalLayer(open, panel, onClose, {
    initialFocus: () => panel.current?.querySelector<HTMLElement>('.filters-close'),
    focusDelay: 50,
    keep: [backdrop],
  });

  // The browser hydrates the cached server HTML with the same fields (the same markup as a server render).
  const inside =
    html === undefined
      ? { children: <FilterFields facets={facets} sp={sp} lang={lang} onToggle={onToggle} onCountry={onCountry} onClose={onClose} /> }
      : { dangerouslySetInnerHTML: { __html: html } };

  return (
    <>
      <div ref={backdrop} className={`filters-backdrop ${open ? 'show' : ''}`} onClick={onClose} aria-hidden="true" />
      <div
        id="catalog-filters"
        ref={panel}
        className={`catalog-filters ${open ? 'is-open' : ''}`}
        // A dialog only while open as a drawer; otherwise the page's sidebar (a div: an <aside> may not be a dialog).
        role={open ? 'dialog' : 'complementary'}
        aria-modal={open ? true : undefined}
        aria-labelledby="catalog-filters-title"
        data-testid="catalog-filters"
      >
        {/* About 800 elements, which most visitors never touch: hydrated when first used (or a navigation starts). */}
        <HydrateLater until="use" root="#catalog-filters .filters-form">
          <form ref={form} method="get" action="/product" onSubmit={onSubmit} className="filters-form" {...inside} />
        </HydrateLater>
      </div>
    </>
  );
}

const noop = () => {};

/** The inside of the filter form; on the server also rendered alone (no router), so it takes what it needs as props. */
export function FilterFields({
  facets,
  sp,
  lang,
  onToggle = noop,
  onCountry = () => noop,
  onClose = noop,
}: {
  facets: FacetsView;
  sp: URLSearchParams;
  lang: Language;
  onToggle?(): void;
  onCountry?(code: string): (e: React.ChangeEvent<HTMLInputElement>) => void;
  onClose?(): void;
}) {
  const { t } = useTranslation();
  const [typeQuery, setTypeQuery] = useState('');

  const has = (key: string, value: string | number) => listOf(sp, key).includes(String(value));
  const named = countryOfName(facets, sp.get('countryName'));

  const types = useMemo(() => {
    const q = typeQuery.trim().toLowerCase();
    return facets.types.filter(
      (g) => (g.qty > 0 || has('idTypes', g.id)) && (!q || g.name.toLowerCase().includes(q) || g.originalName.toLowerCase().includes(q)),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [facets.types, typeQuery, sp]);

  const countries = facets.countries.filter(
    (c) => c.qty > 0 || has('countryCodes', c.countryCode) || c.productionAreas.some((a) => has('idProductionAreas', a.id)),
  );
  const anyOf = (key: string) => sp.has(key);
  // Parameters the sidebar has no control for travel as hidden fields.
  const hidden = ['sort', 'idWineries', 'idEvent', 'idMagazine', 'idStore', ...(named ? [] : ['countryName'])].filter((k) => sp.get(k));

  return (
    <>
      <div className="filters-head">
        <h2 id="catalog-filters-title" className="filters-title">
          {t('catalog.filters')}
        </h2>
        <a
          href="#"
          className="filters-close"
          role="button"
          aria-label={t('catalog.closeFilters')}
          onClick={(e) => {
            e.preventDefault();
            onClose();
          }}
        >
          ×
        </a>
      </div>
      {hidden.map((k) => (
        <input key={k} type="hidden" name={k} value={sp.get(k) ?? ''} />
      ))}

      <div className="facet facet-query">
        <label className="facet-title" htmlFor="filter-query">
          {t('catalog.query')}
        </label>
        <div className="input-group">
          <input
            id="filter-query"
            className="form-control"
            type="search"
            name="query"
            defaultValue={sp.get('query') ?? ''}
            key={`q-${sp.get('query') ?? ''}`}
            placeholder={t('catalog.queryPlaceholder')}
            maxLength={100}
          />
          <button type="submit" className="btn btn-outline-secondary">
            {t('catalog.search')}
          </button>
        </div>
      </div>

      <Facet title={t('catalog.kinds')} open testId="facet-kinds">
        {facets.kinds.map((k) => (
          <Check
            key={k.id}
            name="idKinds"
            value={String(k.id)}
            checked={has('idKinds', k.id)}
            qty={k.qty}
            onToggle={onToggle}
            testId={`facet-kind-${k.code}`}
            label={
              <>
                <span className="kind-dot" style={{ background: k.color }} aria-hidden="true" />
                {k.name}
              </>
            }
          />
        ))}
      </Facet>

      <Facet title={t('catalog.countries')} open testId="facet-countries">
        {countries.map((c) => {
          const areas = c.productionAreas.filter((a) => a.qty > 0 || has('idProductionAreas', a.id));
          const countryOn = has('countryCodes', c.countryCode) || named?.countryCode === c.countryCode;
          const expanded = countryOn || c.productionAreas.some((a) => has('idProductionAreas', a.id));
          return (
            <details key={c.countryCode} className="facet-country" open={expanded} data-testid={`facet-country-${c.countryCode}`}>
              <summary>
                <span className="facet-label">{c.name}</span>
                <span className="facet-qty">{groupDigits(c.qty)}</span>
              </summary>
              <div className="facet-areas">
                <label className="facet-check">
                  <input
                    type="checkbox"
                    name="countryCodes"
                    value={c.countryCode}
                    checked={countryOn}
                    onChange={onCountry(c.countryCode)}
                  />
                  <span className="facet-label">{t('catalog.allAreas', { country: c.name })}</span>
                </label>
                {areas.map((a) => (
                  <Check
                    key={a.id}
                    name="idProductionAreas"
                    value={String(a.id)}
                    checked={has('idProductionAreas', a.id)}
                    qty={a.qty}
                    onToggle={onToggle}
                    label={a.name}
                  />
                ))}
              </div>
            </details>
          );
        })}
      </Facet>

      <Facet title={t('catalog.types')} open testId="facet-types">
        <input
          type="search"
          className="form-control form-control-sm mb-2"
          placeholder={t('catalog.typeSearch')}
          aria-label={t('catalog.typeSearch')}
          value={typeQuery}
          onChange={(e) => setTypeQuery(e.target.value)}
        />
        <div className="facet-scroll" tabIndex={-1}>
          {types.length ? (
            types.map((g) => (
              <Check
                key={g.id}
                name="idTypes"
                value={String(g.id)}
                checked={has('idTypes', g.id)}
                qty={g.qty}
                onToggle={onToggle}
                label={
                  <>
                    {g.name}
                    {g.originalName && g.originalName !== g.name ? <small className="facet-sub"> {g.originalName}</small> : null}
                  </>
                }
              />
            ))
          ) : (
            <p className="facet-none">{t('catalog.noTypes')}</p>
          )}
        </div>
        {/* Selected grapes hidden by the search box still belong to the form. */}
        {listOf(sp, 'idTypes')
          .filter((id) => !types.some((g) => String(g.id) === id))
          .map((id) => (
            <input key={id} type="hidden" name="idTypes" value={id} />
          ))}
      </Facet>

      {facets.levels.length ? (
        <Facet title={t('catalog.levels')} open={anyOf('idLevels')} testId="facet-levels">
          {facets.levels.map((l) => (
            <Check
              key={l.id}
              name="idLevels"
              value={String(l.id)}
              checked={has('idLevels', l.id)}
              qty={l.qty}
              onToggle={onToggle}
              label={l.name}
            />
          ))}
        </Facet>
      ) : null}

      {facets.featured.length ? (
        <Facet title={t('catalog.featured')} open={anyOf('idFeatured')} testId="facet-featured">
          {facets.featured.map((f) => (
            <Check
              key={f.id}
              name="idFeatured"
              value={String(f.id)}
              checked={has('idFeatured', f.id)}
              qty={f.qty}
              onToggle={onToggle}
              label={f.name}
            />
          ))}
        </Facet>
      ) : null}

      <Facet title={t('catalog.sugarLevels')} open={anyOf('sugarLevels')} testId="facet-sugar">
        {facets.sugarLevels.map((s) => (
          <Check
            key={s.value}
            name="sugarLevels"
            value={String(s.value)}
            checked={has('sugarLevels', s.value)}
            qty={s.qty}
            onToggle={onToggle}
            label={s.name}
          />
        ))}
      </Facet>

      <Facet title={t('catalog.volumes')} open={anyOf('volumes')} testId="facet-volumes">
        {facets.volumes.map((v) => (
          <Check
            key={v.value}
            name="volumes"
            value={String(v.value)}
            checked={has('volumes', v.value)}
            qty={v.qty}
            onToggle={onToggle}
            label={v.name}
          />
        ))}
      </Facet>

      <Facet title={t('catalog.price')} open testId="facet-price">
        <RangeInputs
          names={['priceMin', 'priceMax']}
          sp={sp}
          money
          placeholders={[formatKrw(facets.priceRange.min, lang), formatKrw(facets.priceRange.max, lang)]}
        />
      </Facet>

      <Facet title={t('catalog.alcohol')} open={anyOf('alcoholMin') || anyOf('alcoholMax')} testId="facet-alcohol">
        <RangeInputs
          names={['alcoholMin', 'alcoholMax']}
          sp={sp}
          unit="%"
          step="0.5"
          placeholders={[String(facets.alcoholRange.min), String(facets.alcoholRange.max)]}
        />
      </Facet>

      <Facet title={t('catalog.score')} open={anyOf('scoreMin') || anyOf('scoreMax')} testId="facet-score">
        <RangeInputs
          names={['scoreMin', 'scoreMax']}
          sp={sp}
          placeholders={[String(facets.scoreRange.min), String(facets.scoreRange.max)]}
        />
      </Facet>

      <div className="facet facet-vip">
        <label className="facet-check">
          <input type="checkbox" name="vip" value="true" checked={sp.get('vip') === 'true'} onChange={onToggle} />
          <span className="facet-label">{t('catalog.vip')}</span>
        </label>
      </div>

      <div className="filters-foot">
        {FILTER_KEYS.some((k) => sp.has(k)) ? (
          <a href="/product" className="btn btn-outline-secondary" onClick={onClose}>
            {t('catalog.clearAll')}
          </a>
        ) : null}
        <button type="submit" className="btn btn-primary flex-grow-1" data-testid="filters-apply">
          <span className="d-lg-none">{t('catalog.showResults', { count: facets.total })}</span>
          <span className="d-none d-lg-inline">{t('catalog.apply')}</span>
        </button>
      </div>
    </>
  );
}

/** Min and max inputs of a range; money ones show thousands separators while typing. */
function RangeInputs({
  names,
  sp,
  money = false,
  unit,
  step,
  placeholders,
}: {
  names: [string, string];
  sp: URLSearchParams;
  money?: boolean;
  unit?: string;
  step?: string;
  placeholders: [string, string];
}) {
  const { t } = useTranslation();
  const shown = (k: string) => (money ? groupDigitText(sp.get(k) ?? '') : (sp.get(k) ?? ''));
  const [values, setValues] = useState<[string, string]>([shown(names[0]), shown(names[1])]);
  const urlKey = `${sp.get(names[0]) ?? ''}|${sp.get(names[1]) ?? ''}`;
  // The URL changed (chip removed, back button): show its values.
  useEffect(() => {
    setValues([shown(names[0]), shown(names[1])]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlKey]);
  return (
    <div className="range-inputs">
      {names.map((name, i) => (
        <Fragment key={name}>
          {i === 1 ? (
            <span className="range-sep" aria-hidden="true">
              ~
            </span>
          ) : null}
          <label className="range-field">
            <span className="visually-hidden">{i === 0 ? t('catalog.min') : t('catalog.max')}</span>
            <input
              className="form-control form-control-sm"
              name={name}
              inputMode={money ? 'numeric' : 'decimal'}
              type="text"
              autoComplete="off"
              step={step}
              value={values[i]}
              placeholder={placeholders[i]}
              data-testid={`range-${name}`}
              onChange={(e) => {
                const v = money ? groupDigitText(e.target.value) : e.target.value.replace(/[^\d.]/g, '');
                setValues((old) => (i === 0 ? [v, old[1]] : [old[0], v]));
              }}
            />
            {unit ? <span className="range-unit">{unit}</span> : null}
          </label>
        </Fragment>
      ))}
    </div>
  );
}
