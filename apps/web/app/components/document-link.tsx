import { useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DocumentType, TDocument } from '@podo/contracts';
import { CloseIcon } from './icons';
import { Modal } from './modal';
import { SiteLink } from './site-link';
import { DocumentView } from './document-view';

/**
 * A link to a terms document that opens it in a dialog over the page (sign-up keeps what was typed), loading it
 * from the /terms page's loader. Without JavaScript, or with a modified click, it is a plain link to /terms.
 */
export function DocumentLink({
  type,
  label,
  children,
  testId,
}: {
  type: DocumentType;
  label: string;
  children: React.ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<{ doc: TDocument }>({ key: `document-${type}` });
  const href = `/terms?type=${type}`;
  useEffect(() => {
    if (open && fetcher.state === 'idle' && !fetcher.data) void fetcher.load(href);
  }, [open, fetcher, href]);
  const doc = fetcher.data?.doc;
  return (
    <>
      <SiteLink
        to={href}
        className="small text-nowrap"
        aria-label={label}
        aria-haspopup="dialog"
        data-testid={testId}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
          e.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </SiteLink>
      <Modal open={open} onClose={() => setOpen(false)} width={586} labelledBy={titleId} testId={`document-modal-${type}`}>
        <div className="document-modal">
          <div className="document-modal-head">
            <h2 id={titleId} className="h5 fw-bold mb-0">
              {t(`terms.types.${type}`)}
            </h2>
            <button type="button" className="document-modal-x" aria-label={t('terms.close')} onClick={() => setOpen(false)}>
              <CloseIcon />
            </button>
          </div>
          <div className="document-modal-body" tabIndex={0} role="region" aria-labelledby={titleId}>
            {doc ? (
              <DocumentView doc={doc} idPrefix={`modal-${type}`} headingLevel={3} />
            ) : fetcher.state !== 'idle' ? (
              <p className="text-body-secondary" role="status">
                {t('terms.loading')}
              </p>
            ) : (
              <p className="text-danger" role="alert">
                {t('terms.failed')}
              </p>
            )}
          </div>
          <div className="document-modal-foot">
            <a href={href} target="_blank" rel="noopener" className="small">
              {t('terms.openPage')}
            </a>
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setOpen(false)} data-testid="document-modal-close">
              {t('terms.close')}
            </button>
          </div>
        </div>
      </Modal>
    </>
  );
}
