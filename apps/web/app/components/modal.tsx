import { useEffect, useRef, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useModalLayer } from '../lib/modal-layer';

interface ModalProps {
  open: boolean;
  onClose(): void;
  /** Spec widths: 328, 500, 586 or 1140 px (narrower on small screens). */
  width?: 328 | 500 | 586 | 1140;
  labelledBy: string;
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
  testId?: string;
  initialFocus?: RefObject<HTMLElement | null>;
  children: React.ReactNode;
}

let openCount = 0;

/**
 * Accessible modal, portaled to <body> (so that making the page inert leaves it usable): hides the page scroll while
 * open, closes on backdrop click and Escape, keeps Tab inside, and gives focus back to its opener on closing.
 */
export function Modal({
  open,
  onClose,
  width = 500,
  labelledBy,
  describedBy,
  role = 'dialog',
  testId,
  initialFocus,
  children,
}: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  useModalLayer(open, panel, onClose, { initialFocus: () => initialFocus?.current ?? panel.current });

  useEffect(() => {
    if (!open) return;
    openCount += 1;
    document.body.classList.add('modal-open-lock');
    return () => {
      openCount -= 1;
      if (openCount === 0) document.body.classList.remove('modal-open-lock');
    };
  }, [open]);

  // Only ever open in the browser (opened by effects and events), where <body> is there to portal into.
  if (!open || typeof document === 'undefined') return null;
  return createPortal(
    <div
      className="app-modal-backdrop"
      data-testid={testId ? `${testId}-backdrop` : undefined}
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        ref={panel}
        className="app-modal"
        style={{ maxWidth: width }}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        data-testid={testId}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
