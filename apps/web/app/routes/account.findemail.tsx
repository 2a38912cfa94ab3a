import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/account.findemail';
import type { z } from 'zod';
import { ZFindAccountBody, ZFindAccountConfirmBody, type ZFoundAccounts } from '@podo/contracts/accounts';
import { formatDate } from '../lib/account-rules';
import { useSchemaForm, useSubmitAction } from '../lib/forms';
import { pageMeta } from '../lib/meta';
import { useRoot } from '../lib/site';
import {
  AccountPage,
  CODE_FIELD_ERRORS,
  CodeStepFields,
  mobileInputProps,
  useApiErrors,
  useCodeStep,
  usePublicApi,
} from '../components/account';
import { focusField, FormInput } from '../components/ui';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (m) => m.findEmail.title);

const SCOPE = 'findemail';

/** Find the e-mail (login id): name + mobile → code by SMS → the masked e-mails of that number. */
export default function FindEmail() {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const api = usePublicApi();
  const [found, setFound] = useState<{ message: string; accounts: z.infer<typeof ZFoundAccounts>['data']['accounts'] } | null>(null);
  const step = useCodeStep({ onError: (e) => showApiError(e) });
  const action = useSubmitAction(SCOPE, () => (step.sent ? 'confirm' : 'send'));
  const { form, fields, report } = useSchemaForm({
    id: SCOPE,
    schema: ZFindAccountConfirmBody,
    // Sending is the find-account call (name and number); confirming adds the code.
    schemaFor: () => (action.current() === 'send' ? ZFindAccountBody : ZFindAccountConfirmBody),
    onValid: (v) => {
      if (action.current() === 'send') void send(v);
      else void confirm(v);
    },
  });
  const showApiError = useApiErrors(report, { ...CODE_FIELD_ERRORS, CODE_COOLDOWN: 'mobile', CODE_SEND_LIMIT: 'mobile' });

  const send = async (v: { fullname: string; mobile: string }) => {
    if (await step.send(() => api.findAccount({ body: { fullname: v.fullname, mobile: v.mobile } }))) {
      form.reset({ name: 'code' });
      focusField(SCOPE, 'code');
    }
  };
  const confirm = async (v: z.output<typeof ZFindAccountConfirmBody>) => {
    const r = await step.confirm(v.mobile, () => api.findAccountConfirm({ body: v }));
    if (!r) return;
    setFound({ message: r.message, accounts: r.data?.accounts ?? [] });
    requestAnimationFrame(() => document.getElementById('findemail-result')?.focus());
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
      <form noValidate={form.noValidate} id={form.id} name={SCOPE} className="mt-4" onSubmit={form.onSubmit}>
        <FormInput
          scope={SCOPE}
          name="fullname"
          field={fields.fullname}
          label={t('field.fullName')}
          required
          autoComplete="name"
          maxLength={50}
        />
        <CodeStepFields
          scope={SCOPE}
          step={step}
          target="mobile"
          targetField={fields.mobile}
          targetProps={mobileInputProps(t('field.mobile'))}
          code={fields.code}
          onSend={() => action.run('send')}
          onConfirm={() => action.run('confirm')}
          sendTestId="findemail-send"
          newsTestId="findemail-news"
        />
      </form>
      <div className="d-flex justify-content-center gap-3 small mt-4 account-links">
        <Link to="/account/login">{t('login.title')}</Link>
        <span aria-hidden="true">|</span>
        <Link to="/account/findpw">{t('login.findPassword')}</Link>
      </div>
    </AccountPage>
  );
}
