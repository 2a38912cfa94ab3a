import type { Route } from './+types/mypage.notices.$id';
import { noticeLoader } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import { NoticeArticle } from '../components/content/boards';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.mypage.notices),
  { name: 'robots', content: 'noindex' },
];
export const loader = ({ request, context, params }: Route.LoaderArgs) => noticeLoader(request, context, params.id);

export default function MyNotice({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mypage-panel board-panel">
      <NoticeArticle post={loaderData.post} base="/mypage/notices" />
    </section>
  );
}
