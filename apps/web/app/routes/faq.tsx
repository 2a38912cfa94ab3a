import { useTranslation } from 'react-i18next';
import type { Route } from './+types/faq';
import { faqLoader } from '../lib/content.server';
import { blocksText, seoMeta } from '../lib/meta';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { FaqBoard } from '../components/content/boards';

export const loader = ({ request, context }: Route.LoaderArgs) => faqLoader(request, context);

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.data as { messages?: { board?: { faqTitle: string; faqLead: string } } };
  const m = root?.messages?.board;
  if (!d || !m) return [];
  return seoMeta(matches, {
    title: m.faqTitle,
    description: m.faqLead,
    url: `${d.origin}/faq`,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: d.faqs.slice(0, 30).map((f) => ({
          '@type': 'Question',
          name: f.question,
          acceptedAnswer: { '@type': 'Answer', text: blocksText(f.answer) },
        })),
      },
    ],
  });
};

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="container page-body board-page">
      <Breadcrumb crumbs={[{ to: '/', label: t('common.home') }, { label: t('board.faqTitle') }]} />
      <h1 className="page-title">{t('board.faqTitle')}</h1>
      <p className="text-body-secondary">{t('board.faqLead')}</p>
      <FaqBoard {...loaderData} />
    </div>
  );
}
