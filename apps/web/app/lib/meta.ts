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
