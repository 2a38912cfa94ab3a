import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { parseCookies, RECENT_SEARCH_COOKIE, setBrowserCookie } from '../lib/cookies';
import { CloseIcon, SearchIcon } from './icons';

const MAX_RECENT = 10;

/** Recent searches: a comma-joined cookie list, most recent first, each term URI-encoded. */
function readRecent(): string[] {
  const raw = parseCookies(document.cookie)[RECENT_SEARCH_COOKIE];
  if (!raw) return [];
  return raw
    .split(',')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    })
    .filter(Boolean);
}
function writeRecent(list: string[]) {
  if (list.length === 0) setBrowserCookie(RECENT_SEARCH_COOKIE, '', { maxAge: 0 });
  else setBrowserCookie(RECENT_SEARCH_COOKIE, list.map(encodeURIComponent).join(','), { maxAge: 365 * 24 * 3600 });
}

export function SearchBox({ onDone, autoFocus }: { onDone?: () => void; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [recent, setRecent] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!autoFocus) return;
    // Spec: focus the search input 200 ms after it opens (after the opening animation).
    const id = setTimeout(() => input.current?.focus(), 200);
    return () => clearTimeout(id);
  }, [autoFocus]);

  const showRecent = () => {
    setRecent(readRecent());
    setOpen(true);
  };
  const search = (term: string) => {
    const q = term.trim();
    if (!q) return; // search runs only when the text is non-empty
    const next = [q, ...readRecent().filter((r) => r !== q)].slice(0, MAX_RECENT);
    writeRecent(next);
    setRecent(next);
    setOpen(false);
    setText('');
    onDone?.();
    navigate(`/search-result?q=${encodeURIComponent(q)}`);
  };
  const remove = (term: string) => {
    const next = readRecent().filter((r) => r !== term);
    writeRecent(next);
    setRecent(next);
    input.current?.focus();
  };
  const removeAll = () => {
    writeRecent([]);
    setRecent([]);
    input.current?.focus();
  };

  return (
    <div
      className="search-box"
      ref={root}
      data-testid="search-box"
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
      }}
    >
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          search(text);
        }}
      >
        <label className="visually-hidden" htmlFor={`${listId}-input`}>
          {t('search.label')}
        </label>
        <input
          ref={input}
          id={`${listId}-input`}
          type="search"
          className="form-control search-input"
          placeholder={t('search.placeholder')}
          value={text}
          maxLength={100}
          autoComplete="off"
          enterKeyHint="search"
          aria-expanded={open}
          aria-controls={`${listId}-recent`}
          onChange={(e) => setText(e.target.value)}
          onFocus={showRecent}
          onClick={showRecent}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') showRecent();
          }}
        />
        <button type="submit" className="search-submit" aria-label={t('search.submit')}>
          <SearchIcon size={18} />
        </button>
      </form>
      {open ? (
        <div className="search-recent" id={`${listId}-recent`} data-testid="recent-searches">
          <div className="d-flex justify-content-between align-items-center mb-2">
            <strong className="small">{t('search.recent')}</strong>
            {recent.length > 0 ? (
              <button type="button" className="btn btn-link btn-sm p-0 text-secondary" onClick={removeAll}>
                {t('search.deleteAll')}
              </button>
            ) : null}
          </div>
          {recent.length === 0 ? (
            <p className="small text-muted mb-0">{t('search.noRecent')}</p>
          ) : (
            <ul className="list-unstyled mb-0">
              {recent.map((term) => (
                <li key={term} className="d-flex align-items-center justify-content-between">
                  <button
                    type="button"
                    className="btn btn-link btn-sm text-body text-start px-0 text-truncate"
                    onClick={() => search(term)}
                  >
                    {term}
                  </button>
                  <button
                    type="button"
                    className="btn btn-link btn-sm text-muted p-1"
                    aria-label={t('search.deleteOne', { term })}
                    onClick={() => remove(term)}
                  >
                    <CloseIcon size={14} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
