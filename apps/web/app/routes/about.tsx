import { useTranslation } from 'react-i18next';
import type { Route } from './+types/about';
import { pageMeta } from '../lib/meta';
import { useRoot } from '../lib/site';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (m) => m.about.title);

export default function About() {
  const { t } = useTranslation();
  const { site } = useRoot();
  const c = site.company;
  return (
    <div className="container page-body">
      <nav aria-label={t('common.breadcrumb')} className="small text-body-secondary mb-3">
        {t('common.home')} / {t('about.title')}
      </nav>
      <h1 className="page-title">{t('about.title')}</h1>
      <p className="lead">{t('about.lead', { brand: site.brandName })}</p>
      <p>{site.description}</p>
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
              <p className="mb-0">{c.address}</p>
            </div>
          </div>
        </section>
      </div>
    </div>
  );
}
