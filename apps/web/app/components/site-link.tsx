import { useEffect, useState } from 'react';
import { Link, type LinkProps } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isReadyPath } from '../lib/site';
import { useAlert } from './global-alert';

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** Prefetch on intent, except on 2g connections or with data saver on (spec §4). */
export function usePrefetch(): LinkProps['prefetch'] {
  const [mode, setMode] = useState<LinkProps['prefetch']>('none');
  useEffect(() => {
    const c = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
    const slow = c?.saveData === true || (c?.effectiveType ?? '').includes('2g');
    if (slow) return;
    // Wait for the browser to be idle (at most 2 s) before enabling prefetch.
    const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };
    if (w.requestIdleCallback) w.requestIdleCallback(() => setMode('intent'), { timeout: 2000 });
    else setTimeout(() => setMode('intent'), 2000);
  }, []);
  return mode;
}

type Props = Omit<LinkProps, 'to'> & { to: string };

/** A link to a page of the site; a page that is not built yet shows '준비 중입니다.' instead of a dead end. */
export function SiteLink({ to, onClick, ...rest }: Props) {
  const alert = useAlert();
  const { t } = useTranslation();
  const prefetch = usePrefetch();
  if (isReadyPath(to)) return <Link to={to} prefetch={prefetch} onClick={onClick} {...rest} />;
  return (
    <a
      href={to}
      data-coming-soon=""
      onClick={(e) => {
        onClick?.(e as never);
        e.preventDefault();
        alert.open(t('common.comingSoon'));
      }}
      className={rest.className as string | undefined}
      aria-label={rest['aria-label']}
      data-testid={(rest as { 'data-testid'?: string })['data-testid']}
    >
      {rest.children as React.ReactNode}
    </a>
  );
}
