import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useModalLayer } from '../lib/modal-layer';
import { CloseIcon } from './icons';
import { DRAWER_LIST_ID, ensureMenuHtml, useMenuClicks, useMenuHtml } from '../lib/menu-html';
import { AREAS_SHOWN } from './mega-menu';
import { SearchBox, searchHref } from './search-box';

/**
 * The wine portfolio inside the mobile drawer (spec §2 Header): the mega-menu's three groups as collapsible sections
 * (native details/summary: no script needed, keyboard and screen readers know them). The items are menu HTML
 * rendered once per language on the server (lib/menu.server.ts), fetched when the drawer first opens (the drawer
 * needs scripts to open, so they are not in the page); their links work by delegation.
 */
export function DrawerPortfolio({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const html = useMenuHtml();
  const onClick = useMenuClicks(AREAS_SHOWN);
  const [, setFetched] = useState(0);
  const missing = html !== null && html.drawer === null;
  useEffect(() => {
    if (open && missing) void ensureMenuHtml(html.key).then(() => setFetched((n) => n + 1));
  }, [open, missing, html?.key]);
  return (
    <details className="drawer-section" data-testid="drawer-portfolio">
      <summary>{t('nav.portfolio')}</summary>
      <ul
        className="list-unstyled drawer-sub"
        id={DRAWER_LIST_ID}
        onClick={onClick}
        dangerouslySetInnerHTML={{ __html: html?.drawer ?? '' }}
      />
    </details>
  );
}

/** Full-screen mobile search (spec §2 Header): the input takes focus after 200 ms; × or Escape closes it. */
export function MobileSearch({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  // The search field focuses itself (SearchBox autoFocus); closing gives focus back to the search button.
  useModalLayer(true, box, onClose);
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
