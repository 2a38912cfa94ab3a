import type { ReactNode } from 'react';
import type { TFunction } from '../lib/i18n';
import { AREAS_SHOWN, menuHref, type MenuData } from './mega-menu';

/*
 * The inside of the mega-menu panel and of the drawer's portfolio section, as plain elements: lib/menu.server.ts
 * renders them to HTML once per language and menu version, and the page puts that HTML in place as it is (no
 * components, no loader data). In the browser the links and the 'more' buttons work by delegation
 * (lib/menu-html.ts), so hydrating the page does not walk these 1,000-odd elements either.
 */

function Details({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <details className="drawer-section" data-testid={testId}>
      <summary>{title}</summary>
      {children}
    </details>
  );
}

function KindDot({ color }: { color: string }) {
  return <span className="kind-dot" style={{ background: color }} aria-hidden="true" />;
}

/** The three columns of the desktop mega-menu (the panel's keyboard handling finds them by `data-menu-col`). */
export function MegaColumns({ menu, t }: { menu: MenuData | null; t: TFunction }) {
  return (
    <>
      <section className="mega-col mega-col-kinds" data-menu-col="" aria-labelledby="mega-h-kinds">
        <h2 className="mega-heading" id="mega-h-kinds">
          {t('menu.kinds')}
        </h2>
        <ul className="list-unstyled">
          <li>
            <a href="/product" className="mega-all">
              {t('menu.allWines')}
            </a>
          </li>
          {menu?.kinds.map((k) => (
            <li key={k.id}>
              <a href={menuHref.kind(k)}>
                <KindDot color={k.color} />
                {k.name}
              </a>
            </li>
          ))}
          <li className="mega-wineries">
            <a href="/winery" className="mega-all">
              {t('menu.wineries')}
            </a>
          </li>
        </ul>
      </section>
      <section className="mega-col mega-col-areas" data-menu-col="" aria-labelledby="mega-h-areas">
        <h2 className="mega-heading" id="mega-h-areas">
          {t('menu.areas')}
        </h2>
        <div className="mega-countries">
          {menu?.countries.map((c) => {
            const extra = c.areas.length - AREAS_SHOWN;
            const listId = `mega-areas-${c.code}`;
            return (
              <div className="mega-country" key={c.code}>
                <a href={menuHref.country(c)} className="mega-country-link">
                  {c.name}
                </a>
                <ul className="list-unstyled" id={listId}>
                  {c.areas.map((a, i) => (
                    <li key={a.id} hidden={i >= AREAS_SHOWN}>
                      <a href={menuHref.area(a)}>{a.name}</a>
                    </li>
                  ))}
                </ul>
                {extra > 0 ? (
                  // Shows the rest of the areas (they are in the HTML all along); lib/menu-html.ts swaps the label.
                  <button
                    type="button"
                    className="mega-more"
                    aria-expanded="false"
                    aria-controls={listId}
                    data-testid="mega-more"
                    data-more={t('menu.more', { count: extra })}
                    data-less={t('menu.less')}
                  >
                    <span className="mega-more-label">{t('menu.more', { count: extra })}</span>
                    <span className="visually-hidden"> ({c.name})</span>
                  </button>
                ) : null}
              </div>
            );
          })}
        </div>
      </section>
      <section className="mega-col mega-col-types" data-menu-col="" aria-labelledby="mega-h-types">
        <h2 className="mega-heading" id="mega-h-types">
          {t('menu.types')}
        </h2>
        <ul className="list-unstyled mega-types">
          {menu?.types.map((g) => (
            <li key={g.id}>
              <a href={menuHref.type(g)}>{g.name}</a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** The items of the drawer's portfolio section: the mega-menu's three groups as collapsible sections. */
export function DrawerItems({ menu, t }: { menu: MenuData | null; t: TFunction }) {
  return (
    <>
      <li>
        <a href="/product">{t('menu.allWines')}</a>
      </li>
      {menu ? (
        <>
          <li>
            <Details title={t('menu.kinds')} testId="drawer-kinds">
              <ul className="list-unstyled drawer-links">
                {menu.kinds.map((k) => (
                  <li key={k.id}>
                    <a href={menuHref.kind(k)}>
                      <KindDot color={k.color} />
                      {k.name}
                    </a>
                  </li>
                ))}
              </ul>
            </Details>
          </li>
          <li>
            <Details title={t('menu.areas')} testId="drawer-areas">
              <ul className="list-unstyled drawer-countries">
                {menu.countries.map((c) => (
                  <li key={c.code}>
                    <Details title={c.name}>
                      <ul className="list-unstyled drawer-links">
                        <li>
                          <a href={menuHref.country(c)}>{t('menu.allIn', { name: c.name })}</a>
                        </li>
                        {c.areas.map((a) => (
                          <li key={a.id}>
                            <a href={menuHref.area(a)}>{a.name}</a>
                          </li>
                        ))}
                      </ul>
                    </Details>
                  </li>
                ))}
              </ul>
            </Details>
          </li>
          <li>
            <Details title={t('menu.types')} testId="drawer-types">
              <ul className="list-unstyled drawer-links drawer-types">
                {menu.types.map((g) => (
                  <li key={g.id}>
                    <a href={menuHref.type(g)}>{g.name}</a>
                  </li>
                ))}
              </ul>
            </Details>
          </li>
        </>
      ) : null}
    </>
  );
}
