import { useTranslation } from 'react-i18next';
import type { Route } from './+types/notice.$id';
import { noticeLoader } from '../lib/content.server';
import { postMeta, rootMessages } from '../lib/meta';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { NoticeArticle } from '../components/content/boards';
import { htmlLangOf } from '../components/content/blocks';
import { useRoot } from '../lib/site';

export const loader = ({ request, context, params }: Route.LoaderArgs) => noticeLoader(request, context, params.id);

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: '404 | This page could not be found' }, { name: 'robots', content: 'noindex' }];
  const m = rootMessages(matches)?.board;
  const url = `${d.origin}/notice/${d.post.id}`;
  return postMeta(matches, {
    post: d.post,
    url,
    fallback: m && { title: m.noticesTitle, description: m.noticesLead },
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: d.post.title,
        datePublished: d.post.publishedAt,
        inLanguage: d.post.lang,
        url,
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
