import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { matchLanguage, type Language } from '@podo/i18n';
import type { WebMessages } from '@podo/i18n/resources';
import { installChunkReload } from './lib/chunk-reload';
import { loadMessages, withMessages } from './lib/messages';
import { earlyChange, whileHydrating, type FormControl } from './lib/hydration';
import { hydrateAllNow, whenDeferredHydrated } from './lib/hydrate-later';
import { installPreactShims } from './lib/preact-browser';
import { giveHistoryKey } from './components/scroll-restoration';

// The browser runs Preact through its React compat layer (vite.config.ts); the server renders with React.
installChunkReload();
installPreactShims();

declare global {
  interface Window {
    // React Router's hydration context; `state` holds the decoded loader data once its stream is read.
    __reactRouterContext?: { state?: { loaderData?: Record<string, unknown> } };
    // The router HydratedRouter creates.
    __reactRouterDataRouter?: {
      subscribe(fn: (state: { navigation: { state: string }; fetchers: Map<string, unknown> }) => void): () => void;
    };
  }
}

// The page's texts are not in the HTML (lib/messages.ts): fetch them now (preloaded with the scripts).
const pageLang: Language = matchLanguage(document.documentElement.lang) ?? 'ko-KR';
const texts = loadMessages(pageLang);

/** Gives the decoded root loader data its texts, as the server render had them. */
async function attachTexts() {
  const root = window.__reactRouterContext?.state?.loaderData?.root as { lang?: Language; messages?: WebMessages } | undefined;
  if (root && !root.messages) withMessages(root, await (root.lang && root.lang !== pageLang ? loadMessages(root.lang) : texts));
}

/**
 * React's server hoists into <head> the module preloads <Scripts> renders in <body> and preloads of its own (e.g.
 * for images). Preact pairs DOM and elements by tag name in order, so those extra <link>s would take the place of
 * the page's own links (which would then be dropped as surplus). The fetches have started: the preloads can go.
 */
function dropHoistedPreloads() {
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]')) link.remove();
}

/**
 * React suspends the root until React Router has decoded the streamed loader data; Preact has no root-level
 * Suspense, so the router's pending promise is thrown out of hydrateRoot: wait for it, attach the texts and hydrate
 * again. Nothing has touched the DOM by then (the router is the first thing rendered).
 */
function hydrate() {
  try {
    whileHydrating(() =>
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      ),
    );
    // Parts waiting to be used are hydrated, with the data they were rendered from, before a navigation or a
    // fetcher renders them anew.
    window.__reactRouterDataRouter?.subscribe((state) => {
      if (state.navigation.state !== 'idle' || state.fetchers.size) hydrateAllNow();
      // Lists from now on are laid out whole (see .product-card in styles/_catalog.scss).
      if (state.navigation.state !== 'idle') document.documentElement.dataset.navigated = 'true';
    });
    // Event handlers are attached (also in <HydrateLater> parts hydrated in later tasks; those that wait to be used
    // hydrate on their first press, touch, focus or key): tests can wait for this instead of library internals.
    void whenDeferredHydrated().then(() => {
      replayEarlyInput();
      document.documentElement.dataset.hydrated = 'true';
    });
  } catch (thrown) {
    if (thrown instanceof Promise) void thrown.then(attachTexts).then(nextTask(hydrate), nextTask(hydrate));
    else throw thrown;
  }
}

/**
 * What a visitor typed or ticked before the scripts ran is in the DOM but not in the components' state: it is
 * replayed as the events the components listen to (a ticked filter then applies, a typed search is kept).
 */
function replayEarlyInput() {
  for (const el of document.querySelectorAll<FormControl>('input, textarea, select')) {
    const changed = earlyChange(el);
    if (changed) el.dispatchEvent(new Event(changed, { bubbles: true }));
  }
}

/** Runs `fn` in a task of its own, so that it does not lengthen the current one (long tasks delay input). */
const nextTask = (fn: () => void) => () => void setTimeout(fn, 0);

/** Runs `fn` after the browser has painted the server's HTML: hydrating changes nothing visible, painting does. */
const afterPaint = (fn: () => void) => requestAnimationFrame(nextTask(fn));

dropHoistedPreloads();
void texts.then(
  () =>
    afterPaint(() => {
      giveHistoryKey();
      nextTask(() => startTransition(hydrate))();
    }),
  // Without texts the page stays as the server rendered it: links and forms still work without scripts.
  (e: unknown) => console.error(e),
);
