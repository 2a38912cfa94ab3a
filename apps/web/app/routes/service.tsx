import { useTranslation } from 'react-i18next';
import type { Route } from './+types/service';
import { publicOrigin } from '../lib/catalog.server';
import { seoMeta } from '../lib/meta';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { FastLink } from '../components/fast-link';

const SERVICES = ['consulting', 'list', 'training', 'tasting', 'logistics'] as const;

export const loader = ({ request, context }: Route.LoaderArgs) => ({ origin: publicOrigin(request, context) });

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.data as { messages?: { service?: { title: string; lead: string } } };
  const m = root?.messages?.service;
  return d && m ? seoMeta(matches, { title: m.title, description: m.lead, url: `${d.origin}/service` }) : [];
};

/** What the importer does for trade customers, and the way to start. */
export default function Service() {
  const { t } = useTranslation();
  return (
    <div className="container page-body service-page">
      <Breadcrumb crumbs={[{ to: '/', label: t('common.home') }, { label: t('service.title') }]} />
      <h1 className="page-title">{t('service.title')}</h1>
      <p className="lead">{t('service.lead')}</p>
      <ol className="service-list list-unstyled">
        {SERVICES.map((key, i) => (
          <li key={key} className="service-item" data-testid="service-item">
            <span className="service-number" aria-hidden="true">
              {String(i + 1).padStart(2, '0')}
            </span>
            <div>
              <h2 className="h5 fw-bold">{t(`service.items.${key}.title`)}</h2>
              <p className="mb-0">{t(`service.items.${key}.text`)}</p>
            </div>
          </li>
        ))}
      </ol>
      <section className="service-cta" aria-labelledby="service-cta-title">
        <h2 id="service-cta-title" className="h4 fw-bold">
          {t('service.ctaTitle')}
        </h2>
        <p>{t('service.ctaText')}</p>
        <div className="d-flex flex-wrap gap-2">
          <FastLink to="/account/signup" className="btn btn-primary">
            {t('service.ctaSignup')}
          </FastLink>
          <FastLink to="/contact" className="btn btn-outline-primary">
            {t('service.ctaContact')}
          </FastLink>
        </div>
      </section>
    </div>
  );
}
