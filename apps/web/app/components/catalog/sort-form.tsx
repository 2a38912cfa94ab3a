import { useNavigate } from 'react-router';
import { qs } from './list-state';

/**
 * The sort select of a list page. With JavaScript a change navigates at once (back to page 1, scroll kept); without,
 * it is a GET form whose hidden fields carry the other parameters and a submit button.
 */
export function SortForm({
  action,
  id,
  label,
  value,
  options,
  params,
  testId,
}: {
  action: string;
  id: string;
  label: string;
  value: string;
  options: { code: string; name: string }[];
  /** The list's current parameters; sort and page are replaced (and a keyset `after` dropped). */
  params: URLSearchParams;
  testId: string;
}) {
  const navigate = useNavigate();
  const keep = [...params].filter(([k]) => k !== 'sort' && k !== 'page' && k !== 'after');
  return (
    <form method="get" action={action} className="catalog-sort" onSubmit={(e) => e.preventDefault()}>
      {keep.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select
        id={id}
        name="sort"
        className="form-select form-select-sm"
        value={value}
        data-testid={testId}
        onChange={(e) => {
          const next = new URLSearchParams(keep);
          next.set('sort', e.target.value);
          void navigate(`${action}${qs(next)}`, { preventScrollReset: true });
        }}
      >
        {options.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="btn btn-sm btn-outline-secondary">
          {label}
        </button>
      </noscript>
    </form>
  );
}
