import { useTranslation } from 'react-i18next';
import type { Route } from './+types/mypage.notices';
import { noticesLoader } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import { NoticeBoard } from '../components/content/boards';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.mypage.notices),
  { name: 'robots', content: 'noindex' },
];
export const loader = ({ request, context }: Route.LoaderArgs) => noticesLoader(request, context);

/** The notices inside the my page (customer service group); the same board as /notice. */
export default function MyNotices({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="mypage-panel board-panel" aria-labelledby="notices-title">
      <h2 id="notices-title" className="h5 fw-bold mb-3">
        {t('mypage.notices')}
      </h2>
      <NoticeBoard {...loaderData} base="/mypage/notices" />
    </section>
  );
}
