import { useTranslation } from 'react-i18next';
import type { Route } from './+types/about';
import { aboutLoader } from '../lib/content.server';
import { rootMessages, seoMeta } from '../lib/meta';
import { useRoot } from '../lib/site';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { FastLink } from '../components/fast-link';
import { SiteLink } from '../components/site-link';
import { groupDigits } from '../lib/format';
import { htmlLang, htmlLangOf } from '../components/content/blocks';

export const loader = ({ request, context }: Route.LoaderArgs) => aboutLoader(request, context);

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const m = rootMessages(matches)?.about;
  const root = matches.find((x) => x?.id === 'root')?.data as { site?: { brandName: string; description: string } } | undefined;
  if (!d || !m || !root?.site) return [];
  return seoMeta(matches, {
    title: m.title,
    description: root.site.description,
    url: `${d.origin}/about`,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'AboutPage',
        url: `${d.origin}/about`,
        mainEntity: { '@type': 'Organization', name: root.site.brandName, url: d.origin, numberOfEmployees: d.team.length || undefined },
      },
    ],
  });
};

/** Two letters of a name for its avatar: the family name of a Korean name, or the initials of a romanised one. */
function initials(name: string): string {
  if (/^[\uac00-\ud7a3]/.test(name)) return name.slice(0, 1);
  return name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** The company (spec §2 /about): story, what it imports, team, milestones, certifications and how to reach it. */
export default function About({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { site, lang } = useRoot();
  const { team, countries, wineries, wines, history, certifications } = loaderData;
  const c = site.company;
  const top = [...countries].sort((a, b) => b.qty - a.qty);
  return (
    <div className="container page-body about-page" data-testid="about-page">
      <Breadcrumb crumbs={[{ to: '/', label: t('common.home') }, { label: t('about.title') }]} />
      <section className="about-hero" aria-labelledby="about-title">
        <h1 id="about-title" className="page-title">
          {t('about.title')}
        </h1>
        <p className="lead">{t('about.lead', { brand: site.brandName })}</p>
        <p>{t('about.story1')}</p>
        <p>{t('about.story2', { brand: site.brandName })}</p>
      </section>

      <section className="about-section" aria-labelledby="about-imports">
        <h2 id="about-imports" className="section-title">
          {t('about.importsTitle')}
        </h2>
        <dl className="about-figures">
          <div>
            <dt>{t('about.countries')}</dt>
            <dd data-testid="about-countries">{groupDigits(countries.length)}</dd>
          </div>
          <div>
            <dt>{t('about.wineries')}</dt>
            <dd>{groupDigits(wineries)}</dd>
          </div>
          <div>
            <dt>{t('about.wines')}</dt>
            <dd>{groupDigits(wines)}</dd>
          </div>
        </dl>
        {top.length ? (
          <ul className="about-countries list-unstyled" aria-label={t('about.countries')}>
            {top.map((k) => (
              <li key={k.countryCode}>
                <FastLink to={`/product?countryName=${encodeURIComponent(k.name)}`} className="board-tab">
                  {k.name} <span className="text-body-secondary">({k.qty})</span>
                </FastLink>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-3 mb-0">
          <SiteLink to="/service" className="fw-semibold">
            {t('about.servicesLink')} <span aria-hidden="true">→</span>
          </SiteLink>
        </p>
      </section>

      {team.length ? (
        <section className="about-section" aria-labelledby="about-team">
          <h2 id="about-team" className="section-title">
            {t('about.teamTitle')}
          </h2>
          <ul className="about-team list-unstyled" data-testid="about-team">
            {team.map((m) => (
              <li key={m.id} className="about-member" data-testid="team-member">
                <span className="about-avatar" aria-hidden="true">
                  {initials(m.name)}
                </span>
                <div>
                  <h3 className="about-member-name">{m.name}</h3>
                  <p className="about-member-role">{m.role}</p>
                  <p className="about-member-bio" lang={htmlLangOf(m.bioLang, lang)}>
                    {m.bio}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {history.length ? (
        <section className="about-section" aria-labelledby="about-history">
          <h2 id="about-history" className="section-title">
            {t('about.historyTitle')}
          </h2>
          <ol className="about-history list-unstyled">
            {history.map((h) => (
              <li key={h.year + h.text}>
                <span className="about-year">{h.year}</span>
                <span lang={h.lang ? htmlLang(h.lang) : undefined}>{h.text}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {certifications.length ? (
        <section className="about-section" aria-labelledby="about-certs">
          <h2 id="about-certs" className="section-title">
            {t('about.certificationsTitle')}
          </h2>
          <ul className="about-certs list-unstyled">
            {certifications.map((x) => (
              <li key={x.name.text} className="about-cert">
                <span className="about-cert-name" lang={x.name.lang ? htmlLang(x.name.lang) : undefined}>
                  {x.name.text}
                </span>
                <span className="about-cert-issuer">
                  <span lang={x.issuer.lang ? htmlLang(x.issuer.lang) : undefined}>{x.issuer.text}</span> · {x.year}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="row g-4 mt-2">
        <section className="col-md-6" aria-labelledby="about-contact">
          <div className="card h-100">
            <div className="card-body">
              <h2 id="about-contact" className="h5 fw-bold">
                {t('about.contactTitle')}
              </h2>
              <dl className="mb-0">
                <dt className="small text-body-secondary">{t('footer.phone')}</dt>
                <dd>
                  <a href={`tel:${site.mainPhone.replace(/-/g, '')}`}>{site.mainPhone}</a>
                </dd>
                <dt className="small text-body-secondary">{t('footer.email')}</dt>
                <dd className="mb-0">
                  <a href={`mailto:${c.email}`}>{c.email}</a>
                </dd>
              </dl>
            </div>
          </div>
        </section>
        <section className="col-md-6" aria-labelledby="about-visit">
          <div className="card h-100">
            <div className="card-body">
              <h2 id="about-visit" className="h5 fw-bold">
                {t('about.visitTitle')}
              </h2>
              <p className="mb-1 fw-semibold">{c.name}</p>
              <p>{c.address}</p>
              <SiteLink to="/contact" className="fw-semibold">
                {t('footer.directions')} <span aria-hidden="true">→</span>
              </SiteLink>
            </div>
          </div>
        </section>
      </div>
    </div>
  );
}
