import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useSubmit } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TMe } from '@podo/contracts';
import { isReadyPath, useRoot } from '../lib/site';
import { FamilySites } from './family-sites';
import { CloseIcon, Logo, MenuIcon, SearchIcon } from './icons';
import { LanguageSwitcher } from './language-switcher';
import { MegaMenu } from './mega-menu';
import { DrawerPortfolio, MobileSearch } from './mobile-nav';
import { CAMPAIGN_SEEN } from './password-campaign';
import { SearchBox } from './search-box';
import { SiteLink } from './site-link';
import { useScrolledPast } from './use-scroll';
import { HydrateLater } from '../lib/hydrate-later';
import { useModalLayer } from '../lib/modal-layer';

/** Header scroll threshold (spec §9): the header takes its active look after 170 px. */
export const HEADER_ACTIVE_AT = 170;

export const NAV_ITEMS = [
  { to: '/product', key: 'nav.portfolio' },
  { to: '/winery', key: 'nav.winery' },
  { to: '/magazine', key: 'nav.magazine' },
  { to: '/event', key: 'nav.event' },
  { to: '/about', key: 'nav.about' },
  { to: '/service', key: 'nav.service' },
  { to: '/contact', key: 'nav.contact' },
] as const;

/** Logs out through the server (the token cookie is HttpOnly), then goes home. */
export function useLogout() {
  const submit = useSubmit();
  return () => {
    try {
      sessionStorage.removeItem(CAMPAIGN_SEEN);
    } catch {
      /* storage unavailable */
    }
    void submit(null, { method: 'post', action: '/account/logout', replace: true });
  };
}

function AccountLinks({ user, onNavigate }: { user: TMe | null; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const logout = useLogout();
  if (user) {
    const buyer = user.status === 'APPROVED' && (user.role === 'BUYER' || user.role === 'ADMIN');
    return (
      <>
        {buyer ? (
          <Link to="/cart" onClick={onNavigate} className="header-cart" data-testid="header-cart">
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d="M3 4h2l2.2 10.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
              <circle cx="9.5" cy="19.5" r="1.5" fill="currentColor" />
              <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
            </svg>
            <span>{t('commerce.cartTitle')}</span>
            {user.cartCount > 0 ? (
              <span className="cart-badge" data-testid="cart-badge">
                {user.cartCount}
              </span>
            ) : null}
          </Link>
        ) : null}
        <Link to="/mypage" onClick={onNavigate}>
          {t('header.mypage')}
        </Link>
        <button
          type="button"
          className="btn btn-link p-0 text-reset text-decoration-none"
          onClick={() => {
            onNavigate?.();
            logout();
          }}
        >
          {t('header.logout')}
        </button>
      </>
    );
  }
  return (
    <>
      <Link to="/account/login" onClick={onNavigate}>
        {t('header.login')}
      </Link>
      <Link to="/account/signup" onClick={onNavigate}>
        {t('header.signup')}
      </Link>
    </>
  );
}

export function Header({ user }: { user: TMe | null }) {
  const { t } = useTranslation();
  const { site } = useRoot();
  const location = useLocation();
  const active = useScrolledPast(HEADER_ACTIVE_AT);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const drawer = useRef<HTMLDivElement>(null);

  // Mobile navigation closes on every route change.
  useEffect(() => {
    setDrawerOpen(false);
    setSearchOpen(false);
  }, [location.key]);

  // The page behind the drawer or the full-screen search does not scroll.
  useEffect(() => {
    document.body.classList.toggle('drawer-open', drawerOpen || searchOpen);
  }, [drawerOpen, searchOpen]);
  useEffect(() => () => document.body.classList.remove('drawer-open'), []);

  const drawerBackdrop = useRef<HTMLDivElement>(null);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const closeSearch = useCallback(() => setSearchOpen(false), []);
  // Focus moves into the drawer once it has slid in, and back to the menu button when it closes.
  useModalLayer(drawerOpen, drawer, closeDrawer, {
    initialFocus: () => drawer.current?.querySelector<HTMLElement>('.drawer-close'),
    focusDelay: 50,
    keep: [drawerBackdrop],
  });

  return (
    <header className={`site-header ${active ? 'is-active' : ''}`} data-testid="site-header">
      {/* The main row hydrates with the header; this row (desktop only) when first used, the drawer when the header
          is first used (its toggle is in the main row) (lib/hydrate-later.tsx). */}
      <HydrateLater until="use" root=".header-util">
        <div className="header-util d-none d-lg-block">
          <div className="container d-flex justify-content-between align-items-center">
            <FamilySites />
            <nav className="header-account d-flex align-items-center gap-3" aria-label={t('header.mypage')}>
              <AccountLinks user={user} />
            </nav>
          </div>
        </div>
      </HydrateLater>
      <div className="header-main">
        <div className="container header-row">
          <Link to="/" className="header-logo text-decoration-none" aria-label={t('header.home', { brand: site.brandName })}>
            <Logo brand={site.brandName} />
          </Link>
          <nav className="header-nav d-none d-lg-block" aria-label={t('nav.mainMenu')} data-testid="header-nav">
            <ul className="header-nav-list list-unstyled">
              <MegaMenu />
              {NAV_ITEMS.slice(1).map((item) => (
                <li key={item.to}>
                  {isReadyPath(item.to) ? (
                    <NavLink to={item.to} className={({ isActive }) => (isActive ? 'active' : '')}>
                      {t(item.key)}
                    </NavLink>
                  ) : (
                    <SiteLink to={item.to}>{t(item.key)}</SiteLink>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          <div className="header-search d-none d-lg-block">
            <SearchBox />
          </div>
          <LanguageSwitcher className="header-lang" />
          <button
            type="button"
            className="btn header-icon d-lg-none"
            aria-label={t('search.open')}
            aria-haspopup="dialog"
            aria-expanded={searchOpen}
            data-testid="search-toggle"
            onClick={() => setSearchOpen(true)}
          >
            <SearchIcon />
          </button>
          <button
            type="button"
            className="btn header-icon d-lg-none"
            aria-label={t('nav.openMenu')}
            aria-expanded={drawerOpen}
            aria-controls="mobile-drawer"
            data-testid="drawer-toggle"
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </button>
        </div>
      </div>

      <div ref={drawerBackdrop} className={`drawer-backdrop ${drawerOpen ? 'show' : ''}`} onClick={closeDrawer} aria-hidden="true" />
      <HydrateLater until="use" root=".site-header">
        <div
          id="mobile-drawer"
          ref={drawer}
          className={`mobile-drawer ${drawerOpen ? 'show' : ''}`}
          role="dialog"
          aria-modal="true"
          aria-label={t('nav.mainMenu')}
          aria-hidden={!drawerOpen}
          inert={!drawerOpen}
          data-testid="mobile-drawer"
          onClick={(e) => {
            // Any link closes the drawer, also one to the page already shown (no route change then).
            if ((e.target as HTMLElement).closest('a[href]:not([data-coming-soon])')) closeDrawer();
          }}
        >
          <div className="drawer-head">
            <Logo brand={site.brandName} size={28} />
            <button type="button" className="btn header-icon drawer-close" aria-label={t('nav.closeMenu')} onClick={closeDrawer}>
              <CloseIcon />
            </button>
          </div>
          <nav className="drawer-nav" aria-label={t('nav.mainMenu')}>
            <DrawerPortfolio open={drawerOpen} />
            {NAV_ITEMS.slice(1).map((item) => (
              <SiteLink key={item.to} to={item.to} className="drawer-link">
                {t(item.key)}
              </SiteLink>
            ))}
          </nav>
          <div className="drawer-account">
            <AccountLinks user={user} onNavigate={closeDrawer} />
          </div>
          <details className="drawer-section drawer-family">
            <summary>{t('header.familySite')}</summary>
            <ul className="list-unstyled drawer-links">
              {site.familySites.map((f) => (
                <li key={f.key}>
                  <a href={f.url} target="_blank" rel="noopener noreferrer">
                    {f.name}
                    <span className="visually-hidden"> ({t('common.newWindow')})</span>
                  </a>
                </li>
              ))}
            </ul>
          </details>
        </div>
      </HydrateLater>
      {searchOpen ? <MobileSearch onClose={closeSearch} /> : null}
    </header>
  );
}
