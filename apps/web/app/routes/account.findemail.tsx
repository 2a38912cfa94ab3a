import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { normalizeMobile } from '@podo/contracts/rules';
import type { Route } from './+types/account.findemail';
import type { z } from 'zod';
import type { ZFoundAccounts } from '@podo/contracts/accounts';
import { formatDate, formatMobileInput, isCode } from '../lib/account-rules';
import { pageMeta } from '../lib/meta';
import { useRoot } from '../lib/site';
import {
  AccountPage,
  CODE_FIELD_ERRORS,
  CodeInput,
  SendCodeButton,
  useCodeTimer,
  useFormErrors,
  usePublicApi,
} from '../components/account';
import { focusField, focusFirstError, FormInput, LiveMessage } from '../components/ui';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (m) => m.findEmail.title);

const SCOPE = 'findemail';
type Field = 'fullname' | 'mobile' | 'code';

/** Find the e-mail (login id): name + mobile → code by SMS → the masked e-mails of that number. */
export default function FindEmail() {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const api = usePublicApi();
  const [fullname, setFullname] = useState('');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'send' | 'confirm' | null>(null);
  const [news, setNews] = useState<string>();
  const [found, setFound] = useState<{ message: string; accounts: z.infer<typeof ZFoundAccounts>['data']['accounts'] } | null>(null);
  const timer = useCodeTimer();
  const { errors, setErrors, setError, showApiError } = useFormErrors<Field>(SCOPE, {
    ...CODE_FIELD_ERRORS,
    CODE_COOLDOWN: 'mobile',
    CODE_SEND_LIMIT: 'mobile',
  });
  const mobileNorm = normalizeMobile(mobile);

  const send = async () => {
    const e: Partial<Record<Field, string>> = {};
    if (!fullname.trim()) e.fullname = t('validation.nameRequired');
    if (!mobileNorm) e.mobile = mobile ? t('validation.mobile') : t('validation.mobileRequired');
    setErrors(e);
    if (!focusFirstError(SCOPE, e, ['fullname', 'mobile']) || !mobileNorm) return;
    setBusy('send');
    try {
      const r = await api.findAccount({ body: { fullname: fullname.trim(), mobile: mobileNorm } });
      timer.started(r.data ?? undefined, 180);
      setCode('');
      setNews(r.message || t('code.sent'));
      focusField(SCOPE, 'code');
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(null);
    }
  };

  const confirm = async () => {
    if (!mobileNorm) return;
    if (!isCode(code)) {
      setError('code', t('validation.code'));
      focusField(SCOPE, 'code');
      return;
    }
    setBusy('confirm');
    try {
      const r = await api.findAccountConfirm({ body: { fullname: fullname.trim(), mobile: mobileNorm, code } });
      setFound({ message: r.message, accounts: r.data?.accounts ?? [] });
      requestAnimationFrame(() => document.getElementById('findemail-result')?.focus());
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(null);
    }
  };

  if (found) {
    return (
      <AccountPage title={t('findEmail.title')} testId="findemail-page">
        <section id="findemail-result" tabIndex={-1} aria-labelledby="findemail-result-title" data-testid="findemail-result">
          <h2 id="findemail-result-title" className="h6 fw-bold text-center">
            {found.accounts.length ? found.message || t('findEmail.found') : found.message || t('findEmail.none')}
          </h2>
          {found.accounts.length ? (
            <ul className="list-group my-3" data-testid="findemail-accounts">
              {found.accounts.map((a) => (
                <li
                  key={`${a.email}-${a.createdAt}`}
                  className="list-group-item d-flex flex-wrap justify-content-between align-items-center column-gap-3 row-gap-1"
                >
                  <span className="fw-semibold text-break" data-testid="found-email">
                    {a.email}
                  </span>
                  <span className="small text-body-secondary">{t('findEmail.joined', { date: formatDate(a.createdAt, lang) })}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-center text-body-secondary py-3" data-testid="findemail-none">
              {t('findEmail.noneHelp')}
            </p>
          )}
        </section>
        <div className="d-grid gap-2 mt-3">
          <Link to="/account/login" className="btn btn-primary btn-lg">
            {t('login.title')}
          </Link>
          <Link to="/account/findpw" className="btn btn-outline-secondary btn-lg">
            {t('login.findPassword')}
          </Link>
        </div>
      </AccountPage>
    );
  }

  return (
    <AccountPage title={t('findEmail.title')} lead={t('findEmail.lead')} testId="findemail-page">
      <form
        noValidate
        name={SCOPE}
        className="mt-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (timer.sent) void confirm();
          else void send();
        }}
      >
        <FormInput
          scope={SCOPE}
          name="fullname"
          label={t('field.fullName')}
          required
          autoComplete="name"
          maxLength={50}
          value={fullname}
          onValueChange={(v) => {
            setFullname(v);
            setError('fullname', undefined);
          }}
          error={errors.fullname}
        />
        <FormInput
          scope={SCOPE}
          name="mobile"
          type="tel"
          label={t('field.mobile')}
          required
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="010-1234-5678"
          value={mobile}
          onValueChange={(v) => {
            setMobile(formatMobileInput(v));
            setError('mobile', undefined);
          }}
          error={errors.mobile}
          onEnter={() => void send()}
          addon={
            <SendCodeButton
              sent={timer.sent}
              resendIn={timer.resendIn}
              busy={busy === 'send'}
              onClick={() => void send()}
              testId="findemail-send"
            />
          }
        />
        {timer.sent ? (
          <CodeInput
            scope={SCOPE}
            value={code}
            onValueChange={(v) => {
              setCode(v);
              setError('code', undefined);
            }}
            error={errors.code}
            expiresIn={timer.expiresIn}
            expired={timer.expired}
            busy={busy === 'confirm'}
            onConfirm={() => void confirm()}
          />
        ) : null}
        <LiveMessage message={news} testId="findemail-news" />
      </form>
      <div className="d-flex justify-content-center gap-3 small mt-4 account-links">
        <Link to="/account/login">{t('login.title')}</Link>
        <span aria-hidden="true">|</span>
        <Link to="/account/findpw">{t('login.findPassword')}</Link>
      </div>
    </AccountPage>
  );
}
