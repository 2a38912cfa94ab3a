import type { MetaDescriptor } from 'react-router';
import type { TPublicSiteConfig } from '@podo/config/shared';
import type { WebMessages } from '@podo/i18n/resources';

interface RootMatchData {
  site: TPublicSiteConfig;
  messages: WebMessages;
}

/** <title> "{page} | {brand}" and description, from the root loader data (meta runs outside React). */
export function pageMeta(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  title?: (m: WebMessages) => string,
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.data as RootMatchData | undefined;
  if (!root) return [];
  const brand = root.site.brandName;
  const full = title ? `${title(root.messages)} | ${brand}` : root.messages.meta.homeTitle.replace('{{brand}}', brand);
  return [
    { title: full },
    { name: 'description', content: root.site.description },
    { property: 'og:title', content: full },
    { property: 'og:description', content: root.site.description },
    { property: 'og:site_name', content: brand },
  ];
}

export interface SeoOptions {
  /** Page title (the brand is appended). */
  title: string;
  description: string;
  /** Absolute canonical URL, also og:url. */
  url: string;
  /** Absolute picture URL for og:image. */
  image?: string;
  type?: 'website' | 'product' | 'profile' | 'article';
  /** schema.org objects, each rendered as a script of type application/ld+json. */
  jsonLd?: object[];
}

/** Title, description, canonical link, Open Graph and Twitter card tags, and JSON-LD for an indexable page. */
export function seoMeta(matches: readonly ({ id: string; data?: unknown } | undefined)[], o: SeoOptions): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.data as (RootMatchData & { lang?: string }) | undefined;
  const brand = root?.site.brandName ?? '';
  const full = brand ? `${o.title} | ${brand}` : o.title;
  const description = o.description.replace(/\s+/g, ' ').trim().slice(0, 200);
  const tags: MetaDescriptor[] = [
    { title: full },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: o.url },
    { property: 'og:type', content: o.type ?? 'website' },
    { property: 'og:title', content: full },
    { property: 'og:description', content: description },
    { property: 'og:url', content: o.url },
    { property: 'og:site_name', content: brand },
    { property: 'og:locale', content: (root?.lang ?? 'ko-KR').replace('-', '_') },
    { name: 'twitter:card', content: o.image ? 'summary_large_image' : 'summary' },
  ];
  if (o.image) {
    // Social apps (KakaoTalk, Facebook, X) show no SVG: our generated pictures have a 1200 x 630 PNG share card.
    const card = /\/api\/v1\/media\/(wines|wineries)\/(\d+)\.svg$/.exec(o.image);
    if (card) {
      tags.push({ property: 'og:image', content: o.image.replace(/\.svg$/, '.png') });
      tags.push({ property: 'og:image:width', content: '1200' }, { property: 'og:image:height', content: '630' });
    } else tags.push({ property: 'og:image', content: o.image });
  }
  for (const j of o.jsonLd ?? []) tags.push({ 'script:ld+json': j });
  return tags;
}

/** An absolute URL for `path` (already absolute URLs pass through). */
export const absoluteUrl = (origin: string, path: string) =>
  /^https?:\/\//i.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`;

/** The plain text of a post's blocks (paragraphs and lists), for descriptions. */
export const blocksText = (blocks: readonly (string | readonly string[])[]) =>
  blocks.map((b) => (typeof b === 'string' ? b : b.join(' '))).join(' ');

/**
 * Meta of a post page (a notice, an open position). A post shown in its Korean original on another language's page
 * keeps that page's title and description (`fallback`, in the page's language).
 */
export function postMeta(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  o: {
    post: { title: string; lang: string; body: (string | string[])[] };
    url: string;
    fallback?: { title: string; description: string };
    jsonLd: object[];
  },
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.data as { lang?: string } | undefined;
  const own = root?.lang === undefined || root.lang === o.post.lang || !o.fallback;
  return seoMeta(matches, {
    title: own ? o.post.title : o.fallback!.title,
    description: own ? blocksText(o.post.body) : o.fallback!.description,
    url: o.url,
    type: 'article',
    jsonLd: o.jsonLd,
  });
}

/** The messages of the root loader (the page's language), for meta functions. */
export function rootMessages(matches: readonly ({ id: string; data?: unknown } | undefined)[]): WebMessages | undefined {
  return (matches.find((m) => m?.id === 'root')?.data as RootMatchData | undefined)?.messages;
}
