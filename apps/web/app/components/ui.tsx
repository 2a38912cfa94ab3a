import type { FieldMetadata } from '@conform-to/react';
import { useState, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '@podo/contracts/rules';
import { CheckIcon, ClearIcon, EyeIcon, EyeOffIcon } from './icons';
import { groupDigits } from '../lib/format';

/** Empty list message '검색 결과가 없습니다.' (or '데이터가 없습니다.' inside a modal). */
export function EmptyState({ inModal = false, children }: { inModal?: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <p className="empty-state text-center text-body-secondary py-5" role="status">
      {children ?? (inModal ? t('common.emptyModal') : t('common.emptyList'))}
    </p>
  );
}

export interface TabEntry {
  label: string;
  qty?: number;
  isDisabled?: boolean;
}

/**
 * Tabs: label with an optional quantity in parentheses; disabled entries cannot be chosen. With `idPrefix`, tab i
 * is `{idPrefix}-tab-{i}` and controls the panel `{idPrefix}-panel-{i}`; arrow keys move between tabs.
 */
export function Tabs({
  entries,
  active,
  onChange,
  label,
  idPrefix,
}: {
  entries: TabEntry[];
  active: number;
  onChange(i: number): void;
  label: string;
  idPrefix?: string;
}) {
  const move = (from: number, step: number) => {
    for (let k = 1; k <= entries.length; k++) {
      const i = (from + step * k + entries.length) % entries.length;
      const entry = entries[i];
      if (entry && !entry.isDisabled) {
        onChange(i);
        if (idPrefix) document.getElementById(`${idPrefix}-tab-${i}`)?.focus();
        return;
      }
    }
  };
  return (
    <div className="nav app-tabs" role="tablist" aria-label={label}>
      {entries.map((e, i) => (
        <button
          key={e.label}
          id={idPrefix ? `${idPrefix}-tab-${i}` : undefined}
          aria-controls={idPrefix ? `${idPrefix}-panel-${i}` : undefined}
          type="button"
          role="tab"
          aria-selected={i === active}
          tabIndex={i === active ? 0 : -1}
          disabled={e.isDisabled}
          className={`nav-link ${i === active ? 'active' : ''}`}
          onClick={() => onChange(i)}
          onKeyDown={(ev) => {
            if (ev.key === 'ArrowRight') move(i, 1);
            else if (ev.key === 'ArrowLeft') move(i, -1);
          }}
        >
          {e.label}
          {e.qty !== undefined ? ` (${groupDigits(e.qty)})` : ''}
        </button>
      ))}
    </div>
  );
}

/** A field of a Conform form (lib/forms.ts): its name, initial value, current value and errors. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any field of any form schema
export type Field = FieldMetadata<any, any, string[]>;

/** The first error of a Conform field, if any. */
export const firstError = (field: Field | undefined): string | undefined => field?.errors?.[0];

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'value' | 'children' | 'defaultValue'> & {
  /** Scope (form name) + name make the ids (`{scope}-{name}`, `…-error`, `…-help`), as the spec scopes validation errors. */
  scope: string;
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  /**
   * The Conform field: the input keeps its own value (submitted under `field.name`), and shows the field's first
   * error. Without it the input is controlled by `value` and `onValueChange`.
   */
  field?: Field;
  /** Rewrites what is typed (e.g. 01012345678 → 010-1234-5678). */
  format?(value: string): string;
  value?: string;
  onValueChange?(value: string): void;
  /** The first validation error of the field, shown in red below it. */
  error?: string;
  helper?: ReactNode;
  success?: boolean;
  /** Shown in green below the field while `success` holds and there is no error. */
  successText?: string;
  onEnter?(): void;
  /** Marks the label (required fields) and sets aria-required. */
  required?: boolean;
  /** Content inside the field on the right, before the buttons (e.g. a countdown). */
  suffix?: ReactNode;
  /** A control beside the field (e.g. a 'send code' button). */
  addon?: ReactNode;
  /** Extra content below the message (e.g. password rule hints). */
  below?: ReactNode;
  clearable?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** More ids for aria-describedby (e.g. the password rules list). */
  describedByExtra?: string;
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
  field,
  format,
  value: controlled,
  onValueChange,
  error: givenError,
  helper,
  success,
  successText,
  onEnter,
  readOnly,
  required,
  suffix,
  addon,
  below,
  clearable = true,
  inputRef,
  disabled,
  describedByExtra,
  ...rest
}: InputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const id = `${scope}-${name}`;
  const value = field ? (typeof field.value === 'string' ? field.value : '') : (controlled ?? '');
  const error = givenError ?? firstError(field);
  const ok = success && !error;
  const message = error ? `${id}-error` : ok && successText ? `${id}-ok` : helper ? `${id}-help` : undefined;
  const describedBy = [message, describedByExtra].filter(Boolean).join(' ') || undefined;
  const inputType = type === 'password' && shown ? 'text' : type;
  const showClear = clearable && !!value && !readOnly && !disabled;
  // Room on the right for what sits inside the field: check, clear, show/hide (about 30 px each) and the suffix.
  const icons = (ok ? 1 : 0) + (showClear ? 1 : 0) + (type === 'password' ? 1 : 0);
  const paddingRight = `${0.75 + icons * 1.9 + (suffix ? 3 : 0)}rem`;
  const control = (
    <div className="form-input-wrap position-relative flex-grow-1">
      <input
        {...rest}
        ref={inputRef}
        id={id}
        key={field?.key}
        name={field ? field.name : name}
        type={inputType}
        {...(field ? { defaultValue: typeof field.initialValue === 'string' ? field.initialValue : '' } : { value })}
        readOnly={readOnly}
        disabled={disabled}
        required={required}
        aria-required={required || undefined}
        className={`form-control form-control-lg ${error ? 'is-invalid' : ''} ${ok ? 'is-ok' : ''}`}
        style={{ paddingRight }}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          const el = e.currentTarget;
          const next = format ? format(el.value) : el.value;
          // The form's own value is the input's: rewrite it in place (Conform reads it as the event bubbles on).
          if (field && next !== el.value) el.value = next;
          onValueChange?.(next);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && onEnter) {
            e.preventDefault();
            onEnter();
          }
        }}
      />
      <div className="form-input-actions">
        {suffix}
        {ok ? <CheckIcon size={18} className="text-success" title="OK" /> : null}
        {showClear ? (
          <button
            type="button"
            className="btn btn-link p-1 text-body-tertiary"
            aria-label={t('login.clear')}
            data-testid={`${id}-clear`}
            onClick={() => {
              const el = document.getElementById(id) as HTMLInputElement | null;
              if (field && el) {
                el.value = '';
                el.dispatchEvent(new Event('input', { bubbles: true }));
              } else onValueChange?.('');
              el?.focus();
            }}
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
            aria-controls={id}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
          </button>
        ) : null}
      </div>
    </div>
  );
  return (
    <div className="form-input mb-3">
      <label htmlFor={id} className="form-label fw-semibold small">
        {label}
        {required ? (
          <span className="text-danger ms-1" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {/* The same element tree with or without the addon: an input whose parent changed would be made anew, and
          an uncontrolled one (a Conform field) would lose what was typed when e.g. a 'send code' button goes. */}
      <div className={addon ? 'd-flex gap-2 align-items-start' : undefined}>
        {control}
        {addon ? <div className="form-input-addon">{addon}</div> : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="form-input-error text-danger small mt-1 mb-0" role="alert">
          {error}
        </p>
      ) : ok && successText ? (
        <p id={`${id}-ok`} className="form-input-ok text-success small mt-1 mb-0" role="status">
          {successText}
        </p>
      ) : helper ? (
        <p id={`${id}-help`} className="form-text small mt-1 mb-0">
          {helper}
        </p>
      ) : null}
      {below}
    </div>
  );
}

/** A checkbox or radio of the spec's form input: label, first error in red below, helper text. */
export function FormCheck({
  scope,
  name,
  label,
  field,
  checked,
  onCheckedChange,
  type = 'checkbox',
  value,
  error: givenError,
  helper,
  required,
  extra,
  className = '',
  testId,
}: {
  scope: string;
  name: string;
  label: ReactNode;
  /** The Conform field (the box keeps its own state, submitted as 'on'); else controlled by `checked`. */
  field?: Field;
  checked?: boolean;
  onCheckedChange?(checked: boolean): void;
  type?: 'checkbox' | 'radio';
  /** Radio value (the id becomes `{scope}-{name}-{value}`). */
  value?: string;
  error?: string;
  helper?: ReactNode;
  required?: boolean;
  /** Content at the end of the row (e.g. a 'view' link). */
  extra?: ReactNode;
  className?: string;
  testId?: string;
}) {
  const id = value ? `${scope}-${name}-${value}` : `${scope}-${name}`;
  const error = givenError ?? firstError(field);
  const describedBy = error ? `${id}-error` : helper ? `${id}-help` : undefined;
  return (
    <div className={`form-check-row ${className}`}>
      <div className="form-check d-flex align-items-center gap-2 mb-0">
        <input
          id={id}
          key={field?.key}
          name={field ? field.name : name}
          type={type}
          value={value}
          className={`form-check-input mt-0 ${error ? 'is-invalid' : ''}`}
          {...(field ? { defaultChecked: field.initialValue === (value ?? 'on') } : { checked })}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-testid={testId}
          onChange={(e) => onCheckedChange?.(e.currentTarget.checked)}
        />
        <label htmlFor={id} className="form-check-label flex-grow-1">
          {label}
        </label>
        {extra}
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

/** A select with the same label, error and helper layout as FormInput. */
export function FormSelect({
  scope,
  name,
  label,
  field,
  value,
  onValueChange,
  options,
  placeholder,
  error: givenError,
  helper,
  required,
  ...rest
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'defaultValue'> & {
  scope: string;
  name: string;
  label: string;
  /** The Conform field (the select keeps its own value); else controlled by `value`. */
  field?: Field;
  value?: string;
  onValueChange?(value: string): void;
  options: { value: string; label: string }[];
  placeholder?: string;
  error?: string;
  helper?: ReactNode;
  required?: boolean;
}) {
  const id = `${scope}-${name}`;
  const error = givenError ?? firstError(field);
  const describedBy = error ? `${id}-error` : helper ? `${id}-help` : undefined;
  return (
    <div className="form-input mb-3">
      <label htmlFor={id} className="form-label fw-semibold small">
        {label}
        {required ? (
          <span className="text-danger ms-1" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <select
        {...rest}
        id={id}
        key={field?.key}
        name={field ? field.name : name}
        {...(field ? { defaultValue: typeof field.initialValue === 'string' ? field.initialValue : '' } : { value })}
        required={required}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`form-select form-select-lg ${error ? 'is-invalid' : ''}`}
        onChange={(e) => onValueChange?.(e.currentTarget.value)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
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

/** Live password rule hints (spec §5): each turns green when met. */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation();
  const rules = [
    { key: 'length', ok: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX },
    { key: 'letter', ok: /[A-Za-z]/.test(password) },
    { key: 'digit', ok: /\d/.test(password) },
    { key: 'special', ok: /[#?!@$%^&*-]/.test(password) },
  ] as const;
  return (
    <ul className="password-rules list-unstyled small mt-2 mb-0" id={id} aria-label={t('password.rulesTitle')} data-testid={id}>
      {rules.map((r) => (
        <li key={r.key} className={r.ok ? 'is-ok' : ''} data-ok={r.ok}>
          <CheckIcon size={14} />
          <span>{t(`password.rule.${r.key}`)}</span>
          <span className="visually-hidden">{r.ok ? ` (${t('password.met')})` : ''}</span>
        </li>
      ))}
    </ul>
  );
}

/** Moves focus to the field `{scope}-{name}` (the first invalid one after a failed check). */
export function focusField(scope: string, name: string) {
  requestAnimationFrame(() => {
    const el = document.getElementById(`${scope}-${name}`);
    el?.focus();
    el?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  });
}

/** Focuses the first field of `order` that has an error; true when there was none. */
export function focusFirstError(scope: string, errors: Record<string, string | undefined>, order: readonly string[]): boolean {
  const first = order.find((k) => errors[k]);
  if (first) focusField(scope, first);
  return !first;
}

/** A polite live region for the news of async calls (sent, verified, saved). */
export function LiveMessage({
  message,
  tone = 'info',
  testId,
}: {
  message?: string;
  tone?: 'info' | 'success' | 'danger';
  testId?: string;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid={testId}
      className={message ? `live-message alert alert-${tone === 'info' ? 'light border' : tone} small py-2` : 'visually-hidden'}
    >
      {message ?? ''}
    </div>
  );
}

/** Large submit button (42 px), busy while a request runs. */
export function SubmitButton({
  busy,
  children,
  busyText,
  className = '',
  testId,
  variant = 'primary',
  type = 'submit',
  onClick,
  disabled,
}: {
  busy?: boolean;
  children: ReactNode;
  busyText?: string;
  className?: string;
  testId?: string;
  variant?: string;
  type?: 'submit' | 'button';
  onClick?(): void;
  disabled?: boolean;
}) {
  return (
    <button
      type={type}
      className={`btn btn-${variant} btn-lg w-100 ${className}`}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      data-testid={testId}
      onClick={onClick}
    >
      {busy && busyText ? busyText : children}
    </button>
  );
}
