import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal';

/**
 * A small 'are you sure?' dialog for an action that cannot be undone (leaving, logging out everywhere, unlinking an
 * account): a title, a note, Cancel (focused first, so Enter does not confirm by accident) and the action in red.
 */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  id,
  title,
  note,
  confirmText,
  alert = false,
}: {
  open: boolean;
  onClose(): void;
  onConfirm(): void;
  /** Prefix of the element ids and test ids (`{id}-confirm`, `{id}-confirm-ok`, `{id}-confirm-title`). */
  id: string;
  title: ReactNode;
  note: ReactNode;
  confirmText: ReactNode;
  /** role="alertdialog", with the note as its description: for the gravest actions. */
  alert?: boolean;
}) {
  const { t } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      width={328}
      labelledBy={`${id}-confirm-title`}
      describedBy={alert ? `${id}-confirm-text` : undefined}
      role={alert ? 'alertdialog' : 'dialog'}
      testId={`${id}-confirm`}
      initialFocus={cancelRef}
    >
      <div className="p-4 text-center">
        <h3 id={`${id}-confirm-title`} className="h6 fw-bold">
          {title}
        </h3>
        <p id={`${id}-confirm-text`} className="small text-body-secondary mb-0">
          {note}
        </p>
      </div>
      <div className="d-flex border-top">
        <button
          ref={cancelRef}
          type="button"
          className="btn btn-link flex-fill py-3 text-body-secondary border-end rounded-0"
          onClick={onClose}
        >
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-link flex-fill py-3 fw-bold text-danger rounded-0"
          data-testid={`${id}-confirm-ok`}
          onClick={onConfirm}
        >
          {confirmText}
        </button>
      </div>
    </Modal>
  );
}
