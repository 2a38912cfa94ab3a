import type { CacheHub } from '@podo/cache';
import type { TSiteConfig, TWidgets } from '@podo/config/shared';
import type { ApiFetch } from './api';

declare module 'react-router' {
  interface AppLoadContext {
    /** Calls the API in the same process (no network hop), with the client's address for rate limits. */
    apiFetch: ApiFetch;
    site: TSiteConfig;
    /** Public keys and scripts of the reCAPTCHA widget and the Kakao map, when configured. */
    widgets: TWidgets;
    cspNonce: string;
    secureCookies: boolean;
    /** PUBLIC_URL when configured: the origin of canonical, Open Graph and sitemap URLs. */
    publicUrl?: string;
    /** The API's caches (@podo/cache): the page fragments and the menu live there, invalidated with the catalogue. */
    cache: CacheHub;
  }
}
export {};
