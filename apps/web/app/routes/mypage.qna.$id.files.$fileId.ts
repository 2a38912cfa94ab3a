import type { Route } from './+types/mypage.qna.$id.files.$fileId';
import { passDownload } from '../lib/download.server';
import { idParam } from '../lib/catalog.server';
import { memberApi } from '../lib/session.server';

/** Downloads a file of one of the member's inquiries (the API checks it is theirs). */
export function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idParam(params.id);
  return passDownload(context, `/mypage/qna/${id}`, () => memberApi(request, context).qnaFile({ params: { id, fileId: params.fileId } }));
}
