import { useTranslation } from 'react-i18next';
import type { TKind } from '@podo/contracts';
import { FastLink } from '../fast-link';

/**
 * Tabs of wine kinds with their counts ('all' first), shown when there is more than one kind; `href` makes a tab's
 * address from a kind id ('' for all). The winery page and the wines of an article or event use it.
 */
export function KindTabs({ kinds, active, total, href }: { kinds: TKind[]; active: string; total: number; href: (id: string) => string }) {
  const { t } = useTranslation();
  if (kinds.length <= 1) return null;
  return (
    <nav className="country-tabs" aria-label={t('catalog.kinds')}>
      <FastLink
        to={href('')}
        preventScrollReset
        className={`country-tab ${active ? '' : 'is-active'}`}
        aria-current={active ? undefined : 'page'}
      >
        {t('winery.allKinds')} ({total})
      </FastLink>
      {kinds.map((k) => (
        <FastLink
          key={k.id}
          to={href(String(k.id))}
          preventScrollReset
          className={`country-tab ${active === String(k.id) ? 'is-active' : ''}`}
          aria-current={active === String(k.id) ? 'page' : undefined}
          data-testid={`kind-tab-${k.code}`}
        >
          {k.name} ({k.qty})
        </FastLink>
      ))}
    </nav>
  );
}
