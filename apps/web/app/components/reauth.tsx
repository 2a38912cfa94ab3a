import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REAUTH_MINUTES } from '@podo/contracts/rules';
import type { TMe } from '@podo/contracts';
import { useAlert } from './global-alert';
import { PROVIDER_LOGO, useSocialLogin } from './social';

/**
 * For a member without a password (`hasPassword: false`): the social re-authentication that stands in for the
 * current password before a change of the mobile number or the business details. It runs the social login popup
 * with intent 'reauth' (or the whole-page flow on phones, which comes back here with `intent` in the navigation
 * state); the proof itself stays in an HttpOnly cookie that the page's action sends on (lib/reauth.server.ts).
 * `confirmed` is the page's to reset once a change used the proof.
 */
export function ReauthBox({
  user,
  returnTo,
  confirmed,
  onConfirmed,
  error,
}: {
  user: TMe;
  returnTo: string;
  confirmed: boolean;
  onConfirmed(): void;
  error?: string;
}) {
  const { t } = useTranslation();
  const alert = useAlert();
  const location = useLocation();
  const navigate = useNavigate();
  const providers = user.sns.map((s) => s.provider);
  const social = useSocialLogin((r) => {
    if (r.intent !== 'reauth') return;
    if (r.ok) onConfirmed();
    else alert.open(r.message || t('common.serverError'));
  });

  // Back from the whole-page flow: the result travels in the navigation state.
  const state = location.state as { notice?: string; intent?: string } | null;
  useEffect(() => {
    if (state?.intent !== 'reauth') return;
    onConfirmed();
    navigate(location.pathname, { replace: true, state: null });
  }, [state, onConfirmed, navigate, location.pathname]);

  return (
    <div className="mb-3" data-testid="reauth" data-confirmed={confirmed}>
      <span className="form-label fw-semibold small d-block">{t('reauth.title')}</span>
      {confirmed ? (
        <p className="small text-success mb-0" role="status" data-testid="reauth-done">
          {t('reauth.done', { minutes: REAUTH_MINUTES })}
        </p>
      ) : (
        <>
          <p className="small text-body-secondary mb-2">{t('reauth.lead')}</p>
          {providers.length ? (
            <div className="d-flex flex-wrap gap-2">
              {providers.map((p) => {
                const Logo = PROVIDER_LOGO[p];
                return (
                  <button
                    key={p}
                    type="button"
                    className={`btn btn-social btn-sm btn-${p}`}
                    onClick={() => social.start(p, 'reauth', returnTo)}
                    aria-busy={social.pending === p || undefined}
                    data-testid={`reauth-${p}`}
                  >
                    <span className="btn-social-logo">
                      <Logo />
                    </span>
                    <span>{t('reauth.with', { provider: t(`social.name.${p}`) })}</span>
                  </button>
                );
              })}
            </div>
          ) : (
            <p className="small text-danger mb-0">{t('reauth.none')}</p>
          )}
        </>
      )}
      {error ? (
        <div className="invalid-feedback d-block" role="alert" data-testid="reauth-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
