import { NavLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/mypage';
import { pageMeta } from '../lib/meta';
import { isReadyPath, useUser } from '../lib/site';
import { SiteLink } from '../components/site-link';
import { useLogout } from '../components/header';
import { StatusBadge } from '../components/account';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.mypage.title),
  { name: 'robots', content: 'noindex' },
];

/** The my-page menu (spec §2): my orders, my account, customer service. Pages not built yet say '준비 중입니다.'. */
export const MYPAGE_MENU = [
  {
    title: 'mypage.ordersGroup',
    items: [
      ['mypage.orderLookup', '/mypage/orders'],
      ['mypage.subscription', '/mypage/subscriptions'],
      ['mypage.cancellations', '/mypage/cancellations'],
    ],
  },
  {
    title: 'mypage.accountGroup',
    items: [
      ['mypage.profile', '/mypage/profile'],
      ['mypage.password', '/mypage/password'],
      ['mypage.mobile', '/mypage/mobile'],
      ['mypage.sns', '/mypage/sns'],
      ['mypage.ships', '/mypage/ships'],
      ['mypage.grade', '/mypage/grade'],
      ['mypage.cash', '/mypage/cash'],
      ['mypage.coupons', '/mypage/coupons'],
      ['mypage.leave', '/mypage/leave'],
    ],
  },
  {
    title: 'mypage.supportGroup',
    items: [
      ['mypage.qna', '/mypage/qna'],
      ['mypage.faq', '/mypage/faq'],
      ['mypage.notices', '/mypage/notices'],
    ],
  },
] as const;

export function MyPageMenu({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <nav className={`mypage-nav ${className}`} aria-label={t('mypage.menu')} data-testid="mypage-menu">
      {MYPAGE_MENU.map((g) => (
        <section key={g.title} className="mypage-nav-group" aria-labelledby={`nav-${g.title}`}>
          <h2 id={`nav-${g.title}`} className="mypage-nav-title">
            {t(g.title)}
          </h2>
          <ul className="list-unstyled mb-0 mypage-menu">
            {g.items.map(([label, to]) => (
              <li key={to}>
                {isReadyPath(to) ? (
                  <NavLink to={to} className={({ isActive }) => (isActive ? 'active' : '')}>
                    {t(label)}
                  </NavLink>
                ) : (
                  <SiteLink to={to}>{t(label)}</SiteLink>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}

/** "Hello, {name}." with the member's name kept as written (translate="no"): a name is not text to translate. */
function Greeting({ name }: { name: string }) {
  const { t } = useTranslation();
  const mark = '\u0000';
  const [before = '', after = ''] = t('mypage.welcome', { name: mark }).split(mark);
  return (
    <span>
      {before}
      <span translate="no">{name}</span>
      {after}
    </span>
  );
}

/** Member area layout (the shell's guard already sent anonymous visitors to log in). */
export default function MyPage() {
  const { t } = useTranslation();
  const user = useUser();
  const logout = useLogout();
  const { pathname } = useLocation();
  const isIndex = pathname.replace(/\/+$/, '') === '/mypage';
  return (
    <div className="container page-body mypage">
      <div className="d-flex justify-content-between align-items-start flex-wrap gap-2 mb-3">
        <div>
          <h1 className="page-title mb-1">
            {isIndex ? (
              t('mypage.title')
            ) : (
              <NavLink to="/mypage" className="text-reset">
                {t('mypage.title')}
              </NavLink>
            )}
          </h1>
          {user ? (
            <p className="text-body-secondary mb-0 d-flex align-items-center gap-2 flex-wrap" data-testid="mypage-welcome">
              <Greeting name={user.fullName} />
              {user.status !== 'APPROVED' && !isIndex ? <StatusBadge status={user.status} /> : null}
            </p>
          ) : null}
        </div>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={logout} data-testid="mypage-logout">
          {t('header.logout')}
        </button>
      </div>
      <div className="row g-4">
        <aside className={`col-lg-3 order-2 order-lg-1 ${isIndex ? '' : 'd-none d-lg-block'}`}>
          <MyPageMenu />
        </aside>
        <div className="col-lg-9 order-1 order-lg-2">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
