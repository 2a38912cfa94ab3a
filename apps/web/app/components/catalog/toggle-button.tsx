import { useEffect, type FormEvent } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { FastLink } from '../fast-link';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../lib/site';
import { useAlert } from '../global-alert';
import { groupDigits } from '../../lib/format';

/** Heart outline, filled when `filled`. */
export function HeartIcon({ filled, size = 20 }: { filled: boolean; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.9 3.6 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.4 0 5.5 3.4 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Where the wish and like actions live (route actions, since the token is an HttpOnly cookie). */
export const WISH_ACTION = '/product?index';
export const LIKE_ACTION = '/winery?index';
export const MAGAZINE_LIKE_ACTION = '/magazine?index';

interface ToggleProps {
  /** 'wish' (product), 'like' (winery) or 'magazine' (an article's like). */
  intent: 'wish' | 'like' | 'magazine';
  id: number;
  active: boolean;
  count?: number;
  /** Accessible name, e.g. '위시리스트에 담기: {wine}'. */
  label: string;
  className?: string;
  showCount?: boolean;
}

/** The heart of an anonymous visitor: a link to log in that comes back to `here`. */
export function LoginHeart({
  intent,
  here,
  label,
  className,
  counter,
}: {
  intent: 'wish' | 'like' | 'magazine';
  here: string;
  label: string;
  className: string;
  counter?: React.ReactNode;
}) {
  return (
    <FastLink
      to={`/account/login?redirect=${encodeURIComponent(here)}`}
      className={className}
      aria-label={label}
      data-testid={`${intent}-toggle`}
      aria-pressed={false}
      role="button"
    >
      <HeartIcon filled={false} />
      {counter}
    </FastLink>
  );
}

/**
 * Heart toggle for wishes and likes. Logged-in visitors post to the route action (with JS through a fetcher, the
 * heart flips at once; without JS a normal form post that comes back to this page); anonymous visitors get a link
 * to log in that returns here.
 */
function HeartToggle({ intent, id, active, count, label, className = '', showCount = false }: ToggleProps) {
  const user = useUser();
  const location = useLocation();
  const fetcher = useFetcher<{ ok: boolean; message?: string }>({ key: `${intent}-${id}` });
  const here = location.pathname + location.search;
  const alert = useAlert();
  const result = fetcher.data;
  useEffect(() => {
    if (result && !result.ok && result.message) alert.open(result.message);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  const classes = `heart-toggle ${className}`.trim();
  const counter = showCount && count !== undefined ? <span className="heart-count">{groupDigits(count)}</span> : null;
  // The accessible name holds the visible count too, so that speech users can say what they see (WCAG 2.5.3).
  const named = (n: number | undefined) => (showCount && n !== undefined ? `${label} ${groupDigits(n)}` : label);

  if (!user) return <LoginHeart intent={intent} here={here} label={named(count)} className={classes} counter={counter} />;

  // Optimistic state while the post is under way; afterwards the loaders' data (revalidated) is the truth.
  let on = active;
  let shown = count;
  if (fetcher.formData) {
    on = !active;
    if (shown !== undefined) shown += on ? 1 : -1;
  }
  const action = intent === 'wish' ? WISH_ACTION : intent === 'like' ? LIKE_ACTION : MAGAZINE_LIKE_ACTION;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void fetcher.submit({ intent, id: String(id), js: '1' }, { method: 'post', action });
  };
  return (
    <form method="post" action={action} onSubmit={submit} className="heart-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="redirectTo" value={here} />
      <button
        type="submit"
        className={`${classes} ${on ? 'is-on' : ''}`}
        aria-pressed={on}
        aria-label={named(shown)}
        data-testid={`${intent}-toggle`}
      >
        <HeartIcon filled={on} />
        {showCount && shown !== undefined ? <span className="heart-count">{groupDigits(shown)}</span> : null}
      </button>
    </form>
  );
}

/** Wish (찜) heart of a wine; with `count`, the number of wishes beside it. */
export function WishButton({
  id,
  isWished,
  name,
  className,
  count,
}: {
  id: number;
  isWished: boolean;
  name: string;
  className?: string;
  count?: number;
}) {
  const { t } = useTranslation();
  return (
    <HeartToggle
      intent="wish"
      id={id}
      active={isWished}
      count={count}
      showCount={count !== undefined}
      label={t('catalog.wish', { name })}
      className={className}
    />
  );
}

/** Like heart of a winery, with its count. */
export function LikeButton({
  id,
  isLiked,
  likeCount,
  name,
  className,
}: {
  id: number;
  isLiked: boolean;
  likeCount: number;
  name: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <HeartToggle
      intent="like"
      id={id}
      active={isLiked}
      count={likeCount}
      showCount
      label={t('winery.like', { name })}
      className={className}
    />
  );
}

/** Like heart of a magazine article, with its count; `title` only when it is in the page's language (else a general name). */
export function MagazineLikeButton({
  id,
  isLiked,
  likeCount,
  title,
}: {
  id: number;
  isLiked: boolean;
  likeCount: number;
  title: string | null;
}) {
  const { t } = useTranslation();
  return (
    <HeartToggle
      intent="magazine"
      id={id}
      active={isLiked}
      count={likeCount}
      showCount
      label={title === null ? t('magazine.likeThis') : t('magazine.like', { title })}
      className="detail-like"
    />
  );
}
