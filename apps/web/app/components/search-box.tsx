import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { readRecentSearches, withRecentSearch, writeRecentSearches } from '../lib/recent-searches';
import { SearchIcon } from './icons';
import { RecentSearches } from './recent-searches';

/** Spec §9: the search input takes focus 200 ms after it opens (after the opening animation). */
export const SEARCH_FOCUS_DELAY = 200;

export const searchHref = (q: string) => `/search-result?q=${encodeURIComponent(q)}`;

interface Props {
  /** `header`: recent searches drop down under the input; `overlay`: they stay listed below it (mobile search). */
  variant?: 'header' | 'overlay';
  autoFocus?: boolean;
  /** Called after a search starts (e.g. to close the mobile overlay). */
  onDone?: () => void;
  testId?: string;
}

/**
 * The unified search box (spec §2 Header): Enter goes to /search-result?q=, only for non-empty trimmed text; the
 * recent searches (cookie) can be searched again, deleted one by one or all at once.
 */
export function SearchBox({ variant = 'header', autoFocus = false, onDone, testId = 'search-box' }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [recent, setRecent] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  // Where the box is collapsible (the second header, and 992-1199 px wide screens; decided in CSS), it shows only
  // an icon until expanded. Focus inside always counts as expanded, so the input never hides under the fingers.
  const [expanded, setExpanded] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const id = useId();
  const overlay = variant === 'overlay';

  useEffect(() => {
    if (overlay) setRecent(readRecentSearches());
  }, [overlay]);
  useEffect(() => {
    if (!autoFocus) return;
    const timer = setTimeout(() => input.current?.focus(), SEARCH_FOCUS_DELAY);
    return () => clearTimeout(timer);
  }, [autoFocus]);
  const showRecent = () => {
    setRecent(readRecentSearches());
    setOpen(true);
    setExpanded(true);
  };
  const expand = () => {
    setExpanded(true);
    // The form is displayed on the next render; focus it then.
    requestAnimationFrame(() => input.current?.focus());
  };
  const search = (term: string) => {
    const q = term.trim();
    if (!q) {
      input.current?.focus(); // search runs only for non-empty text
      return;
    }
    setRecent(writeRecentSearches(withRecentSearch(readRecentSearches(), q)));
    setOpen(false);
    setExpanded(false);
    setText('');
    input.current?.blur();
    onDone?.();
    void navigate(searchHref(q));
  };
  const remove = (term: string) => {
    setRecent(writeRecentSearches(readRecentSearches().filter((r) => r !== term)));
    input.current?.focus();
  };
  const removeAll = () => {
    setRecent(writeRecentSearches([]));
    input.current?.focus();
  };

  const list = (
    <RecentSearches
      id={`${id}-recent`}
      className={overlay ? 'is-inline' : 'is-dropdown'}
      items={recent}
      onPick={search}
      onRemove={remove}
      onRemoveAll={removeAll}
    />
  );

  return (
    <div
      className={`search-box ${overlay ? 'is-overlay' : 'is-collapsible'} ${expanded ? 'is-expanded' : ''}`}
      ref={root}
      data-testid={testId}
      onBlur={(e) => {
        if (root.current?.contains(e.relatedTarget as Node | null)) return;
        setOpen(false);
        if (!text.trim()) setExpanded(false);
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || overlay) return;
        if (open) setOpen(false);
        else if (expanded) {
          setExpanded(false);
          requestAnimationFrame(() => toggle.current?.focus()); // stays on the input where it cannot collapse
        }
      }}
    >
      {overlay ? null : (
        <button
          ref={toggle}
          type="button"
          className="search-toggle"
          aria-label={t('search.open')}
          aria-expanded={expanded}
          aria-controls={`${id}-form`}
          onClick={expand}
        >
          <SearchIcon size={20} />
        </button>
      )}
      <form
        id={`${id}-form`}
        role="search"
        aria-label={t('search.label')}
        action="/search-result"
        onSubmit={(e) => {
          e.preventDefault();
          search(text);
        }}
      >
        <label className="visually-hidden" htmlFor={`${id}-input`}>
          {t('search.label')}
        </label>
        <input
          ref={input}
          id={`${id}-input`}
          name="q"
          type="search"
          className="form-control search-input"
          placeholder={t('search.placeholder')}
          value={text}
          maxLength={100}
          autoComplete="off"
          enterKeyHint="search"
          aria-controls={open || overlay ? `${id}-recent` : undefined}
          onChange={(e) => setText(e.target.value)}
          onFocus={overlay ? undefined : showRecent}
          onClick={overlay ? undefined : showRecent}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && !overlay) showRecent();
          }}
        />
        <button type="submit" className="search-submit" aria-label={t('search.submit')}>
          <SearchIcon size={18} />
        </button>
      </form>
      {overlay || open ? list : null}
    </div>
  );
}
