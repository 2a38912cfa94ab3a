import { data } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/career.$id';
import { noticeLoader } from '../lib/content.server';
import { blocksText, postMeta, rootMessages } from '../lib/meta';
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
  const m = rootMessages(matches)?.career;
  const company = (matches.find((x) => x?.id === 'root')?.data as { site?: { company?: { name?: string } } } | undefined)?.site?.company
    ?.name;
  return postMeta(matches, {
    post: d.post,
    url: `${d.origin}/career/${d.post.id}`,
    fallback: m && { title: m.title, description: m.lead },
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'JobPosting',
        title: d.post.title,
        description: blocksText(d.post.body),
        datePosted: d.post.publishedAt,
        hiringOrganization: { '@type': 'Organization', name: company },
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
