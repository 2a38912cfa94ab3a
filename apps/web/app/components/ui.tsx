import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, ClearIcon, EyeIcon, EyeOffIcon } from './icons';

/** Empty list message '검색 결과가 없습니다.' (or '데이터가 없습니다.' inside a modal). */
export function EmptyState({ inModal = false }: { inModal?: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="empty-state text-center text-body-secondary py-5" role="status">
      {inModal ? t('common.emptyModal') : t('common.emptyList')}
    </p>
  );
}

export interface TabEntry {
  label: string;
  qty?: number;
  isDisabled?: boolean;
}

/** Tabs: label with an optional quantity in parentheses; disabled entries cannot be chosen. */
export function Tabs({
  entries,
  active,
  onChange,
  label,
}: {
  entries: TabEntry[];
  active: number;
  onChange(i: number): void;
  label: string;
}) {
  return (
    <div className="nav app-tabs" role="tablist" aria-label={label}>
      {entries.map((e, i) => (
        <button
          key={e.label}
          type="button"
          role="tab"
          aria-selected={i === active}
          disabled={e.isDisabled}
          className={`nav-link ${i === active ? 'active' : ''}`}
          onClick={() => onChange(i)}
        >
          {e.label}
          {e.qty !== undefined ? ` (${e.qty.toLocaleString('ko-KR')})` : ''}
        </button>
      ))}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'value'> & {
  /** Scope (form name) + name make the error's id, as the spec scopes validation errors. */
  scope: string;
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'checkbox' | 'radio';
  value: string;
  onValueChange(value: string): void;
  /** The first validation error of the field, shown in red below it. */
  error?: string;
  helper?: string;
  success?: boolean;
  onEnter?(): void;
};

/**
 * Form input of spec §2: password show/hide, clear button while there is a value (not read-only), success
 * check, first error in red below (else helper text), and an enter event.
 */
export function FormInput({
  scope,
  name,
  label,
  type = 'text',
  value,
  onValueChange,
  error,
  helper,
  success,
  onEnter,
  readOnly,
  ...rest
}: InputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const id = `${scope}-${name}`;
  const describedBy = error ? `${id}-error` : helper ? `${id}-help` : undefined;
  const inputType = type === 'password' && shown ? 'text' : type;
  return (
    <div className="form-input mb-3">
      <label htmlFor={id} className="form-label fw-semibold small">
        {label}
      </label>
      <div className="form-input-wrap position-relative">
        <input
          {...rest}
          id={id}
          name={name}
          type={inputType}
          value={value}
          readOnly={readOnly}
          className={`form-control form-control-lg ${error ? 'is-invalid' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onValueChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && onEnter) {
              e.preventDefault();
              onEnter();
            }
          }}
        />
        <div className="form-input-actions">
          {success && !error ? <CheckIcon size={18} className="text-success" title="OK" /> : null}
          {value && !readOnly ? (
            <button
              type="button"
              className="btn btn-link p-1 text-body-tertiary"
              aria-label={t('login.clear')}
              onClick={() => onValueChange('')}
            >
              <ClearIcon size={18} />
            </button>
          ) : null}
          {type === 'password' ? (
            <button
              type="button"
              className="btn btn-link p-1 text-body-tertiary"
              aria-label={shown ? t('login.hidePassword') : t('login.showPassword')}
              aria-pressed={shown}
              onClick={() => setShown((s) => !s)}
            >
              {shown ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
            </button>
          ) : null}
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} className="form-input-error text-danger small mt-1 mb-0" role="alert">
          {error}
        </p>
      ) : helper ? (
        <p id={`${id}-help`} className="form-text small mt-1 mb-0">
          {helper}
        </p>
      ) : null}
    </div>
  );
}
