import { useEffect, useRef, type RefObject } from 'react';
import { keepTabInside } from '../lib/focus-trap';

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

/** Accessible modal: hides the page scroll while open, closes on backdrop click and Escape, traps Tab. */
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

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    openCount += 1;
    document.body.classList.add('modal-open-lock');
    (initialFocus?.current ?? panel.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onClose();
      } else if (panel.current) {
        keepTabInside(e, panel.current);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openCount -= 1;
      if (openCount === 0) document.body.classList.remove('modal-open-lock');
      previous?.focus?.();
    };
  }, [open, onClose, initialFocus]);

  if (!open) return null;
  return (
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
    </div>
  );
}
