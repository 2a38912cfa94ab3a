import { useTranslation } from 'react-i18next';
import type { Route } from './+types/mypage';
import { pageMeta } from '../lib/meta';
import { useUser } from '../lib/site';
import { SiteLink } from '../components/site-link';
import { useLogout } from '../components/header';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.mypage.title),
  { name: 'robots', content: 'noindex' },
];

const GROUPS = [
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
      ['mypage.ships', '/mypage/ships'],
      ['mypage.grade', '/mypage/grade'],
      ['mypage.cash', '/mypage/cash'],
      ['mypage.coupons', '/mypage/coupons'],
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

/** Member area (the shell's guard already sent anonymous visitors to log in). */
export default function MyPage() {
  const { t } = useTranslation();
  const user = useUser();
  const logout = useLogout();
  return (
    <div className="container page-body">
      <div className="d-flex justify-content-between align-items-start flex-wrap gap-2">
        <div>
          <h1 className="page-title mb-1">{t('mypage.title')}</h1>
          {user ? (
            <p className="text-body-secondary" data-testid="mypage-welcome">
              {t('mypage.welcome', { name: user.fullName })}
            </p>
          ) : null}
        </div>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={logout}>
          {t('header.logout')}
        </button>
      </div>
      <div className="row g-4 mt-1">
        {GROUPS.map((g) => (
          <section key={g.title} className="col-md-4" aria-labelledby={g.title}>
            <div className="card h-100">
              <div className="card-body">
                <h2 id={g.title} className="h6 fw-bold text-primary">
                  {t(g.title)}
                </h2>
                <ul className="list-unstyled mb-0 mypage-menu">
                  {g.items.map(([label, to]) => (
                    <li key={to}>
                      <SiteLink to={to}>{t(label)}</SiteLink>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
