import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parse, useForm, type DefaultValue, type Submission, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';
import type { Field } from '../components/ui';

/*
 * Forms, one way (CONVENTIONS 13): every form parses its fields with the API's own zod schema (packages/contracts),
 * in the browser through Conform before anything is sent, and again on the server in the route action. Both sides
 * turn zod's issues into the same localized text, the first one per field, from the web app's `validation.*` texts.
 */

/** The translation function of `useTranslation()` (or `createI18n(...).t` on the server). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Per field (by full name or by last segment): message keys replacing the default ones, by issue key or `required`. */
export type FieldMessages = Record<string, Partial<Record<string, string>>>;

/** The text for a missing value, by field (last segment of the name); other fields get `validation.required`. */
const REQUIRED: Record<string, string> = {
  email: 'validation.emailRequired',
  taxEmail: 'validation.emailRequired',
  mobile: 'validation.mobileRequired',
  fullName: 'validation.nameRequired',
  fullname: 'validation.nameRequired',
  birthday: 'validation.birthdayRequired',
  password: 'validation.passwordRequired',
  newPassword: 'validation.passwordRequired',
  passwordConfirm: 'validation.passwordConfirmRequired',
  code: 'validation.code',
  companyName: 'validation.companyRequired',
  businessNumber: 'validation.businessNumberRequired',
  representative: 'validation.representativeRequired',
  businessType: 'validation.businessType',
  agreeTerms: 'validation.agreeRequired',
  agreePrivacy: 'validation.agreeRequired',
  leaveTerms: 'validation.leaveTerms',
  leaveReason: 'validation.leaveReason',
  certificateFileId: 'validation.fileRequired',
};

type Issue = z.core.$ZodIssue;

/** Whether an issue says the value is missing (form data holds only strings, so a type error means absent). */
function isMissing(issue: Issue, value: unknown): boolean {
  if (value === undefined || value === '') return true;
  if (issue.code === 'invalid_type') return true;
  // A blank text (after trimming) where one character is the minimum.
  return issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1;
}

/** The localized text of one issue of the field `name`, whose submitted value is `value`. */
export function issueText(t: Translate, issue: Issue, name: string, value: unknown, messages: FieldMessages = {}): string {
  const leaf = name.split('.').at(-1) ?? name;
  const own = { ...messages[leaf], ...messages[name] };
  if (isMissing(issue, value)) return t(own.required ?? REQUIRED[leaf] ?? 'validation.required');
  // Schemas name their messages by key (e.g. { message: 'mobile' }): validation.<key> of the web texts.
  const key = own[issue.message] ?? `validation.${issue.message}`;
  const named = t(key);
  if (named !== key) return named;
  if (issue.code === 'invalid_format' && issue.format === 'email') return t(own.email ?? 'validation.email');
  return t(own.invalid ?? 'validation.invalid');
}

const valueAt = (payload: unknown, name: string): unknown =>
  name
    .split(/\.|\[(\d+)\]/)
    .filter(Boolean)
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), payload);

export interface ValidateOptions {
  messages?: FieldMessages;
  /** Checks the schema cannot make (a code confirmed, a value unchanged): field name → message, or nothing. */
  extra?: (payload: Record<string, unknown>) => Record<string, string | undefined>;
  /** Only these fields count (a step of a longer form); the others' issues are dropped. */
  only?: (name: string, revalidating: boolean) => boolean;
}

/**
 * Parses form data with a zod schema into a Conform submission whose errors are the first localized message per
 * field. The same call validates in the browser (Conform's onValidate) and in the route action.
 */
export function validateForm<S extends z.ZodType>(
  formData: FormData | URLSearchParams,
  schema: S,
  t: Translate,
  options: ValidateOptions = {},
): Submission<z.input<S>, string[], z.output<S>> {
  const parsed = parseWithZod(formData, { schema, formatError: (issues: Issue[]) => issues });
  // Conform's own submits (checks while typing) carry an intent; a submit by the member does not.
  const revalidating = formData.has('__intent__');
  const counts = (name: string) => !options.only || options.only(name, revalidating);
  const payload = (parsed.payload ?? {}) as Record<string, unknown>;
  const error: Record<string, string[]> = {};
  if (parsed.status !== 'success') {
    for (const [name, issues] of Object.entries(parsed.error ?? {})) {
      const first = issues?.[0];
      if (!first || !counts(name)) continue;
      error[name] = [issueText(t, first, name, valueAt(payload, name), options.messages)];
    }
  }
  for (const [name, message] of Object.entries(options.extra?.(payload) ?? {})) {
    if (message && !error[name] && counts(name)) error[name] = [message];
  }
  const ok = Object.keys(error).length === 0;
  return parse(formData, {
    resolve: () => (ok ? { value: parsed.status === 'success' ? parsed.value : undefined } : { error }),
  }) as Submission<z.input<S>, string[], z.output<S>>;
}

/** A result that shows these messages under their fields (an API answer about a field, a check of a step). */
export function errorResult(errors: Record<string, string | undefined>): SubmissionResult<string[]> {
  const error: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(errors)) if (message) error[name] = [message];
  return { status: 'error', error };
}

/**
 * A form on an API schema: Conform's state (values in the inputs, errors by field) validated with `validateForm`
 * when submitted and, once a field has shown an error, again as it is typed. `onValid` gets the parsed value of a
 * valid submit (the page sends it itself); without it a valid form submits as HTML does (to the route action).
 * `report` shows messages under fields (answers of the API, checks of a step).
 */
export function useSchemaForm<S extends z.ZodType, Extra extends string = never>(options: {
  id: string;
  schema: S;
  messages?: FieldMessages;
  extra?: ValidateOptions['extra'];
  only?: ValidateOptions['only'];
  /**
   * The schema of the call the submit is for, when a step of the form makes another call than the whole form (e.g.
   * the send-code call before the confirm call); `onValid` then gets that schema's output.
   */
  schemaFor?: () => z.ZodType;
  lastResult?: SubmissionResult<string[]> | null;
  /** Initial values by field (nested objects for nested fields; a ticked box is 'on'). */
  defaultValue?: Record<string, unknown>;
  onValid?: (value: z.output<S>, formData: FormData) => void;
}) {
  const { t } = useTranslation();
  const latest = useRef(options);
  latest.current = options;
  // Reported messages stand until the next answer of the route action.
  const [reported, setReported] = useState<{ result: SubmissionResult<string[]>; over: unknown } | null>(null);
  const [form, fields] = useForm<Record<string, unknown>>({
    id: options.id,
    lastResult: reported && reported.over === options.lastResult ? reported.result : options.lastResult,
    // Nested objects and 'on' for ticked boxes are what Conform's defaults hold at run time.
    defaultValue: options.defaultValue as DefaultValue<Record<string, unknown>>,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => {
      const o = latest.current;
      return validateForm(formData, o.schemaFor?.() ?? o.schema, t, o) as Submission<Record<string, unknown>, string[]>;
    },
    onSubmit: (event, { submission, formData }) => {
      const onValid = latest.current.onValid;
      if (!onValid || submission?.status !== 'success') return;
      event.preventDefault();
      onValid(submission.value as z.output<S>, formData);
    },
  });
  /** Shows these messages under their fields (with those shown already) and focuses the first. */
  const report = (errors: Record<string, string | undefined>) => {
    // The messages shown now stay, unless these replace them.
    const shown = Object.fromEntries(Object.entries(form.allErrors).map(([name, messages]) => [name, messages[0]]));
    setReported({ result: errorResult({ ...shown, ...errors }), over: latest.current.lastResult });
  };
  // Conform's fieldset answers any name; the schema's fields (and the page's own extra names) are typed.
  return { form, fields: fields as unknown as Record<(keyof z.input<S> & string) | Extra, Field>, report, t };
}

/** The fields of an object field (e.g. `business.companyName`), typed by their names. */
export function subfields<K extends string>(field: Field): Record<K, Field> {
  // Conform's metadata of an object field has getFieldset(); Field is typed for any schema, so it is not known here.
  return (field as unknown as { getFieldset(): Record<K, Field> }).getFieldset();
}

/** The current text of a field of form `formId` (Conform's value is a string for a single input). */
export const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Sets an input's value from code as if typed, so the form's state and checks follow. */
export function setInputValue(formId: string, name: string, value: string) {
  const form = document.getElementById(formId) as HTMLFormElement | null;
  const el = form?.elements.namedItem(name);
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)) return;
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) el.checked = value === 'on';
  else el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Which of its actions a form's submit means (send a code, confirm it, save…): `run(action)` submits the form
 * for that action, so it is validated as usual; a submit by Enter or by the submit button means `fallback()`.
 */
export function useSubmitAction<A extends string>(formId: string, fallback: () => A) {
  const chosen = useRef<A | null>(null);
  const byDefault = useRef(fallback);
  byDefault.current = fallback;
  return {
    current: (): A => chosen.current ?? byDefault.current(),
    run: (action: A) => {
      const form = document.getElementById(formId);
      if (!(form instanceof HTMLFormElement)) return;
      chosen.current = action;
      // requestSubmit dispatches the submit event (and so validates and calls onValid) before it returns.
      try {
        form.requestSubmit();
      } finally {
        chosen.current = null;
      }
    },
  };
}

/** Checks a new password's confirmation the way the API's sign-up schema does (shown before the API is asked). */
export const confirmCheck =
  (t: Translate, field = 'password') =>
  (payload: Record<string, unknown>) => ({
    passwordConfirm:
      typeof payload.passwordConfirm === 'string' && payload.passwordConfirm !== payload[field]
        ? t('validation.passwordConfirm')
        : undefined,
  });

/** The messages of some fields of the form `formId` now (e.g. the number before a code is sent to it). */
export function checkFields<S extends z.ZodType>(
  formId: string,
  schema: S,
  t: Translate,
  names: readonly string[],
  options?: ValidateOptions,
) {
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return {};
  const submission = validateForm(new FormData(form), schema, t, { ...options, only: (name) => names.includes(name) });
  const errors: Record<string, string> = {};
  if (submission.status !== 'success') for (const [name, m] of Object.entries(submission.error ?? {})) if (m?.[0]) errors[name] = m[0];
  return errors;
}
