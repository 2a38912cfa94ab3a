const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]';

/**
 * Whether Tab can reach `el`: in the tab order, not inert or hidden, rendered and visible, and not inside a closed
 * <details> (other than as that details' own summary). A closed details keeps its links in the DOM, and counting
 * them made the trap wait for a 'last' element the browser never focuses.
 */
export function isTabbable(el: HTMLElement): boolean {
  if (el.tabIndex < 0 || el.closest('[inert], [hidden]')) return false;
  for (let d = el.closest('details:not([open])'); d; d = d.parentElement?.closest('details:not([open])') ?? null) {
    const summary = d.querySelector(':scope > summary');
    if (!summary?.contains(el)) return false;
  }
  if (typeof el.checkVisibility === 'function') return el.checkVisibility({ contentVisibilityAuto: false, visibilityProperty: true });
  return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
}

/** The elements of `box` that Tab reaches, in document order. */
export function tabbablesIn(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(isTabbable);
}

/**
 * Keeps Tab and Shift+Tab inside `box` (a modal, drawer or overlay): from the last reachable element Tab goes to the
 * first, and back; from anywhere else that is not one of them (the box itself, the page) to the first or the last.
 * Call it from a keydown handler; it only acts on Tab.
 */
export function keepTabInside(e: KeyboardEvent, box: HTMLElement): void {
  if (e.key !== 'Tab') return;
  const items = tabbablesIn(box);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    e.preventDefault();
    return;
  }
  const at = items.indexOf(document.activeElement as HTMLElement);
  if (e.shiftKey && at <= 0) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (at === -1 || at === items.length - 1)) {
    e.preventDefault();
    first.focus();
  }
}
