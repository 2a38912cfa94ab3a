import { useState } from 'react';
import { useLocation, useSubmit } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/mypage.qna.$id';
import { deleteQnaAction, qnaLoader } from '../lib/qna.server';
import { pageMeta } from '../lib/meta';
import { useRoot } from '../lib/site';
import { formatBytes } from '../lib/account-rules';
import { FastLink } from '../components/fast-link';
import { ConfirmDialog } from '../components/confirm-dialog';
import { kstDateTime } from '../components/commerce/order-view';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.mypage.qna),
  { name: 'robots', content: 'noindex' },
];
export const loader = ({ request, context, params }: Route.LoaderArgs) => qnaLoader(request, context, params.id);
export const action = ({ request, context, params }: Route.ActionArgs) => deleteQnaAction(request, context, params.id);

/** One inquiry: its state, question and files, the importer's answer, and deleting it while it waits. */
export default function MyQna({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const { search } = useLocation();
  const submit = useSubmit();
  const [confirming, setConfirming] = useState(false);
  const q = loaderData.qna;
  const sent = new URLSearchParams(search).get('sent') === '1';
  return (
    <section className="mypage-panel qna-detail" aria-labelledby="qna-detail-title" data-testid="qna-detail">
      {sent ? (
        <p className="alert alert-success py-2" role="status" data-testid="qna-sent">
          {t('qna.sent')}
        </p>
      ) : null}
      {actionData && !actionData.ok ? (
        <p className="alert alert-danger py-2" role="alert">
          {actionData.error.message}
        </p>
      ) : null}
      <header className="qna-head">
        <span className={`qna-state is-${q.status.toLowerCase()}`} data-testid="qna-status">
          {q.statusName}
        </span>
        <span className="text-body-secondary small">{q.category.name}</span>
        <h2 id="qna-detail-title" className="h5 fw-bold w-100 mb-0" translate="no">
          {q.title}
        </h2>
        <time className="small text-body-secondary" dateTime={q.createdAt}>
          {kstDateTime(q.createdAt, lang)}
        </time>
      </header>
      {/* The member's words and the importer's answer, as written (not translated). */}
      <div className="qna-body" translate="no">
        {q.content}
      </div>
      {q.files.length ? (
        <div className="qna-attachments">
          <h3 className="h6 fw-bold">{t('qna.files')}</h3>
          <ul className="list-unstyled mb-0">
            {q.files.map((f) => (
              <li key={f.id}>
                <a href={`/mypage/qna/${q.id}/files/${f.id}`} download data-testid="qna-file" translate="no">
                  {f.name}
                </a>{' '}
                <span className="small text-body-secondary">({formatBytes(f.size)})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className={`qna-answer ${q.answer ? 'is-answered' : ''}`} data-testid="qna-answer">
        <h3 className="h6 fw-bold">
          {t('qna.answer')}
          {q.answeredAt ? (
            <time className="fw-normal small text-body-secondary ms-2" dateTime={q.answeredAt}>
              {kstDateTime(q.answeredAt, lang)}
            </time>
          ) : null}
        </h3>
        {q.answer ? (
          // Rich text the API cleaned (allowed tags only, safe links, own pictures) before it stored it.
          <div className="qna-answer-body" translate="no" dangerouslySetInnerHTML={{ __html: q.answer }} />
        ) : (
          <p className="mb-0">{t('qna.waiting')}</p>
        )}
      </div>
      <div className="d-flex flex-wrap gap-2 justify-content-between mt-4">
        <FastLink to="/mypage/qna" className="btn btn-outline-primary">
          {t('board.toList')}
        </FastLink>
        {q.status === 'WAITING' ? (
          <form
            method="post"
            onSubmit={(e) => {
              e.preventDefault();
              setConfirming(true);
            }}
          >
            <button type="submit" className="btn btn-outline-danger" data-testid="qna-delete">
              {t('qna.delete')}
            </button>
          </form>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void submit(null, { method: 'post' });
        }}
        id="qna-delete"
        title={t('qna.deleteConfirm')}
        note={t('qna.deleteNote')}
        confirmText={t('qna.delete')}
      />
    </section>
  );
}
