import { Component, Suspense, type ReactNode } from 'react';
import { earlyChange, isFormPage, isHydrating, markHydratingUntilIdle, type FormControl } from './hydration';

/*
 * Preact hydrates a page in one task; on a page with a header, a drawer and a product grid that task blocks input
 * for a few hundred milliseconds on a phone. A <HydrateLater> subtree is hydrated later, with the server's HTML left
 * as it is meanwhile (a click on it just does what the HTML does):
 * - by default in a task of its own, after the rest of the page (one subtree per task, in order); on form pages
 *   (isFormPage) with the rest of the page, so that the form's handlers are there as soon as the page is;
 * - with `until="use"`, when the visitor first uses it (presses, touches, focuses or types in the element matched
 *   by `root`), or when the router starts a navigation or a fetcher (hydrateAllNow). Use it for large parts most
 *   visitors never touch: a filter form, a grid of cards whose links work as plain links, the footer;
 * - with `until="navigation"`, only then: for parts nobody uses but the router updates (the <head>).
 *
 * Its children must render exactly one element at their root (Preact keeps that one DOM node while waiting). Until
 * that DOM has been hydrated, the subtree is rendered from the elements it had at the first render (what the server
 * rendered): hydration attaches event handlers but does not patch attributes, so hydrating newer props (a pending
 * navigation's filters) would leave the DOM stale. Once hydrated, the current children render as usual.
 */

let queue = Promise.resolve();
let pending = 0;
let onIdle: (() => void) | null = null;

/** Resolves in a task of its own, after the slots asked for before it. */
function nextSlot(): Promise<void> {
  pending += 1;
  queue = queue.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  return queue.then(() => {
    setTimeout(() => {
      pending -= 1;
      if (pending === 0) onIdle?.();
    }, 0);
  });
}

/** Settles once every task-deferred subtree of the first hydration has been hydrated (not the `until="use"` ones). */
export function whenDeferredHydrated(): Promise<void> {
  return pending === 0 ? Promise.resolve() : new Promise((resolve) => (onIdle = resolve));
}

const waiting = new Set<() => void>();
/** What counts as using a part: pressing, touching, focusing or typing in it. */
const USE_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'input', 'change'] as const;

/** Whether `el` has the focus or a form control changed since the server's HTML (used before the scripts ran). */
const touched = (el: Element) =>
  (el.contains(document.activeElement) && document.activeElement !== document.body) ||
  [...el.querySelectorAll<FormControl>('input, textarea, select')].some((c) => earlyChange(c) !== null);

/** Resolves at hydrateAllNow() or, when `root` is given, when the element matching it is first used. */
function untilReleased(root?: string): Promise<void> {
  return new Promise<void>((resolve) => {
    const el = root === undefined ? null : document.querySelector(root);
    const onEvent = (e: Event) => {
      if (!el || (e.target instanceof Node && el.contains(e.target))) release();
    };
    const release = () => {
      waiting.delete(release);
      if (root !== undefined) for (const type of USE_EVENTS) document.removeEventListener(type, onEvent, true);
      resolve();
    };
    waiting.add(release);
    if (root === undefined) return;
    for (const type of USE_EVENTS) document.addEventListener(type, onEvent, { capture: true, passive: true });
    // Used before the scripts ran: hydrate now, so that the early input is replayed into it (entry.client.tsx).
    if (!el || touched(el)) release();
  });
}

/** Hydrates every part still waiting to be used (before a navigation renders them with new data). */
export function hydrateAllNow() {
  for (const release of [...waiting]) release();
}

interface DeferredProps {
  children: ReactNode;
  until?: 'task' | 'use' | 'navigation';
  root?: string;
}

class Deferred extends Component<DeferredProps> {
  private waited = false;
  private hydrated = true;
  private first: ReactNode = null;

  override render() {
    const { until, root } = this.props;
    if (!this.waited && isHydrating() && (until !== 'task' || !isFormPage(window.location.pathname))) {
      this.waited = true;
      this.hydrated = false;
      this.first = this.props.children;
      const when = until === 'navigation' ? untilReleased() : until === 'use' && root ? untilReleased(root) : nextSlot();
      // Suspending while hydrating keeps the server's DOM; Suspense resumes hydrating it when the promise settles.
      // The resumed render runs in this task (Preact renders in a microtask): it is hydration too.
      throw when.then(markHydratingUntilIdle);
    }
    return this.hydrated ? this.props.children : this.first;
  }

  override componentDidMount() {
    this.settle();
  }

  override componentDidUpdate() {
    this.settle();
  }

  /** After the hydrating render: newer children (changed while waiting) render as an ordinary update. */
  private settle() {
    if (this.hydrated || !this.waited) return;
    this.hydrated = true;
    const stale = this.first !== this.props.children;
    this.first = null;
    if (stale) this.forceUpdate();
  }
}

/**
 * Hydrates `children` (one root element) later: in a task of its own, with `until="use"` when the element matching
 * `root` is first used, with `until="navigation"` when the router first navigates or runs a fetcher. On the server
 * and after the first load, renders them as they are.
 */
export function HydrateLater({ children, until = 'task', root }: DeferredProps) {
  // On the server the children are plain HTML: a React <Suspense> there would be streamed out of line (a hidden
  // <div> moved into place by an inline script), which shows nothing without scripts and races Preact's hydration.
  if (typeof document === 'undefined') return children;
  return (
    <Suspense fallback={null}>
      <Deferred until={until} root={root}>
        {children}
      </Deferred>
    </Suspense>
  );
}
