import { useTranslation } from 'react-i18next';
import type { Route } from './+types/magazine.$id';
import { magazineLoader } from '../lib/content.server';
import { absoluteUrl, rootMessages, seoMeta } from '../lib/meta';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { FastLink } from '../components/fast-link';
import { MagazineLikeButton } from '../components/catalog/toggle-button';
import { COVER_HEIGHT, COVER_WIDTH, LinkedWines, Sections } from '../components/content/articles';
import { htmlLangOf } from '../components/content/blocks';
import { kstDateTime } from '../components/commerce/order-view';
import { useRoot } from '../lib/site';

export const loader = ({ request, context, params }: Route.LoaderArgs) => magazineLoader(request, context, params.id);

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: '404 | This page could not be found' }, { name: 'robots', content: 'noindex' }];
  const m = d.magazine;
  const root = matches.find((x) => x?.id === 'root')?.data as { lang?: string } | undefined;
  const own = root?.lang === undefined || root.lang === m.lang;
  const fallback = rootMessages(matches)?.magazine;
  const url = `${d.origin}/magazine/${m.id}`;
  const image = absoluteUrl(d.origin, m.coverUrl.replace(/\.svg$/, '.png'));
  return seoMeta(matches, {
    // A title in Korean on a page in another language would be untranslated text in the tab: the section's name then.
    title: own || !fallback ? m.title : fallback.title,
    description: own || !fallback ? m.summary : fallback.lead,
    url,
    image,
    type: 'article',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: m.title,
        description: m.summary,
        image,
        author: { '@type': 'Person', name: m.author },
        datePublished: m.publishedAt,
        articleSection: m.category.name,
        inLanguage: m.lang,
        url,
      },
    ],
  });
};

/** A magazine article: cover, title, author and date, like heart, text, and the wines it features. */
export default function Magazine({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const { magazine: m, kinds, wines } = loaderData;
  const textLang = htmlLangOf(m.lang, lang);
  return (
    <div className="container page-body content-page" data-testid="magazine-article">
      <Breadcrumb
        crumbs={[
          { to: '/', label: t('common.home') },
          { to: '/magazine', label: t('magazine.title') },
          { label: m.title, lang: textLang },
        ]}
      />
      <article className="content-article">
        <header className="content-article-head">
          <FastLink to={`/magazine?idCategory=${m.category.id}`} className="board-chip">
            {m.category.name}
          </FastLink>
          <h1 className="content-article-title" lang={textLang}>
            {m.title}
          </h1>
          <div className="content-article-meta">
            <span lang={textLang}>{m.author}</span>
            <span aria-hidden="true"> · </span>
            <time dateTime={m.publishedAt}>{kstDateTime(m.publishedAt, lang, false)}</time>
            <MagazineLikeButton id={m.id} isLiked={m.isLiked} likeCount={m.likeCount} title={textLang ? null : m.title} />
          </div>
          {m.lang !== lang ? <p className="document-original-note small">{t('board.originalOnly')}</p> : null}
        </header>
        <div className="content-article-cover">
          <img src={m.coverUrl} alt="" width={COVER_WIDTH} height={COVER_HEIGHT} fetchPriority="high" decoding="async" />
        </div>
        <div className="content-article-body" lang={textLang}>
          <p className="content-article-lead">{m.summary}</p>
          <Sections sections={m.sections} />
        </div>
      </article>
      <LinkedWines
        title={t('magazine.wines')}
        kinds={kinds}
        wines={wines}
        base={`/magazine/${m.id}`}
        portfolio={`/product?idMagazine=${m.id}&title=${encodeURIComponent(textLang ? t('magazine.wines') : m.title)}`}
      />
      <nav className="notice-nav content-nav" aria-label={t('board.neighbours')}>
        {m.newer ? (
          <FastLink to={`/magazine/${m.newer.id}`} data-testid="magazine-newer">
            <span className="notice-nav-label">{t('board.newer')}</span> <span lang={textLang}>{m.newer.title}</span>
          </FastLink>
        ) : null}
        {m.older ? (
          <FastLink to={`/magazine/${m.older.id}`} data-testid="magazine-older">
            <span className="notice-nav-label">{t('board.older')}</span> <span lang={textLang}>{m.older.title}</span>
          </FastLink>
        ) : null}
      </nav>
      <p className="mt-4">
        <FastLink to="/magazine" className="btn btn-outline-primary">
          {t('board.toList')}
        </FastLink>
      </p>
    </div>
  );
}
