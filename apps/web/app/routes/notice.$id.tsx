import { useTranslation } from 'react-i18next';
import type { Route } from './+types/notice.$id';
import { noticeLoader } from '../lib/content.server';
import { seoMeta } from '../lib/meta';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { NoticeArticle } from '../components/content/boards';
import { htmlLangOf } from '../components/content/blocks';
import { useRoot } from '../lib/site';

export const loader = ({ request, context, params }: Route.LoaderArgs) => noticeLoader(request, context, params.id);

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: '404 | This page could not be found' }, { name: 'robots', content: 'noindex' }];
  const body = d.post.body.map((b) => (typeof b === 'string' ? b : b.join(' '))).join(' ');
  // A text shown in its Korean original on another language's page: the title and description stay in the page's.
  const root = matches.find((m) => m?.id === 'root')?.data as
    { lang?: string; messages?: Record<string, Record<string, string>> } | undefined;
  const own = root?.lang === undefined || root.lang === d.post.lang;
  const section = root?.messages?.board;
  return seoMeta(matches, {
    title: own ? d.post.title : (section?.noticesTitle ?? d.post.title),
    description: own ? body : (section?.noticesLead ?? body),
    url: `${d.origin}/notice/${d.post.id}`,
    type: 'article',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: d.post.title,
        datePublished: d.post.publishedAt,
        inLanguage: d.post.lang,
        url: `${d.origin}/notice/${d.post.id}`,
      },
    ],
  });
};

export default function Notice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  return (
    <div className="container page-body board-page">
      <Breadcrumb
        crumbs={[
          { to: '/', label: t('common.home') },
          { to: '/notice', label: t('board.noticesTitle') },
          { label: loaderData.post.title, lang: htmlLangOf(loaderData.post.lang, lang) },
        ]}
      />
      <h1 className="visually-hidden">{t('board.noticesTitle')}</h1>
      <NoticeArticle post={loaderData.post} base="/notice" />
    </div>
  );
}
