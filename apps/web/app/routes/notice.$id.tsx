import { useTranslation } from 'react-i18next';
import type { Route } from './+types/notice.$id';
import { noticeLoader } from '../lib/content.server';
import { seoMeta } from '../lib/meta';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { NoticeArticle } from '../components/content/boards';

export const loader = ({ request, context, params }: Route.LoaderArgs) => noticeLoader(request, context, params.id);

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: '404 | This page could not be found' }, { name: 'robots', content: 'noindex' }];
  const body = d.post.body.map((b) => (typeof b === 'string' ? b : b.join(' '))).join(' ');
  return seoMeta(matches, {
    title: d.post.title,
    description: body,
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
  return (
    <div className="container page-body board-page">
      <Breadcrumb
        crumbs={[{ to: '/', label: t('common.home') }, { to: '/notice', label: t('board.noticesTitle') }, { label: loaderData.post.title }]}
      />
      <h1 className="visually-hidden">{t('board.noticesTitle')}</h1>
      <NoticeArticle post={loaderData.post} base="/notice" />
    </div>
  );
}
