// Browser-safe part of the configuration module: no node built-ins, no zod.
export type { TPublicSiteConfig, TSiteConfig, TWidgets } from './index';

/** Name of the cookie that carries the access token: {slug}-brand-access-token. */
export const tokenCookieName = (slug: string) => `${slug}-brand-access-token`;
