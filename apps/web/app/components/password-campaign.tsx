import { useEffect, useRef, useState } from 'react';
import { useFetcher, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PASSWORD_CAMPAIGN_DAYS } from '@podo/contracts/rules';
import type { TMe } from '@podo/contracts';
import { LockIcon } from './icons';
import { Modal } from './modal';

/** sessionStorage flag: the campaign was shown in this session. */
export const CAMPAIGN_SEEN = 'pw-campaign-seen';

/**
 * The password-change campaign (spec §2, §5): once per session, for a member whose password is 356+ days old.
 * 'Change now' opens the password page; 'change next time' snoozes it on the server.
 */
export function PasswordCampaign({ user }: { user: TMe | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const fetcher = useFetcher();
  const [open, setOpen] = useState(false);
  const nowRef = useRef<HTMLButtonElement>(null);
  const due = user?.passwordChangeDue === true;

  useEffect(() => {
    const { pathname } = location;
    if (!due || pathname.startsWith('/mypage/password') || pathname.startsWith('/account/') || pathname.startsWith('/oauth2/')) return;
    try {
      if (sessionStorage.getItem(CAMPAIGN_SEEN)) return;
      sessionStorage.setItem(CAMPAIGN_SEEN, '1');
    } catch {
      return;
    }
    setOpen(true);
  }, [due, location]);

  if (!due) return null;
  const close = () => setOpen(false);
  return (
    <Modal
      open={open}
      onClose={close}
      width={500}
      labelledBy="pw-campaign-title"
      describedBy="pw-campaign-text"
      testId="password-campaign"
      initialFocus={nowRef}
    >
      <div className="p-4 text-center">
        <div className="campaign-icon mx-auto mb-3" aria-hidden="true">
          <LockIcon size={28} />
        </div>
        <h2 id="pw-campaign-title" className="h5 fw-bold mb-3">
          {t('campaign.title')}
        </h2>
        <div id="pw-campaign-text">
          <p className="mb-2">{t('campaign.text', { days: PASSWORD_CAMPAIGN_DAYS })}</p>
          <p className="small text-body-secondary mb-0">{t('campaign.note')}</p>
        </div>
      </div>
      <div className="d-flex border-top">
        <button
          type="button"
          className="btn btn-link flex-fill py-3 text-body-secondary border-end rounded-0"
          data-testid="campaign-later"
          disabled={fetcher.state !== 'idle'}
          onClick={() => {
            void fetcher.submit({ intent: 'snooze' }, { method: 'post', action: '/mypage/password' });
            close();
          }}
        >
          {t('campaign.later')}
        </button>
        <button
          ref={nowRef}
          type="button"
          className="btn btn-link flex-fill py-3 fw-bold text-primary rounded-0"
          data-testid="campaign-now"
          onClick={() => {
            close();
            navigate('/mypage/password');
          }}
        >
          {t('campaign.now')}
        </button>
      </div>
    </Modal>
  );
}
