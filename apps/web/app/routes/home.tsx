import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/home';
import { pageMeta } from '../lib/meta';
import { useRoot, useUser } from '../lib/site';
import { SiteLink } from '../components/site-link';
import type { RouteHandle } from '../lib/site';

export const handle: RouteHandle = { page: { subPage: false } };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches);

export default function Home() {
  const { t } = useTranslation();
  const { site } = useRoot();
  const user = useUser();
  const features = [
    { to: '/product', title: t('home.portfolioTitle'), text: t('home.portfolioText'), tone: 'wine' },
    { to: '/winery', title: t('home.wineryTitle'), text: t('home.wineryText'), tone: 'oak' },
    { to: user ? '/mypage' : '/account/login', title: t('home.tradeTitle'), text: t('home.tradeText'), tone: 'cork' },
  ];
  return (
    <>
      <section className="home-hero" aria-labelledby="hero-title">
        <div className="container">
          <p className="home-eyebrow">{t('home.eyebrow')}</p>
          <h1 id="hero-title" className="home-title">
            {t('home.heroTitle')}
          </h1>
          <p className="home-lead">{t('home.heroText')}</p>
          <div className="d-flex flex-wrap gap-2 mt-4">
            <SiteLink to="/product" className="btn btn-light btn-lg">
              {t('home.ctaPortfolio')}
            </SiteLink>
            <Link to={user ? '/mypage' : '/account/login'} className="btn btn-outline-light btn-lg">
              {user ? t('header.mypage') : t('home.ctaTrade')}
            </Link>
          </div>
        </div>
      </section>
      <section className="container py-5" aria-labelledby="features-title">
        <h2 id="features-title" className="section-title">
          {t('home.featuresTitle', { brand: site.brandName })}
        </h2>
        <div className="row g-4 mt-1">
          {features.map((f) => (
            <div className="col-md-4" key={f.title}>
              <article className={`feature-card tone-${f.tone} h-100`}>
                <h3 className="h5 fw-bold">{f.title}</h3>
                <p className="text-body-secondary">{f.text}</p>
                <SiteLink to={f.to} className="stretched-link fw-semibold">
                  {t('home.learnMore')} →
                </SiteLink>
              </article>
            </div>
          ))}
        </div>
      </section>
      <section className="home-trade" aria-labelledby="trade-title">
        <div className="container d-flex flex-column flex-md-row align-items-md-center justify-content-between gap-3 py-5">
          <div>
            <h2 id="trade-title" className="h4 fw-bold mb-2">
              {t('home.tradeTitle')}
            </h2>
            <p className="mb-0">{t('home.tradeText')}</p>
          </div>
          <SiteLink to="/account/signup" className="btn btn-primary btn-lg flex-shrink-0">
            {t('home.tradeSignup')}
          </SiteLink>
        </div>
      </section>
    </>
  );
}
