import { useTranslation } from 'react-i18next';
import { useRoot } from '../lib/site';
import { aroundName, textLang } from '../lib/text-lang';
import { InstagramIcon, Logo } from './icons';
import { SiteLink } from './site-link';

export function Footer() {
  const { t } = useTranslation();
  const { site } = useRoot();
  const c = site.company;
  const langOf = (k: keyof typeof c.textLangs) => textLang(c.textLangs[k]);
  const rows: [string, string, string | undefined][] = [
    [t('footer.ceo'), c.ceo, langOf('ceo')],
    [t('footer.brn'), c.businessRegistrationNumber, undefined],
    [t('footer.mailOrder'), c.mailOrderNumber, langOf('mailOrderNumber')],
    [t('footer.liquorLicense'), c.liquorLicense, langOf('liquorLicense')],
    [t('footer.address'), c.address, langOf('address')],
    [t('footer.fax'), c.fax, undefined],
    [t('footer.email'), c.email, undefined],
    [t('footer.privacyOfficer'), c.privacyOfficer, langOf('privacyOfficer')],
  ];
  const nameLang = langOf('name');
  const [before, after] = aroundName(t('footer.copyright', { year: new Date().getFullYear(), company: c.name }), c.name);
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="container">
        <div className="footer-top d-flex flex-column flex-md-row justify-content-between gap-3 py-4 border-bottom border-secondary-subtle">
          <nav className="footer-links d-flex flex-wrap gap-3" aria-label={t('footer.companyInfo')}>
            <SiteLink to="/product">{t('footer.product')}</SiteLink>
            <SiteLink to="/about">{t('footer.company')}</SiteLink>
            <SiteLink to="/contact">{t('footer.directions')}</SiteLink>
            <SiteLink to="/career">{t('nav.career')}</SiteLink>
            <SiteLink to="/store">{t('store.title')}</SiteLink>
            <SiteLink to="/notice">{t('board.noticesTitle')}</SiteLink>
            <SiteLink to="/faq">{t('board.faqTitle')}</SiteLink>
            <SiteLink to="/terms?type=TERM">{t('footer.terms')}</SiteLink>
            <SiteLink to="/terms?type=PRIVACY" className="fw-bold">
              {t('footer.privacy')}
            </SiteLink>
          </nav>
          <div className="d-flex align-items-center gap-3">
            <span className="visually-hidden">{t('footer.familySite')}</span>
            {site.familySites.map((f) => (
              <a key={f.key} href={f.url} target="_blank" rel="noopener noreferrer" className="small">
                {f.name}
              </a>
            ))}
            {site.social.map((s) => (
              <a
                key={s.url}
                href={s.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${t('footer.social')}: ${s.type}`}
                className="footer-social"
              >
                <InstagramIcon size={22} />
              </a>
            ))}
          </div>
        </div>
        <div className="row py-4 g-4">
          <div className="col-lg-3">
            <Logo brand={site.brandName} size={28} />
            <p className="footer-phone mt-3 mb-0">
              <span className="d-block small text-body-tertiary">{t('footer.phone')}</span>
              <a href={`tel:${site.mainPhone.replace(/-/g, '')}`} className="fs-4 fw-bold">
                {site.mainPhone}
              </a>
            </p>
          </div>
          <div className="col-lg-9">
            <h2 className="visually-hidden">{t('footer.companyInfo')}</h2>
            <p className="fw-bold mb-2" lang={nameLang}>
              {c.name}
            </p>
            <dl className="footer-company small mb-3">
              {rows
                .filter(([, v]) => v)
                .map(([k, v, l]) => (
                  <div key={k}>
                    <dt>{k}</dt>
                    <dd lang={l}>{v}</dd>
                  </div>
                ))}
            </dl>
            <p className="small mb-1">{t('footer.ageNotice')}</p>
            <p className="small text-body-tertiary mb-0" data-testid="copyright">
              {after === undefined ? (
                before
              ) : (
                <>
                  {before}
                  <span lang={nameLang}>{c.name}</span>
                  {after}
                </>
              )}
            </p>
          </div>
        </div>
      </div>
    </footer>
  );
}
