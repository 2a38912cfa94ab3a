import { useState } from 'react';
import { useFetcher } from 'react-router';
import { useTranslation } from 'react-i18next';
import { apiErrorOf, type ActionResult } from '../lib/api';
import { useActionResult } from './account';
import { useAlert } from './global-alert';
import { ConfirmDialog } from './confirm-dialog';
import { CAMPAIGN_SEEN } from './password-campaign';

/**
 * 'Log out everywhere' (mypage profile): after a confirmation, /account/logout with scope=all revokes every token
 * of the member on the server and clears this browser's cookie; a failure is shown and nothing changes.
 */
export function LogoutEverywhere() {
  const { t } = useTranslation();
  const alert = useAlert();
  // The action answers a redirect home on success, an ActionResult only on failure.
  const fetcher = useFetcher<ActionResult>();
  const [confirming, setConfirming] = useState(false);
  useActionResult(fetcher.data, (r) => {
    if (!r.ok) alert.showError(apiErrorOf(r.error));
  });

  const logout = () => {
    setConfirming(false);
    try {
      sessionStorage.removeItem(CAMPAIGN_SEEN);
    } catch {
      /* storage unavailable */
    }
    void fetcher.submit({ scope: 'all' }, { method: 'post', action: '/account/logout' });
  };

  return (
    <section className="mypage-panel mt-4" aria-labelledby="logout-everywhere-title" data-testid="logout-everywhere">
      <h2 id="logout-everywhere-title" className="h6 fw-bold">
        {t('logoutEverywhere.title')}
      </h2>
      <p className="small text-body-secondary">{t('logoutEverywhere.lead')}</p>
      <button
        type="button"
        className="btn btn-outline-danger btn-sm"
        onClick={() => setConfirming(true)}
        disabled={fetcher.state !== 'idle'}
        aria-busy={fetcher.state !== 'idle' || undefined}
        data-testid="logout-everywhere-open"
      >
        {t('logoutEverywhere.button')}
      </button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={logout}
        id="logout-everywhere"
        title={t('logoutEverywhere.confirm')}
        note={t('logoutEverywhere.confirmNote')}
        confirmText={t('logoutEverywhere.ok')}
      />
    </section>
  );
}
