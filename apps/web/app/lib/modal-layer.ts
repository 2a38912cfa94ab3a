import { useEffect, useRef, type RefObject } from 'react';
import { keepTabInside } from './focus-trap';

/** Open layers, innermost last: only the innermost answers Escape and Tab. */
const layers: object[] = [];

/**
 * Makes everything outside `box` inert: the siblings of `box` and of each of its ancestors up to <body>, except
 * `keep` (a backdrop that closes the layer on a click must stay clickable). Returns the undo, which only clears
 * what it set, so that nested layers unwind in order.
 */
function inertOutside(box: HTMLElement, keep: (HTMLElement | null)[]): () => void {
  const set: HTMLElement[] = [];
  for (let node: HTMLElement = box; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || !(sibling instanceof HTMLElement) || keep.includes(sibling) || sibling.inert) continue;
      if (sibling instanceof HTMLScriptElement || sibling instanceof HTMLStyleElement || sibling instanceof HTMLLinkElement) continue;
      sibling.inert = true;
      set.push(sibling);
    }
  }
  return () => set.forEach((el) => (el.inert = false));
}

export interface ModalLayerOptions {
  /** Where focus goes on opening (default: left where it is, e.g. for a field that focuses itself). */
  initialFocus?: () => HTMLElement | null | undefined;
  /** Wait before moving focus in (ms), for a panel that slides in. */
  focusDelay?: number;
  /** Elements outside `box` that stay usable (a backdrop). */
  keep?: RefObject<HTMLElement | null>[];
}

/**
 * One modal layer (dialog, drawer, full-screen search): while `open`, the rest of the page is inert (not focusable,
 * not clickable, hidden from screen readers), Tab and Shift+Tab cycle inside `box`, Escape calls `close`, and on
 * closing focus goes back to the element that had it when the layer opened (if focus was inside or lost).
 */
export function useModalLayer(open: boolean, box: RefObject<HTMLElement | null>, close: () => void, options: ModalLayerOptions = {}) {
  // The latest options and close without re-running the effect (callers pass them inline).
  const latest = useRef({ close, options });
  latest.current = { close, options };

  useEffect(() => {
    const el = box.current;
    if (!open || !el) return;
    const layer = {};
    layers.push(layer);
    const opener =
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const restore = inertOutside(
      el,
      (latest.current.options.keep ?? []).map((r) => r.current),
    );

    const focusIn = () => latest.current.options.initialFocus?.()?.focus();
    const delay = latest.current.options.focusDelay ?? 0;
    const timer = delay ? setTimeout(focusIn, delay) : undefined;
    if (!delay) focusIn();

    const onKey = (e: KeyboardEvent) => {
      if (layers[layers.length - 1] !== layer) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        latest.current.close();
      } else {
        keepTabInside(e, el);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', onKey);
      layers.splice(layers.indexOf(layer), 1);
      restore();
      const active = document.activeElement;
      if (opener?.isConnected && (!active || active === document.body || el.contains(active))) opener.focus();
    };
  }, [open, box]);
}
