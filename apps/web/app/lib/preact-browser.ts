import { options, type VNode } from 'preact';
import { isHydrating } from './hydration';

/*
 * The browser bundle runs Preact through its React compat layer (vite.config.ts aliases react and react-dom) while
 * the server renders with React 19. These hooks make up for the few React behaviours the app relies on that
 * Preact does not have. Each is small and only touches what React would have done.
 */

type Props = Record<string, unknown>;
// Preact's (stable, mangled) name for the DOM node of a vnode.
const domOf = (vnode: VNode) => (vnode as unknown as { __e?: Element | null }).__e ?? null;

/**
 * Ids from useId differ between React on the server ('_R_…_') and Preact ('P0-0'), and Preact does not touch
 * attributes while hydrating: a panel rendered later with the client id would not match the aria-controls the
 * button kept from the server. While hydrating, id-carrying attributes take the client's values (afterwards Preact
 * keeps them in step itself).
 */
const ID_ATTRIBUTES = [
  'id',
  'htmlFor',
  'for',
  'aria-controls',
  'aria-labelledby',
  'aria-describedby',
  'aria-owns',
  'aria-activedescendant',
  'list',
  'form',
];

/**
 * React keeps a controlled field equal to its `value` prop: when an input handler refuses a character (digits-only
 * fields, length caps) the state does not change, React restores the field, and the character disappears. Preact
 * only writes `value` when it re-renders, so the refused character would stay. After each input event, once the
 * re-render it caused (a microtask) has run, the field is set back to the last rendered value when it differs.
 */
const controlled = new WeakMap<Element, { value?: string; checked?: boolean }>();

function restore(el: HTMLInputElement) {
  const want = controlled.get(el);
  if (!want || !el.isConnected) return;
  if (want.value !== undefined && el.value !== want.value) el.value = want.value;
  if (want.checked !== undefined && el.checked !== want.checked) el.checked = want.checked;
}

const DISCRETE_EVENTS = new Set([
  'click',
  'dblclick',
  'keydown',
  'keyup',
  'input',
  'change',
  'submit',
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'touchstart',
  'touchend',
  'focusin',
  'focusout',
  'contextmenu',
  'beforeinput',
  'compositionend',
]);

/** Preact's own effect timing: after the next frame (rAF, with a timeout when the tab is hidden). */
function afterNextFrame(callback: () => void) {
  let raf = 0;
  const done = () => {
    clearTimeout(timeout);
    cancelAnimationFrame(raf);
    setTimeout(callback);
  };
  const timeout = setTimeout(done, 35);
  raf = requestAnimationFrame(done);
}

export function installPreactShims() {
  const previousDiffed = options.diffed;
  options.diffed = (vnode) => {
    const type = vnode.type;
    if (typeof type === 'string') {
      const dom = domOf(vnode);
      const props = vnode.props as Props;
      if (dom && isHydrating()) {
        for (const name of ID_ATTRIBUTES) {
          const value = props[name];
          if (typeof value === 'string') {
            const attr = name === 'htmlFor' ? 'for' : name;
            if (dom.getAttribute(attr) !== value) dom.setAttribute(attr, value);
          }
        }
      }
      if (dom && (type === 'input' || type === 'textarea' || type === 'select')) {
        const value = props.value;
        const checked = props.checked;
        const hasValue = typeof value === 'string' || typeof value === 'number';
        if (hasValue || typeof checked === 'boolean') {
          controlled.set(dom, { value: hasValue ? String(value) : undefined, checked: typeof checked === 'boolean' ? checked : undefined });
        } else controlled.delete(dom);
      }
    }
    previousDiffed?.(vnode);
  };

  /*
   * React runs the effects of an update caused by a discrete event (click, key, input…) before the browser paints,
   * so e.g. a scroll lock set in an effect is gone as soon as the dialog is; Preact runs every effect after the next
   * frame. Effects scheduled while such an event is handled run right after the render instead (a microtask).
   */
  let discrete = false;
  options.requestAnimationFrame = (flush) => {
    if (discrete) queueMicrotask(flush);
    else afterNextFrame(flush);
  };

  // Capturing on window sees every event first, also those handled by listeners added outside Preact.
  const markDiscrete = () => {
    if (discrete) return;
    discrete = true;
    setTimeout(() => (discrete = false), 0);
  };
  for (const type of DISCRETE_EVENTS) window.addEventListener(type, markDiscrete, { capture: true, passive: true });

  const previousEvent = options.event;
  options.event = (e) => {
    if ((e.type === 'input' || e.type === 'change') && e.target instanceof Element && controlled.has(e.target)) {
      const el = e.target as HTMLInputElement;
      // The handler runs after this hook and queues Preact's re-render as a microtask: restore after that one.
      queueMicrotask(() => queueMicrotask(() => restore(el)));
    }
    return previousEvent ? previousEvent(e) : e;
  };
}
