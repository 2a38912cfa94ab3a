import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZCertConfirmBody } from '@podo/contracts/accounts';
import type { Route } from './+types/account.certemail';
import { ApiError } from '../lib/api';
import { pageMeta } from '../lib/meta';
import { AccountPage, CERTEMAIL_CHANNEL, usePublicApi } from '../components/account';
import { CheckIcon } from '../components/icons';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.certemail.title),
  { name: 'robots', content: 'noindex' },
];

type State = { kind: 'loading' } | { kind: 'ok'; message: string } | { kind: 'error'; message: string; code?: string };

/**
 * The link in the sign-up e-mail: confirms the code in the browser on load (so a mail scanner fetching the page
 * confirms nothing), then tells an open sign-up form in this browser.
 */
export default function CertEmail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const api = usePublicApi();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const once = useRef(false);

  useEffect(() => {
    if (once.current) return;
    once.current = true;
    // The link's query, checked with the API's own schema of the call it makes.
    const link = ZCertConfirmBody.safeParse({
      mode: params.get('mode') ?? 'SIGNUP_EMAIL',
      email: params.get('email') ?? '',
      code: params.get('code') ?? '',
    });
    if (!link.success || !link.data.email) {
      setState({ kind: 'error', message: t('certemail.badLink') });
      return;
    }
    const { mode, email, code } = link.data;
    api
      .confirmCode({ body: { mode, email, code } })
      .then((r) => {
        setState({ kind: 'ok', message: r.message || t('certemail.verified') });
        if (typeof BroadcastChannel !== 'undefined') {
          const ch = new BroadcastChannel(CERTEMAIL_CHANNEL);
          ch.postMessage({ mode, email, code });
          ch.close();
        }
      })
      .catch((e: unknown) =>
        setState({
          kind: 'error',
          message: e instanceof ApiError && e.isClientError ? e.message : t('common.serverError'),
          code: e instanceof ApiError ? e.code : undefined,
        }),
      );
  }, [params, api, t]);

  return (
    <AccountPage title={t('certemail.title')} testId="certemail-page">
      <div className="text-center mt-4" aria-live="polite">
        {state.kind === 'loading' ? (
          <p role="status" data-testid="certemail-loading">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            {t('certemail.checking')}
          </p>
        ) : state.kind === 'ok' ? (
          <div data-testid="certemail-ok" role="status">
            <div className="result-icon is-ok mx-auto mb-3" aria-hidden="true">
              <CheckIcon size={32} />
            </div>
            <p className="fw-bold mb-1">{state.message}</p>
            <p className="text-body-secondary small">{t('certemail.okNext')}</p>
          </div>
        ) : (
          <div data-testid="certemail-error" data-code={state.code} role="alert">
            <div className="result-icon is-error mx-auto mb-3" aria-hidden="true">
              !
            </div>
            <p className="fw-bold text-danger mb-1">{state.message}</p>
            <p className="text-body-secondary small">{t('certemail.errorNext')}</p>
          </div>
        )}
      </div>
      {state.kind !== 'loading' ? (
        <div className="d-grid gap-2 mt-4">
          <Link to="/account/signup" className="btn btn-primary btn-lg">
            {t('certemail.toSignup')}
          </Link>
          <Link to="/account/login" className="btn btn-outline-secondary btn-lg">
            {t('login.title')}
          </Link>
        </div>
      ) : null}
    </AccountPage>
  );
}
