import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepTabInside } from '../lib/focus-trap';
import { CloseIcon } from './icons';
import { MenuLink, menuHref, type MenuData } from './mega-menu';
import { SearchBox, searchHref } from './search-box';

/** Keeps Tab inside `box` while it is open (a modal drawer or overlay), and Escape closes it. */
export function useModalKeys(open: boolean, box: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close();
        return;
      }
      if (box.current) keepTabInside(e, box.current);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, box, close]);
}

function Section({
  title,
  children,
  testId,
  className = '',
}: {
  title: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <details className={`drawer-section ${className}`} data-testid={testId}>
      <summary>{title}</summary>
      {children}
    </details>
  );
}

/**
 * The wine portfolio inside the mobile drawer (spec §2 Header): the mega-menu's three groups as collapsible sections
 * (native details/summary: no script needed, keyboard and screen readers know them).
 */
export function DrawerPortfolio({ menu }: { menu: MenuData | null }) {
  const { t } = useTranslation();
  return (
    <Section title={t('nav.portfolio')} testId="drawer-portfolio">
      <ul className="list-unstyled drawer-sub">
        <li>
          <MenuLink to="/product">{t('menu.allWines')}</MenuLink>
        </li>
        {menu ? (
          <>
            <li>
              <Section title={t('menu.kinds')} testId="drawer-kinds">
                <ul className="list-unstyled drawer-links">
                  {menu.kinds.map((k) => (
                    <li key={k.id}>
                      <MenuLink to={menuHref.kind(k)}>
                        <span className="kind-dot" style={{ background: k.color }} aria-hidden="true" />
                        {k.name}
                      </MenuLink>
                    </li>
                  ))}
                </ul>
              </Section>
            </li>
            <li>
              <Section title={t('menu.areas')} testId="drawer-areas">
                <ul className="list-unstyled drawer-countries">
                  {menu.countries.map((c) => (
                    <li key={c.code}>
                      <Section title={c.name}>
                        <ul className="list-unstyled drawer-links">
                          <li>
                            <MenuLink to={menuHref.country(c)}>{t('menu.allIn', { name: c.name })}</MenuLink>
                          </li>
                          {c.areas.map((a) => (
                            <li key={a.id}>
                              <MenuLink to={menuHref.area(a)}>{a.name}</MenuLink>
                            </li>
                          ))}
                        </ul>
                      </Section>
                    </li>
                  ))}
                </ul>
              </Section>
            </li>
            <li>
              <Section title={t('menu.types')} testId="drawer-types">
                <ul className="list-unstyled drawer-links drawer-types">
                  {menu.types.map((g) => (
                    <li key={g.id}>
                      <MenuLink to={menuHref.type(g)}>{g.name}</MenuLink>
                    </li>
                  ))}
                </ul>
              </Section>
            </li>
          </>
        ) : null}
      </ul>
    </Section>
  );
}

/** Full-screen mobile search (spec §2 Header): the input takes focus after 200 ms; × or Escape closes it. */
export function MobileSearch({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useModalKeys(true, box, onClose);
  const suggestions = t('searchPage.suggestions')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return (
    <div className="search-overlay" ref={box} role="dialog" aria-modal="true" aria-label={t('search.label')} data-testid="search-overlay">
      <div className="search-overlay-bar">
        <SearchBox variant="overlay" autoFocus onDone={onClose} testId="mobile-search-box" />
        <button
          type="button"
          className="btn header-icon"
          aria-label={t('search.close')}
          data-testid="search-overlay-close"
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      </div>
      <div className="search-overlay-body">
        <h2 className="search-suggest-title">{t('searchPage.suggestTitle')}</h2>
        <ul className="list-unstyled search-suggest">
          {suggestions.map((s) => (
            <li key={s}>
              <Link to={searchHref(s)} onClick={onClose}>
                {s}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
