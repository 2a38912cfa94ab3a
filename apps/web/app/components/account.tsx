import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMobileInput, type MemberStatus } from '../lib/account-rules';
import type { z } from 'zod';
import type { ZCertSent } from '@podo/contracts';
import * as accountOps from '@podo/contracts/ops/account';
import { ApiError, createClient } from '../lib/api';
import { useRoot } from '../lib/site';
import { useAlert } from './global-alert';
import { focusField, FormInput, LiveMessage, type Field } from './ui';

/** What a sent code answers: when it expires and when another may be asked for. */
type CodeSent = z.infer<typeof ZCertSent>['data'];

/** Channel on which the e-mail link page (/account/certemail) tells an open sign-up form the code was confirmed. */
export const CERTEMAIL_CHANNEL = 'podo-certemail';

/** The public API from the browser, in the page's language. */
export function usePublicApi() {
  const { lang } = useRoot();
  return useMemo(
    () => createClient(accountOps, { fetch: (url, init) => window.fetch(url, { ...init, credentials: 'same-origin' }), lang }),
    [lang],
  );
}

/** Seconds left until `until` (ms since epoch), ticking every second; 0 when past or unset. */
export function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [until]);
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
}

export const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/**
 * The routing of API failures of a form: a code that concerns a field shows under it (through the form's `report`),
 * anything else in the global alert.
 */
export function useApiErrors(report: (errors: Record<string, string>) => void, fieldOfCode: Partial<Record<string, string>> = {}) {
  const alert = useAlert();
  const latest = useRef({ report, fieldOfCode });
  latest.current = { report, fieldOfCode };
  return useCallback(
    (e: unknown) => {
      const field = e instanceof ApiError && e.isClientError && e.code ? latest.current.fieldOfCode[e.code] : undefined;
      if (field && e instanceof ApiError) latest.current.report({ [field]: e.message });
      else alert.showError(e);
    },
    [alert],
  );
}

/**
 * Field errors of a form kept in React state (the social-link page, which has one field), plus the routing of API
 * failures: a code that concerns a field shows under it. Forms on a schema use `useSchemaForm` and `useApiErrors`.
 */
export function useFormErrors<K extends string>(scope: string, fieldOfCode: Partial<Record<string, K>> = {}) {
  const alert = useAlert();
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const fieldMap = useRef(fieldOfCode);
  fieldMap.current = fieldOfCode;
  const setError = useCallback((k: K, message?: string) => setErrors((e) => (e[k] === message ? e : { ...e, [k]: message })), []);
  /** Shows an API failure under its field when the code concerns one, else in the global alert. */
  const showApiError = useCallback(
    (e: unknown) => {
      if (e instanceof ApiError && e.isClientError && e.code && fieldMap.current[e.code]) {
        const k = fieldMap.current[e.code] as K;
        setErrors((er) => ({ ...er, [k]: e.message }));
        focusField(scope, k);
        return;
      }
      alert.showError(e);
    },
    [alert, scope],
  );
  return { errors, setErrors, setError, showApiError };
}

/** Error codes of the code calls and the field they concern. */
export const CODE_FIELD_ERRORS = {
  CODE_INVALID: 'code',
  CODE_EXPIRED: 'code',
  CODE_ATTEMPTS_EXCEEDED: 'code',
  CODE_NOT_VERIFIED: 'code',
} as const;

export interface CodeState {
  /** When the code stops working (ms), null before one was sent. */
  expiresAt: number | null;
  resendAt: number | null;
}

/** A verification code's timers: the expiry countdown and the resend cooldown, from the API's answer. */
export function useCodeTimer() {
  const [state, setState] = useState<CodeState>({ expiresAt: null, resendAt: null });
  const expiresIn = useCountdown(state.expiresAt);
  const resendIn = useCountdown(state.resendAt);
  const started = useCallback((sent?: Partial<CodeSent>, fallbackSeconds = 180) => {
    const exp = sent?.expiresAt ? new Date(sent.expiresAt).getTime() : NaN;
    setState({
      expiresAt: Number.isFinite(exp) ? exp : Date.now() + fallbackSeconds * 1000,
      resendAt: Date.now() + (sent?.resendAfterSeconds ?? 60) * 1000,
    });
  }, []);
  const reset = useCallback(() => setState({ expiresAt: null, resendAt: null }), []);
  return { sent: state.expiresAt !== null, expired: state.expiresAt !== null && expiresIn === 0, expiresIn, resendIn, started, reset };
}

type CodeAnswer = { message?: string; data?: Partial<CodeSent> | null };

/**
 * The send-code → countdown → confirm step (a code by SMS, or by e-mail at sign-up): one hook for sign-up, find
 * e-mail, find password and mobile change. The page makes the API calls; the hook keeps the timers, the busy flag,
 * the news of the last call and which value was confirmed, and hands failures to `onError`.
 */
export function useCodeStep({ onError, fallbackSeconds = 180 }: { onError(e: unknown): void; fallbackSeconds?: number }) {
  const { t } = useTranslation();
  const timer = useCodeTimer();
  const [busy, setBusy] = useState<'send' | 'confirm' | null>(null);
  const [news, setNews] = useState<string>();
  const [verified, setVerified] = useState<string | null>(null);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  /** Asks for a code; true when one was sent. */
  const send = async (call: () => Promise<CodeAnswer>): Promise<boolean> => {
    setBusy('send');
    try {
      const r = await call();
      timer.started(r.data ?? undefined, fallbackSeconds);
      setVerified(null);
      setNews(r.message || t('code.sent'));
      return true;
    } catch (e) {
      onErrorRef.current(e);
      return false;
    } finally {
      setBusy(null);
    }
  };
  /** Confirms the code for `target` (the number or address it was sent to); the answer, or null after a failure. */
  const confirm = async <R extends { message?: string }>(
    target: string,
    call: () => Promise<R>,
    news?: (r: R) => string | undefined,
  ): Promise<R | null> => {
    setBusy('confirm');
    try {
      const r = await call();
      setVerified(target);
      setNews(news?.(r));
      return r;
    } catch (e) {
      onErrorRef.current(e);
      return null;
    } finally {
      setBusy(null);
    }
  };
  /** Forgets the code (another number, or the change is done). */
  const reset = () => {
    timer.reset();
    setVerified(null);
    setNews(undefined);
  };
  return { ...timer, busy, news, setNews, verified, setVerified, send, confirm, reset };
}
export type CodeStep = ReturnType<typeof useCodeStep>;

/**
 * The fields of a code step: the number (or address) with its send button, the code with its countdown and
 * confirm button once sent, and the news of the calls. The same markup on every page that uses `useCodeStep`.
 */
/** The mobile number field of a code step: Korean mobile format, typed as digits and shown as 010-1234-5678. */
export const mobileInputProps = (label: string) =>
  ({
    type: 'tel',
    label,
    required: true,
    inputMode: 'numeric',
    autoComplete: 'tel-national',
    placeholder: '010-1234-5678',
    format: formatMobileInput,
  }) as const;

export function CodeStepFields({
  scope,
  step,
  target,
  targetField,
  targetProps,
  code,
  codeName = 'code',
  onSend,
  onConfirm,
  confirmed = false,
  noConfirmButton,
  codeHelper,
  sendTestId,
  newsTestId,
  newsOnlyAfterSent,
  afterTarget,
}: {
  scope: string;
  step: CodeStep;
  /** The target input's name in ids (`{scope}-{target}`). */
  target: string;
  targetField: Field;
  targetProps: Omit<Parameters<typeof FormInput>[0], 'scope' | 'name' | 'field'>;
  code: Field;
  codeName?: string;
  onSend(): void;
  onConfirm(): void;
  /** The code was confirmed: the target is read-only and the send button goes. */
  confirmed?: boolean;
  noConfirmButton?: boolean;
  codeHelper?: ReactNode;
  sendTestId: string;
  newsTestId: string;
  /** The news shows in the live region only once a code was sent (before, the page shows it as the helper). */
  newsOnlyAfterSent?: boolean;
  /** Between the target and the code (e.g. 'change number' once confirmed). */
  afterTarget?: ReactNode;
}) {
  return (
    <>
      <FormInput
        scope={scope}
        name={target}
        field={targetField}
        readOnly={confirmed}
        onEnter={onSend}
        addon={
          confirmed ? undefined : (
            <SendCodeButton sent={step.sent} resendIn={step.resendIn} busy={step.busy === 'send'} onClick={onSend} testId={sendTestId} />
          )
        }
        {...targetProps}
      />
      {afterTarget}
      {step.sent || confirmed ? (
        <CodeInput
          scope={scope}
          name={codeName}
          field={code}
          expiresIn={step.expiresIn}
          expired={step.expired}
          verified={confirmed}
          busy={step.busy === 'confirm'}
          onConfirm={onConfirm}
          noConfirmButton={noConfirmButton}
          helper={codeHelper}
        />
      ) : null}
      <LiveMessage message={newsOnlyAfterSent && !step.sent ? undefined : step.news} testId={newsTestId} />
    </>
  );
}

/** 'Send code' / 'Resend' button with the cooldown left. */
export function SendCodeButton({
  sent,
  resendIn,
  busy,
  disabled,
  onClick,
  testId,
}: {
  sent: boolean;
  resendIn: number;
  busy?: boolean;
  disabled?: boolean;
  onClick(): void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const cooling = sent && resendIn > 0;
  return (
    <button
      type="button"
      className="btn btn-outline-primary btn-lg text-nowrap"
      disabled={busy || disabled || cooling}
      aria-busy={busy || undefined}
      onClick={onClick}
      data-testid={testId}
    >
      {busy ? t('code.sending') : cooling ? t('code.resendIn', { seconds: resendIn }) : sent ? t('code.resend') : t('code.send')}
    </button>
  );
}

/** The code field: 6 digits on a numeric keypad, the time left inside it, a confirm button beside it. */
export function CodeInput({
  scope,
  name = 'code',
  field,
  error,
  expiresIn,
  expired,
  verified,
  busy,
  onConfirm,
  label,
  helper,
  confirmLabel,
  testId,
  noConfirmButton,
}: {
  scope: string;
  name?: string;
  /** The Conform field of the code. */
  field: Field;
  error?: string;
  expiresIn: number;
  expired: boolean;
  verified?: boolean;
  busy?: boolean;
  onConfirm?(): void;
  label?: string;
  helper?: ReactNode;
  confirmLabel?: string;
  testId?: string;
  /** Enter still confirms, but the page has its own submit button. */
  noConfirmButton?: boolean;
}) {
  const { t } = useTranslation();
  const value = typeof field.value === 'string' ? field.value : '';
  const fieldError = error ?? field.errors?.[0];
  return (
    <FormInput
      scope={scope}
      name={name}
      label={label ?? t('code.label')}
      field={field}
      format={(v) => v.replace(/\D/g, '').slice(0, 6)}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="\d{6}"
      maxLength={6}
      placeholder={t('code.placeholder')}
      error={fieldError ?? (expired && !verified ? t('code.expired') : undefined)}
      success={verified}
      successText={verified ? t('code.verified') : undefined}
      readOnly={verified}
      helper={helper}
      required
      data-testid={testId}
      onEnter={onConfirm}
      suffix={
        !verified && expiresIn > 0 ? (
          <span className="code-timer small text-danger fw-semibold me-1" data-testid={`${scope}-${name}-timer`}>
            <span className="visually-hidden">{t('code.timeLeft')} </span>
            {clock(expiresIn)}
          </span>
        ) : null
      }
      addon={
        onConfirm && !noConfirmButton ? (
          <button
            type="button"
            className="btn btn-primary btn-lg text-nowrap"
            disabled={busy || verified || value.length !== 6}
            aria-busy={busy || undefined}
            onClick={onConfirm}
            data-testid={`${scope}-${name}-confirm`}
          >
            {verified ? t('code.verifiedShort') : (confirmLabel ?? t('code.confirm'))}
          </button>
        ) : undefined
      }
    />
  );
}

const BADGE: Record<MemberStatus, string> = {
  PENDING: 'text-bg-warning',
  APPROVED: 'text-bg-success',
  REJECTED: 'text-bg-danger',
  WITHDRAWN: 'text-bg-secondary',
};

/** Buyer status badge: PENDING / APPROVED / REJECTED. */
export function StatusBadge({ status }: { status: MemberStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`badge rounded-pill status-badge ${BADGE[status]}`} data-testid="status-badge" data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

/** The account pages' container (424 px, spec §9) with the page title. */
export function AccountPage({ title, lead, children, testId }: { title: string; lead?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="account-container page-body" data-testid={testId}>
      <h1 className="page-title text-center">{title}</h1>
      {lead ? <p className="text-center text-body-secondary">{lead}</p> : null}
      {children}
    </div>
  );
}

/** Runs `handle` once for each new action answer (answers carry their time in `at`). */
export function useActionResult<T extends { at: number } | undefined>(result: T, handle: (r: NonNullable<T>) => void) {
  const seen = useRef<number | null>(null);
  const handler = useRef(handle);
  handler.current = handle;
  useEffect(() => {
    if (!result || seen.current === result.at) return;
    seen.current = result.at;
    handler.current(result as NonNullable<T>);
  }, [result]);
}

/**
 * The member's current password, asked again before a change a stolen token must not make (mobile number, business
 * details, social links, leaving): one field, the same everywhere.
 */
export function CurrentPasswordInput({
  scope,
  field,
  value,
  onChange,
  error,
  name = 'password',
  helper,
  required,
  onEnter,
}: {
  scope: string;
  /** The Conform field of the password; without it, controlled by `value` and `onChange`. */
  field?: Field;
  value?: string;
  /** The new value; the caller also clears the field's error. */
  onChange?(value: string): void;
  error?: string;
  /** The name in ids (`{scope}-{name}`). */
  name?: string;
  helper?: string;
  required?: boolean;
  onEnter?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormInput
      scope={scope}
      name={name}
      field={field}
      value={value}
      onValueChange={onChange}
      error={error}
      type="password"
      label={t('field.currentPassword')}
      required={required}
      autoComplete="current-password"
      maxLength={200}
      helper={helper}
      onEnter={onEnter}
    />
  );
}
