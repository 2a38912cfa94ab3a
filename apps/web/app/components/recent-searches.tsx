import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';

/**
 * Recent searches (spec §2 Header): most recent first, each with its own × delete button, and '전체삭제'.
 * `onPick` searches a term again.
 */
export function RecentSearches({
  id,
  items,
  onPick,
  onRemove,
  onRemoveAll,
  className = '',
}: {
  id?: string;
  items: string[];
  onPick(term: string): void;
  onRemove(term: string): void;
  onRemoveAll(): void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={`search-recent ${className}`} id={id} data-testid="recent-searches">
      <div className="search-recent-head">
        <strong>{t('search.recent')}</strong>
        {items.length > 0 ? (
          <button type="button" className="btn btn-link btn-sm p-0 text-secondary" onClick={onRemoveAll}>
            {t('search.deleteAll')}
          </button>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="search-recent-empty">{t('search.noRecent')}</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {items.map((term) => (
            <li key={term}>
              <button type="button" className="search-recent-term" onClick={() => onPick(term)}>
                {term}
              </button>
              <button
                type="button"
                className="search-recent-delete"
                aria-label={t('search.deleteOne', { term })}
                onClick={() => onRemove(term)}
              >
                <CloseIcon size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
