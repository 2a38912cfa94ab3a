import { useTranslation } from 'react-i18next';
import type { Route } from './+types/career._index';
import { careersLoader } from '../lib/content.server';
import { seoMeta } from '../lib/meta';
import { useRoot } from '../lib/site';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { FastLink } from '../components/fast-link';
import { kstDateTime } from '../components/commerce/order-view';
import { htmlLang } from '../components/content/blocks';

export const loader = ({ request, context }: Route.LoaderArgs) => careersLoader(request, context);

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.data as { messages?: { career?: { title: string; lead: string } } };
  const m = root?.messages?.career;
  return d && m ? seoMeta(matches, { title: m.title, description: m.lead, url: `${d.origin}/career` }) : [];
};

/** Open positions and how to apply. */
export default function Careers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, site } = useRoot();
  const { positions } = loaderData;
  return (
    <div className="container page-body board-page">
      <Breadcrumb crumbs={[{ to: '/', label: t('common.home') }, { label: t('career.title') }]} />
      <h1 className="page-title">{t('career.title')}</h1>
      <p className="text-body-secondary">{t('career.lead')}</p>
      {positions.length === 0 ? (
        <p className="empty-state text-center text-body-secondary py-5" role="status" data-testid="career-empty">
          {t('career.none')}
        </p>
      ) : (
        <ul className="board-list list-unstyled">
          {positions.map((p) => (
            <li key={p.id} className="board-row" data-testid="career-row">
              <span className="board-chip">{t('career.open')}</span>
              <FastLink to={`/career/${p.id}`} className="board-title" lang={p.lang !== lang ? htmlLang(p.lang) : undefined}>
                {p.title}
              </FastLink>
              <time className="board-date" dateTime={p.publishedAt}>
                {kstDateTime(p.publishedAt, lang, false)}
              </time>
            </li>
          ))}
        </ul>
      )}
      <section className="service-cta mt-4" aria-labelledby="career-apply-title">
        <h2 id="career-apply-title" className="h5 fw-bold">
          {t('career.applyTitle')}
        </h2>
        <p className="mb-0">
          {t('career.applyText')}{' '}
          <a href={`mailto:${site.company.email}`} className="text-decoration-underline">
            {site.company.email}
          </a>
        </p>
      </section>
    </div>
  );
}
