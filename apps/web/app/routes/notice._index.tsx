import { useTranslation } from 'react-i18next';
import type { Route } from './+types/notice._index';
import { noticesLoader } from '../lib/content.server';
import { seoMeta } from '../lib/meta';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { NoticeBoard } from '../components/content/boards';

export const loader = ({ request, context }: Route.LoaderArgs) => noticesLoader(request, context);

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.data as { messages?: { board?: { noticesTitle: string; noticesLead: string } } };
  const m = root?.messages?.board;
  return d && m ? seoMeta(matches, { title: m.noticesTitle, description: m.noticesLead, url: `${d.origin}/notice` }) : [];
};

export default function Notices({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="container page-body board-page">
      <Breadcrumb crumbs={[{ to: '/', label: t('common.home') }, { label: t('board.noticesTitle') }]} />
      <h1 className="page-title">{t('board.noticesTitle')}</h1>
      <p className="text-body-secondary">{t('board.noticesLead')}</p>
      <NoticeBoard {...loaderData} base="/notice" />
    </div>
  );
}
