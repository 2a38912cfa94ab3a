import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useSubmit } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TMe } from '@podo/contracts';
import { isReadyPath, useRoot } from '../lib/site';
import { FamilySites } from './family-sites';
import { CloseIcon, Logo, MenuIcon, SearchIcon } from './icons';
import { LanguageSwitcher } from './language-switcher';
import { CAMPAIGN_SEEN } from './password-campaign';
import { SearchBox } from './search-box';
import { SiteLink } from './site-link';
import { useScrolledPast } from './use-scroll';

/** Header scroll threshold (spec §9): the header takes its active look after 170 px. */
export const HEADER_ACTIVE_AT = 170;

export const NAV_ITEMS = [
  { to: '/product', key: 'nav.portfolio' },
  { to: '/winery', key: 'nav.winery' },
  { to: '/about', key: 'nav.about' },
  { to: '/service', key: 'nav.service' },
  { to: '/career', key: 'nav.career' },
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
    return (
      <>
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

  // Mobile navigation closes on every route change.
  useEffect(() => {
    setDrawerOpen(false);
    setSearchOpen(false);
  }, [location.key]);

  useEffect(() => {
    document.body.classList.toggle('drawer-open', drawerOpen);
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setDrawerOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  return (
    <header className={`site-header ${active ? 'is-active' : ''} ${searchOpen ? 'search-open' : ''}`} data-testid="site-header">
      <div className="header-util d-none d-xl-block">
        <div className="container d-flex justify-content-between align-items-center">
          <FamilySites />
          <nav className="header-account d-flex align-items-center gap-3" aria-label={t('header.mypage')}>
            <AccountLinks user={user} />
          </nav>
        </div>
      </div>
      <div className="header-main">
        <div className="container d-flex align-items-center gap-3">
          <Link to="/" className="header-logo text-decoration-none" aria-label={t('header.home', { brand: site.brandName })}>
            <Logo brand={site.brandName} />
          </Link>
          <nav className="header-nav d-none d-xl-flex" aria-label={t('nav.mainMenu')}>
            {NAV_ITEMS.map((item) =>
              isReadyPath(item.to) ? (
                <NavLink key={item.to} to={item.to} className={({ isActive }) => (isActive ? 'active' : '')}>
                  {t(item.key)}
                </NavLink>
              ) : (
                <SiteLink key={item.to} to={item.to}>
                  {t(item.key)}
                </SiteLink>
              ),
            )}
          </nav>
          <div className="header-search ms-auto">
            <SearchBox autoFocus={searchOpen} onDone={() => setSearchOpen(false)} />
          </div>
          <LanguageSwitcher className="header-lang" />
          <button
            type="button"
            className="btn header-icon d-xl-none"
            aria-label={searchOpen ? t('search.close') : t('search.open')}
            aria-expanded={searchOpen}
            onClick={() => setSearchOpen((o) => !o)}
          >
            {searchOpen ? <CloseIcon /> : <SearchIcon />}
          </button>
          <button
            type="button"
            className="btn header-icon d-xl-none"
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

      <div className={`drawer-backdrop ${drawerOpen ? 'show' : ''}`} onClick={() => setDrawerOpen(false)} aria-hidden="true" />
      <aside
        id="mobile-drawer"
        className={`mobile-drawer ${drawerOpen ? 'show' : ''}`}
        aria-label={t('nav.mainMenu')}
        aria-hidden={!drawerOpen}
        inert={!drawerOpen}
        data-testid="mobile-drawer"
      >
        <div className="d-flex justify-content-between align-items-center p-3 border-bottom">
          <Logo brand={site.brandName} size={28} />
          <button type="button" className="btn header-icon" aria-label={t('nav.closeMenu')} onClick={() => setDrawerOpen(false)}>
            <CloseIcon />
          </button>
        </div>
        <nav className="drawer-nav" aria-label={t('nav.mainMenu')}>
          {NAV_ITEMS.map((item) => (
            <SiteLink key={item.to} to={item.to}>
              {t(item.key)}
            </SiteLink>
          ))}
        </nav>
        <div className="drawer-account d-flex gap-3 px-3 py-3 border-top">
          <AccountLinks user={user} />
        </div>
        <details className="drawer-section border-top">
          <summary className="px-3 py-3">{t('header.familySite')}</summary>
          <ul className="list-unstyled px-3 pb-2">
            {site.familySites.map((f) => (
              <li key={f.key} className="py-1">
                <a href={f.url} target="_blank" rel="noopener noreferrer">
                  {f.name}
                </a>
              </li>
            ))}
          </ul>
        </details>
      </aside>
    </header>
  );
}
