import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatBusinessNumber, maskMobile } from '@podo/contracts/rules';
import type { Route } from './+types/mypage._index';
import { formatDate } from '../lib/account-rules';
import { pageMeta } from '../lib/meta';
import { useRoot, useUser } from '../lib/site';
import { StatusBadge } from '../components/account';
import { CheckIcon } from '../components/icons';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.mypage.title),
  { name: 'robots', content: 'noindex' },
];

/** My page overview: who, which company, the buyer application's status and what to do about it. */
export default function MyPageOverview() {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const user = useUser();
  const [params] = useSearchParams();
  if (!user) return null;
  const justSignedUp = params.get('welcome') === 'signup';
  const b = user.business;
  return (
    <div className="d-grid gap-3" data-testid="mypage-overview">
      {justSignedUp ? (
        <section className="card border-success" role="status" data-testid="signup-complete">
          <div className="card-body d-flex gap-3 align-items-start">
            <div className="result-icon is-ok flex-shrink-0" aria-hidden="true">
              <CheckIcon size={24} />
            </div>
            <div>
              <h2 className="h6 fw-bold mb-1">{t('signup.doneTitle')}</h2>
              <p className="mb-0 small">{t('signup.doneText')}</p>
            </div>
          </div>
        </section>
      ) : null}

      <section className={`card status-card status-${user.status.toLowerCase()}`} aria-labelledby="status-title" data-testid="buyer-status">
        <div className="card-body">
          <div className="d-flex align-items-center gap-2 mb-2 flex-wrap">
            <h2 id="status-title" className="h6 fw-bold mb-0">
              {t('overview.statusTitle')}
            </h2>
            <StatusBadge status={user.status} />
          </div>
          <p className="mb-2" data-testid="status-text">
            {t(`overview.status.${user.status}`)}
          </p>
          {user.status === 'REJECTED' ? (
            <>
              {user.rejectReason ? (
                <p className="alert alert-danger small py-2 mb-2" data-testid="reject-reason">
                  <strong>{t('overview.rejectReason')}</strong> {user.rejectReason}
                </p>
              ) : null}
              <Link to="/mypage/profile" className="btn btn-primary" data-testid="resubmit-link">
                {t('overview.resubmit')}
              </Link>
            </>
          ) : null}
        </div>
      </section>

      <section className="card" aria-labelledby="account-title">
        <div className="card-body">
          <div className="d-flex justify-content-between align-items-center mb-2">
            <h2 id="account-title" className="h6 fw-bold mb-0">
              {t('overview.accountTitle')}
            </h2>
            <Link to="/mypage/profile" className="small">
              {t('overview.edit')}
            </Link>
          </div>
          <dl className="info-list mb-0">
            <div>
              <dt>{t('field.fullName')}</dt>
              <dd data-testid="overview-name" translate="no">
                {user.fullName}
              </dd>
            </div>
            <div>
              <dt>{t('field.email')}</dt>
              <dd>{user.email}</dd>
            </div>
            <div>
              <dt>{t('field.mobile')}</dt>
              <dd>{user.mobile ? maskMobile(user.mobile) : '-'}</dd>
            </div>
            <div>
              <dt>{t('overview.memberSince')}</dt>
              <dd data-testid="member-since">{formatDate(user.createdAt, lang)}</dd>
            </div>
          </dl>
        </div>
      </section>

      {b ? (
        <section className="card" aria-labelledby="company-title">
          <div className="card-body">
            <h2 id="company-title" className="h6 fw-bold mb-2">
              {t('overview.companyTitle')}
            </h2>
            <dl className="info-list mb-0">
              <div>
                <dt>{t('field.companyName')}</dt>
                <dd data-testid="overview-company" translate="no">
                  {b.companyName}
                </dd>
              </div>
              <div>
                <dt>{t('field.businessNumber')}</dt>
                <dd>{formatBusinessNumber(b.businessNumber)}</dd>
              </div>
              <div>
                <dt>{t('field.representative')}</dt>
                <dd translate="no">{b.representative}</dd>
              </div>
              <div>
                <dt>{t('field.businessType')}</dt>
                <dd>{t(`businessType.${b.businessType}`)}</dd>
              </div>
            </dl>
          </div>
        </section>
      ) : null}
    </div>
  );
}
