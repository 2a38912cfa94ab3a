import { data, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/account.withdrawal-complete';
import { clearCookie, LEFT_COOKIE, parseCookies } from '../lib/cookies';
import { pageMeta } from '../lib/meta';
import { AccountPage } from '../components/account';

export const meta: Route.MetaFunction = ({ data, matches }) => [
  ...pageMeta(matches, (m) => (data?.left ? m.withdrawal.title : m.withdrawal.neutralTitle)),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const left = parseCookies(request.headers.get('cookie'))[LEFT_COOKIE] === '1';
  if (!left) return { left };
  return data({ left }, { headers: { 'Set-Cookie': clearCookie(LEFT_COOKIE, context.secureCookies) } });
}

// Keep the thanks while the page stays open (the flag cookie is gone after the first load).
export const shouldRevalidate = () => false;

/** After leaving: thanks and what happens to the data. Reached any other way it stays neutral. */
export default function WithdrawalComplete({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AccountPage title={loaderData.left ? t('withdrawal.title') : t('withdrawal.neutralTitle')} testId="withdrawal-page">
      <div className="text-center mt-3" role="status">
        {loaderData.left ? (
          <>
            <p className="fw-bold" data-testid="withdrawal-thanks">
              {t('withdrawal.thanks')}
            </p>
            <p className="small text-body-secondary">{t('withdrawal.kept')}</p>
            <p className="small text-body-secondary">{t('withdrawal.rejoin')}</p>
          </>
        ) : (
          <p className="text-body-secondary text-start" data-testid="withdrawal-neutral">
            {t('withdrawal.neutral')}
          </p>
        )}
      </div>
      <Link to="/" className="btn btn-primary btn-lg w-100 mt-3">
        {t('withdrawal.home')}
      </Link>
    </AccountPage>
  );
}
