/**
 * True while the browser hydrates server HTML: the first hydration (entry.client.tsx) and the later hydration of
 * <HydrateLater> parts. False on the server and for ordinary client renders.
 */
let hydrating = false;

export const isHydrating = () => hydrating;

/** Runs a synchronous hydration pass (Preact hydrates synchronously). */
export function whileHydrating(hydrate: () => void) {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
}

/** Marks the render that is about to run (a deferred part resuming) as hydration, until the current task's microtasks end. */
export function markHydratingUntilIdle() {
  hydrating = true;
  setTimeout(() => (hydrating = false), 0);
}

/**
 * Pages whose forms a visitor fills at once (sign-in, sign-up, my page, social sign-in): their scripts load with the
 * page (entry.server.tsx) and they hydrate in one pass, so that an early Enter is handled by the page's scripts.
 * Reading pages paint first and hydrate in small tasks (lib/defer-hydration.server.ts, lib/hydrate-later.tsx).
 */
export const isFormPage = (pathname: string) => /^\/(account|mypage|oauth2)(\/|$)/.test(pathname);

export type FormControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The event a control's change since the server's HTML would have fired ('input' or 'change'), or null if unchanged. */
export function earlyChange(el: FormControl): 'input' | 'change' | null {
  if (el instanceof HTMLSelectElement) return [...el.options].some((o) => o.selected !== o.defaultSelected) ? 'change' : null;
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio'))
    return el.checked !== el.defaultChecked ? 'change' : null;
  if (['hidden', 'submit', 'button', 'reset', 'image', 'file'].includes(el.type)) return null;
  return el.value !== el.defaultValue ? 'input' : null;
}
