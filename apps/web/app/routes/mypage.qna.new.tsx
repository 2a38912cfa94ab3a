import { useState, type FormEvent } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QNA_CONTENT_MAX, QNA_FILES_MAX, QNA_TITLE_MAX } from '@podo/contracts';
import { CERTIFICATE_MAX_BYTES, CERTIFICATE_TYPES } from '@podo/contracts/rules';
import type { Route } from './+types/mypage.qna.new';
import { createQnaAction, qnaFormLoader } from '../lib/qna.server';
import { pageMeta } from '../lib/meta';
import { formatBytes } from '../lib/account-rules';
import { FastLink } from '../components/fast-link';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.qna.writeTitle),
  { name: 'robots', content: 'noindex' },
];
export const loader = ({ request, context }: Route.LoaderArgs) => qnaFormLoader(request, context);
export const action = ({ request, context }: Route.ActionArgs) => createQnaAction(request, context);

const MAX_MB = CERTIFICATE_MAX_BYTES / 1024 / 1024;

/**
 * Writing a 1:1 inquiry: a category (grouped by kind), a title, the question and up to five images or PDFs. It
 * posts as one multipart form, so it works without JavaScript; with it, files are checked before sending.
 */
export default function NewQna({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState('');
  const [length, setLength] = useState(0);
  const error = fileError || (result && !result.ok ? result.error.message : '');

  const pick = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    setFiles(chosen);
    if (chosen.length > QNA_FILES_MAX) setFileError(t('qna.filesMax', { count: QNA_FILES_MAX }));
    else {
      const big = chosen.find((f) => f.size > CERTIFICATE_MAX_BYTES);
      setFileError(big ? `${big.name}: ${t('qna.fileTooLarge', { mb: MAX_MB })}` : '');
    }
  };
  const submit = (e: FormEvent) => {
    if (fileError) e.preventDefault();
  };

  return (
    <section className="mypage-panel" aria-labelledby="qna-new-title" data-testid="qna-form">
      <h2 id="qna-new-title" className="h5 fw-bold mb-3">
        {t('qna.writeTitle')}
      </h2>
      {error ? (
        <p className="alert alert-danger py-2" role="alert" data-testid="qna-error">
          {error}
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="qna-form" onSubmit={submit} noValidate={false}>
        <div className="mb-3">
          <label htmlFor="qna-category" className="form-label fw-semibold">
            {t('qna.category')} <span className="text-danger">*</span>
          </label>
          <select id="qna-category" name="idCategory" className="form-select" required defaultValue="">
            <option value="" disabled>
              {t('qna.categoryPick')}
            </option>
            {loaderData.groups.map((g) => (
              <optgroup key={g.type} label={g.name}>
                {g.categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div className="mb-3">
          <label htmlFor="qna-title-input" className="form-label fw-semibold">
            {t('qna.title')} <span className="text-danger">*</span>
          </label>
          <input id="qna-title-input" name="title" className="form-control" required minLength={2} maxLength={QNA_TITLE_MAX} />
        </div>
        <div className="mb-3">
          <label htmlFor="qna-content" className="form-label fw-semibold">
            {t('qna.content')} <span className="text-danger">*</span>
          </label>
          <textarea
            id="qna-content"
            name="content"
            className="form-control"
            rows={8}
            required
            minLength={10}
            maxLength={QNA_CONTENT_MAX}
            aria-describedby="qna-content-count"
            onChange={(e) => setLength(e.target.value.length)}
          />
          <p id="qna-content-count" className="form-text text-end mb-0">
            {length.toLocaleString()} / {QNA_CONTENT_MAX.toLocaleString()}
          </p>
        </div>
        <div className="mb-3">
          <label htmlFor="qna-files" className="form-label fw-semibold">
            {t('qna.files')}
          </label>
          <input
            id="qna-files"
            name="files"
            type="file"
            multiple
            accept={[...CERTIFICATE_TYPES, '.jpg', '.jpeg', '.png', '.webp', '.pdf'].join(',')}
            className="form-control"
            aria-describedby="qna-files-help"
            onChange={(e) => pick(e.target.files)}
          />
          <p id="qna-files-help" className="form-text mb-1">
            {t('qna.filesHelp', { count: QNA_FILES_MAX, mb: MAX_MB })}
          </p>
          {files.length ? (
            <ul className="qna-files list-unstyled small mb-0" data-testid="qna-picked">
              {files.map((f) => (
                <li key={f.name + f.size}>
                  {f.name} <span className="text-body-secondary">({formatBytes(f.size)})</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="d-flex gap-2 justify-content-end">
          <FastLink to="/mypage/qna" className="btn btn-outline-secondary">
            {t('common.cancel')}
          </FastLink>
          <button type="submit" className="btn btn-primary" disabled={sending} aria-busy={sending || undefined} data-testid="qna-submit">
            {sending ? t('qna.sending') : t('qna.send')}
          </button>
        </div>
      </Form>
    </section>
  );
}
