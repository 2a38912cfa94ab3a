import { Component, Suspense, type ReactNode } from 'react';
import { isHydrating, markHydratingUntilIdle } from './hydration';

/*
 * Preact hydrates a page in one task; on a page with a mega-menu, a drawer and a product grid that task blocks input
 * for a few hundred milliseconds on a phone. A <HydrateLater> subtree is hydrated in a task of its own, after the
 * rest of the page: the server HTML stays as it is meanwhile (a click on it just does what the HTML does).
 *
 * Its children must render exactly one element at their root (Preact keeps that one DOM node while waiting).
 * Use it for large parts that are not needed in the first moment: menus, drawers, footers, long lists.
 */

let queue = Promise.resolve();
let pending = 0;
let onIdle: (() => void) | null = null;

/** Resolves in a task of its own, after the slots asked for before it. */
function nextSlot(): Promise<void> {
  pending += 1;
  queue = queue.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  return queue;
}

/** Settles once every deferred subtree of the first hydration has been hydrated. */
export function whenDeferredHydrated(): Promise<void> {
  return pending === 0 ? Promise.resolve() : new Promise((resolve) => (onIdle = resolve));
}

class Deferred extends Component<{ children: ReactNode }> {
  private waited = false;

  override render() {
    if (!this.waited && isHydrating()) {
      this.waited = true;
      // Suspending while hydrating keeps the server's DOM; Suspense resumes hydrating it when the slot comes.
      throw nextSlot().then(() => {
        // The resumed render runs in this task (Preact renders in a microtask): it is hydration too.
        markHydratingUntilIdle();
        setTimeout(() => {
          pending -= 1;
          if (pending === 0) onIdle?.();
        }, 0);
      });
    }
    return this.props.children;
  }
}

/** Hydrates `children` (one root element) in a later task; on the server and after the first load, renders them as is. */
export function HydrateLater({ children }: { children: ReactNode }) {
  // On the server the children are plain HTML: a React <Suspense> there would be streamed out of line (a hidden
  // <div> moved into place by an inline script), which shows nothing without scripts and races Preact's hydration.
  if (typeof document === 'undefined') return children;
  return (
    <Suspense fallback={null}>
      <Deferred>{children}</Deferred>
    </Suspense>
  );
}
