import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api';
import { Modal } from './modal';

interface AlertState {
  isOpen: boolean;
  title: string;
  message: string;
}
interface AlertApi {
  /** Opens the global alert; `message` may contain HTML, which is sanitized before it is shown. */
  open(message: string, title?: string): void;
  close(): void;
  /** Shows an API failure the way spec §8 says: a 4xx shows the server's message, anything else a fixed text. */
  showError(error: unknown): void;
}

const AlertContext = createContext<AlertApi | null>(null);

/** window event that opens the global alert: detail { title?, message } (message may hold HTML; it is sanitized). */
export const ALERT_EVENT = 'app:alert';

export function useAlert(): AlertApi {
  const ctx = useContext(AlertContext);
  if (!ctx) throw new Error('useAlert outside AlertProvider');
  return ctx;
}

/** Sanitizes with DOMPurify, loaded only when an alert is first shown (it is not needed to render pages). */
function useSanitized(html: string): string | null {
  const [out, setOut] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setOut(null);
    void import('dompurify').then(({ default: DOMPurify }) => {
      if (!live) return;
      setOut(
        DOMPurify.sanitize(html, {
          ALLOWED_TAGS: ['b', 'strong', 'i', 'em', 'u', 'br', 'p', 'span', 'ul', 'ol', 'li', 'a', 'small'],
          ALLOWED_ATTR: ['href', 'target', 'rel', 'class'],
        }),
      );
    });
    return () => {
      live = false;
    };
  }, [html]);
  return out;
}

function AlertBody({ html }: { html: string }) {
  const safe = useSanitized(html);
  // Sanitized by DOMPurify with a short allow-list before it is set as HTML.
  return safe === null ? <span className="placeholder-glow" /> : <div dangerouslySetInnerHTML={{ __html: safe }} />;
}

export function AlertProvider({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const [state, setState] = useState<AlertState>({ isOpen: false, title: '', message: '' });
  const confirmRef = useRef<HTMLButtonElement>(null);

  const open = useCallback((message: string, title?: string) => setState({ isOpen: true, title: title ?? '', message }), []);
  const close = useCallback(() => setState((s) => ({ ...s, isOpen: false })), []);
  const showError = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.isClientError) open(error.message ?? '');
      else open(t('common.serverError'));
    },
    [open, t],
  );
  const api = useMemo(() => ({ open, close, showError }), [open, close, showError]);

  // Code outside React (scripts, future widgets) opens the same alert with an ALERT_EVENT.
  useEffect(() => {
    const onEvent = (e: Event) => {
      const d = (e as CustomEvent<{ message?: unknown; title?: unknown }>).detail ?? {};
      open(String(d.message ?? ''), typeof d.title === 'string' ? d.title : undefined);
    };
    window.addEventListener(ALERT_EVENT, onEvent);
    return () => window.removeEventListener(ALERT_EVENT, onEvent);
  }, [open]);

  return (
    <AlertContext.Provider value={api}>
      {children}
      <Modal
        open={state.isOpen}
        onClose={close}
        width={328}
        labelledBy="global-alert-title"
        describedBy="global-alert-message"
        role="alertdialog"
        testId="global-alert"
        initialFocus={confirmRef}
      >
        <div className="p-4 text-center">
          <h2 id="global-alert-title" className={state.title ? 'h6 fw-bold mb-2' : 'visually-hidden'}>
            {state.title || t('common.notice')}
          </h2>
          <div id="global-alert-message" className="global-alert-message">
            {state.isOpen ? <AlertBody html={state.message} /> : null}
          </div>
        </div>
        <div className="border-top">
          <button ref={confirmRef} type="button" className="btn btn-link w-100 py-3 fw-bold text-primary" onClick={close}>
            {t('common.confirm')}
          </button>
        </div>
      </Modal>
    </AlertContext.Provider>
  );
}
