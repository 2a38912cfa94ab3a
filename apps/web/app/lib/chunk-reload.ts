const KEY = 'chunk-reload-at';

/** Reloads the page once when it was served new code: a failed script or style chunk load means a stale page. */
export function reloadOnce(): boolean {
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  // A second failure within 10 s is a real outage, not a deploy: don't loop.
  if (Date.now() - last < 10_000) return false;
  sessionStorage.setItem(KEY, String(Date.now()));
  window.location.reload();
  return true;
}

export function installChunkReload() {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault();
  });
  // Resource load errors don't bubble: listen in the capture phase.
  window.addEventListener(
    'error',
    (event) => {
      const el = event.target as HTMLElement | null;
      if (!el || el === (window as unknown)) return;
      const isScript = el.tagName === 'SCRIPT' && (el as HTMLScriptElement).src.includes('/assets/');
      const isStyle =
        el.tagName === 'LINK' && (el as HTMLLinkElement).rel.includes('stylesheet') && (el as HTMLLinkElement).href.includes('/assets/');
      const isModulePreload = el.tagName === 'LINK' && (el as HTMLLinkElement).rel === 'modulepreload';
      if (isScript || isStyle || isModulePreload) reloadOnce();
    },
    true,
  );
  window.addEventListener('unhandledrejection', (event) => {
    const msg = String((event.reason as Error | undefined)?.message ?? '');
    if (
      /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(msg)
    ) {
      reloadOnce();
    }
  });
}
