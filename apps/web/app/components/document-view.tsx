import { useTranslation } from 'react-i18next';
import type { TDocument } from '@podo/contracts';
import { kstDateTime } from './commerce/order-view';
import { useRoot } from '../lib/site';
import { Blocks, htmlLang } from './content/blocks';

/**
 * A terms or policy document: its articles with a table of contents. The text may be the Korean original on a page
 * in another language (it then says so, and carries lang="ko"). `idPrefix` keeps anchors unique on a page.
 */
export function DocumentView({ doc, idPrefix = 'article', headingLevel = 2 }: { doc: TDocument; idPrefix?: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="document-view" data-testid="document-view">
      <p className="document-meta small text-body-secondary">
        {t('terms.effective', { date: kstDateTime(doc.effectiveAt, lang, false) })} · {t('terms.version', { version: doc.version })}
      </p>
      {doc.lang !== lang ? (
        <p className="document-original-note small" data-testid="document-original-note">
          {t('terms.originalOnly')}
        </p>
      ) : null}
      <div lang={htmlLang(doc.lang)}>
        <p className="document-intro">{doc.intro}</p>
        <nav className="document-toc" aria-label={t('terms.toc')}>
          <ol>
            {doc.articles.map((a, i) => (
              <li key={i}>
                <a href={`#${idPrefix}-${i + 1}`}>{a.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        {doc.articles.map((a, i) => (
          <section key={i} className="document-article" aria-labelledby={`${idPrefix}-${i + 1}`}>
            <H id={`${idPrefix}-${i + 1}`} className="document-heading">
              {a.heading}
            </H>
            <Blocks blocks={a.blocks} />
          </section>
        ))}
      </div>
    </div>
  );
}
