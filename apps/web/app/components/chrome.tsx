import { useEffect, useState } from 'react';
import { NavLink, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TMe } from '@podo/contracts';
import { ArrowUpIcon, HomeIcon, SearchIcon, UserIcon, WineIcon } from './icons';
import { SiteLink } from './site-link';
import { useScrolledPast } from './use-scroll';

/** Back-to-top threshold (spec §9). */
export const SCROLL_TOP_AT = 200;

export function ScrollTop() {
  const { t } = useTranslation();
  const visible = useScrolledPast(SCROLL_TOP_AT);
  return (
    <button
      type="button"
      className={`scroll-top ${visible ? 'is-visible' : ''}`}
      data-testid="scroll-top"
      aria-label={t('common.scrollTop')}
      tabIndex={visible ? 0 : -1}
      aria-hidden={!visible}
      onClick={() => {
        const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <ArrowUpIcon />
    </button>
  );
}

/** Top progress bar while a navigation loads: shown only when it takes longer than 200 ms; creeps over 5 s. */
export function NavProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [phase, setPhase] = useState<'idle' | 'running' | 'done'>('idle');
  useEffect(() => {
    if (busy) {
      const id = setTimeout(() => setPhase('running'), 200);
      return () => clearTimeout(id);
    }
    setPhase((p) => (p === 'running' ? 'done' : 'idle'));
  }, [busy]);
  useEffect(() => {
    if (phase !== 'done') return;
    const id = setTimeout(() => setPhase('idle'), 400);
    return () => clearTimeout(id);
  }, [phase]);
  return <div className={`nav-progress is-${phase}`} data-testid="nav-progress" aria-hidden="true" />;
}

/** Bottom tab bar on small screens (the page wrapper's "shown as mobile tab" flag). */
export function MobileTabBar({ user }: { user: TMe | null }) {
  const { t } = useTranslation();
  const cls = ({ isActive }: { isActive: boolean }) => (isActive ? 'active' : '');
  return (
    <nav className="mobile-tabbar d-lg-none" aria-label={t('nav.mainMenu')} data-testid="mobile-tabbar">
      <NavLink to="/" end className={cls}>
        <HomeIcon />
        <span>{t('common.home')}</span>
      </NavLink>
      <SiteLink to="/product">
        <WineIcon />
        <span>{t('nav.portfolioTab')}</span>
      </SiteLink>
      <NavLink to="/search-result" className={cls}>
        <SearchIcon />
        <span>{t('search.submit')}</span>
      </NavLink>
      <NavLink to={user ? '/mypage' : '/account/login'} className={cls}>
        <UserIcon />
        <span>{user ? t('header.mypage') : t('header.login')}</span>
      </NavLink>
    </nav>
  );
}
