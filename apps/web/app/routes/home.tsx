import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/home';
import { pageMeta } from '../lib/meta';
import { catalogApi, publicOrigin } from '../lib/catalog.server';
import { useRoot, useUser } from '../lib/site';
import { SiteLink } from '../components/site-link';
import { FastLink } from '../components/fast-link';
import { ProductCard } from '../components/catalog/product-card';
import { WineryCard } from '../components/catalog/winery-card';
import { EventCard, MagazineCard } from '../components/content/articles';
import type { RouteHandle } from '../lib/site';

export const handle: RouteHandle = { page: { subPage: false } };

export const meta: Route.MetaFunction = ({ data, matches }) => [
  ...pageMeta(matches),
  ...(data
    ? [
        { tagName: 'link', rel: 'canonical', href: `${data.origin}/` },
        { property: 'og:url', content: `${data.origin}/` },
      ]
    : []),
];

/** What the home page shows: best sellers, new arrivals, the latest articles, running events and wineries. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = catalogApi(request, context);
  const flags = (await api.featured())._embedded.items;
  const flag = (code: string) => flags.find((f) => f.code === code && f.qty > 0)?.id;
  const best = flag('BEST');
  const fresh = flag('NEW');
  const wines = (idFeatured: number | undefined, sort: 'RECOMMEND' | 'NEWEST') =>
    api
      .products({ query: { page: 1, size: 4, sort, ...(idFeatured ? { idFeatured: String(idFeatured) } : {}) } })
      .then((r) => r._embedded.items);
  const [bestWines, newWines, magazines, events, wineries] = await Promise.all([
    wines(best, 'RECOMMEND'),
    wines(fresh, 'NEWEST'),
    api.magazineList({ query: { page: 1, size: 3 } }).then((r) => r._embedded.items),
    api.eventList({ query: { page: 1, size: 3, sort: 'CURRENT' } }).then((r) => r._embedded.items.filter((e) => e.status !== 'ENDED')),
    api.wineryList({ query: { page: 1, size: 4, sort: 'POPULAR' } }).then((r) => r._embedded.items),
  ]);
  return {
    origin: publicOrigin(request, context),
    best: best ?? null,
    fresh: fresh ?? null,
    bestWines,
    newWines,
    magazines,
    events,
    wineries,
  };
}

/** A home section: a heading, a "view all" link and its cards. */
function Shelf({ id, title, to, children }: { id: string; title: string; to: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="home-shelf" aria-labelledby={`${id}-title`} data-testid={`home-${id}`}>
      <div className="home-shelf-head">
        <h2 id={`${id}-title`} className="section-title mb-0">
          {title}
        </h2>
        <FastLink to={to} className="home-shelf-more">
          {t('magazine.viewAll')} <span aria-hidden="true">→</span>
          <span className="visually-hidden">: {title}</span>
        </FastLink>
      </div>
      {children}
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { site } = useRoot();
  const user = useUser();
  const { best, fresh, bestWines, newWines, magazines, events, wineries } = loaderData;
  const features = [
    { to: '/product', title: t('home.portfolioTitle'), text: t('home.portfolioText'), tone: 'wine' },
    { to: '/winery', title: t('home.wineryTitle'), text: t('home.wineryText'), tone: 'oak' },
    { to: '/service', title: t('home.serviceTitle'), text: t('home.serviceText'), tone: 'cork' },
  ];
  return (
    <>
      <section className="home-hero" aria-labelledby="hero-title">
        <div className="container home-hero-inner">
          <div>
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
          <img className="home-hero-art" src="/images/hero.svg" alt="" width={520} height={440} fetchPriority="high" />
        </div>
      </section>
      <div className="container py-4">
        {bestWines.length ? (
          <Shelf id="best" title={t('home.bestTitle')} to={best ? `/product?idFeatured=${best}` : '/product'}>
            <div className="product-grid home-product-grid">
              {bestWines.map((p, i) => (
                // On a phone the hero picture is hidden and the first two cards are the largest paint.
                <ProductCard key={p.id} product={p} eager={i < 2} />
              ))}
            </div>
          </Shelf>
        ) : null}
        {newWines.length ? (
          <Shelf id="new" title={t('home.newTitle')} to={fresh ? `/product?idFeatured=${fresh}` : '/product?sort=NEWEST'}>
            <div className="product-grid home-product-grid">
              {newWines.map((p) => (
                <ProductCard key={p.id} product={p} />
              ))}
            </div>
          </Shelf>
        ) : null}
        {magazines.length ? (
          <Shelf id="magazines" title={t('magazine.title')} to="/magazine">
            <div className="content-grid">
              {magazines.map((m) => (
                <MagazineCard key={m.id} m={m} headingLevel={3} />
              ))}
            </div>
          </Shelf>
        ) : null}
        {events.length ? (
          <Shelf id="events" title={t('event.title')} to="/event">
            <div className="content-grid">
              {events.map((e) => (
                <EventCard key={e.id} e={e} headingLevel={3} />
              ))}
            </div>
          </Shelf>
        ) : null}
        {wineries.length ? (
          <Shelf id="wineries" title={t('home.wineriesTitle')} to="/winery">
            <div className="winery-grid">
              {wineries.map((w) => (
                <WineryCard key={w.id} winery={w} />
              ))}
            </div>
          </Shelf>
        ) : null}
      </div>
      <section className="container pb-5" aria-labelledby="features-title">
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
                  {t('home.learnMore')} <span aria-hidden="true">→</span>
                  <span className="visually-hidden">: {f.title}</span>
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
          <SiteLink to={user ? '/product' : '/account/signup'} className="btn btn-primary btn-lg flex-shrink-0">
            {user ? t('home.ctaPortfolio') : t('home.tradeSignup')}
          </SiteLink>
        </div>
      </section>
    </>
  );
}
