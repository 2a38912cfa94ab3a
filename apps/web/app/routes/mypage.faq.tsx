import { useTranslation } from 'react-i18next';
import type { Route } from './+types/mypage.faq';
import { faqLoader } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import { FaqBoard } from '../components/content/boards';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.mypage.faq),
  { name: 'robots', content: 'noindex' },
];
export const loader = ({ request, context }: Route.LoaderArgs) => faqLoader(request, context);

/** The FAQ inside the my page (customer service group); the same board as /faq. */
export default function MyFaq({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="mypage-panel board-panel" aria-labelledby="faq-title">
      <h2 id="faq-title" className="h5 fw-bold mb-3">
        {t('mypage.faq')}
      </h2>
      <FaqBoard {...loaderData} />
    </section>
  );
}
