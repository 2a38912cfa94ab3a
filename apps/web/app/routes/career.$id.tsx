import { data } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/career.$id';
import { noticeLoader } from '../lib/content.server';
import { seoMeta } from '../lib/meta';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { NoticeArticle } from '../components/content/boards';
import { htmlLangOf } from '../components/content/blocks';
import { useRoot } from '../lib/site';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const d = await noticeLoader(request, context, params.id);
  // A notice is not a position.
  if (d.post.type !== 'CAREER') throw data('This page could not be found', { status: 404 });
  return d;
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: '404 | This page could not be found' }, { name: 'robots', content: 'noindex' }];
  const body = d.post.body.map((b) => (typeof b === 'string' ? b : b.join(' '))).join(' ');
  // A text shown in its Korean original on another language's page: the title and description stay in the page's.
  const root = matches.find((m) => m?.id === 'root')?.data as
    { lang?: string; messages?: Record<string, Record<string, string>> } | undefined;
  const own = root?.lang === undefined || root.lang === d.post.lang;
  const section = root?.messages?.career;
  return seoMeta(matches, {
    title: own ? d.post.title : (section?.title ?? d.post.title),
    description: own ? body : (section?.lead ?? body),
    url: `${d.origin}/career/${d.post.id}`,
    type: 'article',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'JobPosting',
        title: d.post.title,
        description: body,
        datePosted: d.post.publishedAt,
        hiringOrganization: {
          '@type': 'Organization',
          name: (matches.find((m) => m?.id === 'root')?.data as { site?: { company?: { name?: string } } })?.site?.company?.name,
        },
      },
    ],
  });
};

export default function Career({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  return (
    <div className="container page-body board-page">
      <Breadcrumb
        crumbs={[
          { to: '/', label: t('common.home') },
          { to: '/career', label: t('career.title') },
          { label: loaderData.post.title, lang: htmlLangOf(loaderData.post.lang, lang) },
        ]}
      />
      <h1 className="visually-hidden">{t('career.title')}</h1>
      <NoticeArticle post={loaderData.post} base="/career" kind={t('career.open')} />
    </div>
  );
}
