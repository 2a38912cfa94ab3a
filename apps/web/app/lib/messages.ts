import type { Language } from '@podo/i18n';
import type { WebMessages } from '@podo/i18n/resources';

/*
 * Each language's interface texts are also a hashed static file (served compressed and cached for good), so they
 * stay out of every page's HTML: the root loader's `messages` is not serialized (see root.tsx), the browser fetches
 * the file (preloaded by a Link header, entry.server.tsx) and entry.client.tsx attaches it before hydrating.
 */
const files = import.meta.glob<string>('../../../../packages/i18n/locales/*/web.json', { query: '?url', import: 'default', eager: true });
const urls = new Map<string, string>(
  Object.entries(files).map(([file, url]) => [/locales\/([^/]+)\/web\.json$/.exec(file)?.[1] ?? '', url]),
);

/** URL of the hashed texts file of `lang`. */
export function messagesUrl(lang: Language): string {
  const url = urls.get(lang);
  if (!url) throw new Error(`no texts file for ${lang}`);
  return url;
}

const loading = new Map<Language, Promise<WebMessages>>();

/** Fetches (once) the texts of `lang` in the browser. */
export function loadMessages(lang: Language): Promise<WebMessages> {
  let p = loading.get(lang);
  if (!p) {
    // Same mode and credentials as the Link preload, so the preloaded response is used.
    p = fetch(messagesUrl(lang)).then((r) => {
      if (!r.ok) throw new Error(`texts ${lang}: ${r.status}`);
      return r.json() as Promise<WebMessages>;
    });
    p.catch(() => loading.delete(lang));
    loading.set(lang, p);
  }
  return p;
}

/**
 * Puts `messages` on root loader data without making it serializable: React Router's serializer only writes
 * enumerable properties, so the texts are used by the server render (and `root.messages` readers) but never sent.
 */
export function withMessages<T extends object>(data: T, messages: WebMessages): T & { messages: WebMessages } {
  Object.defineProperty(data, 'messages', { value: messages, enumerable: false, configurable: true, writable: true });
  return data as T & { messages: WebMessages };
}
