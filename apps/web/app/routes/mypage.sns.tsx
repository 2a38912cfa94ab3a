import { useEffect, useRef, useState } from 'react';
import { useFetcher, useLocation, useNavigate, useRevalidator } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SOCIAL_PROVIDERS, SOCIAL_POPUP_SIZE, type SocialProvider } from '@podo/contracts/rules';
import type { Route } from './+types/mypage.sns';
import { apiErrorOf } from '../lib/api';
import { formatDate } from '../lib/account-rules';
import { pageMeta } from '../lib/meta';
import { serverApi } from '../lib/request.server';
import { apiAction, memberApi, readBody, str } from '../lib/session.server';
import { useRoot, useUser } from '../lib/site';
import { useActionResult } from '../components/account';
import { useAlert } from '../components/global-alert';
import { Modal } from '../components/modal';
import { PROVIDER_LOGO, useSocialLogin } from '../components/social';

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, (m) => m.sns.title), { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const providers = await serverApi(request, context)
    .oauthProviders()
    .catch(() => []);
  return { providers };
}

/** Unlinks a social identity (intent 'unlink'). Linking runs through the popup and /oauth2/{provider}. */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readBody(request);
  const provider = str(body.provider) as SocialProvider;
  return apiAction(request, context, () => memberApi(request, context).unlinkSns(provider));
}

/** Linked social accounts: link one through the provider's popup, or unlink it. */
export default function Sns({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const user = useUser();
  const alert = useAlert();
  const fetcher = useFetcher<typeof action>();
  const revalidator = useRevalidator();
  const location = useLocation();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<SocialProvider | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const enabled = new Map(loaderData.providers.map((p) => [p.provider, p]));
  const linked = new Map((user?.sns ?? []).map((s) => [s.provider, s]));
  const rows = SOCIAL_PROVIDERS.filter((p) => enabled.has(p) || linked.has(p));

  const social = useSocialLogin((r) => {
    if (r.intent !== 'link') return;
    if (r.ok) {
      alert.open(r.message || t('sns.linked'));
      void revalidator.revalidate();
    } else alert.open(r.message || t('common.serverError'));
  });

  // Back from the whole-page flow (phones): the result travels in the navigation state.
  useEffect(() => {
    const notice = (location.state as { notice?: string } | null)?.notice;
    if (!notice) return;
    alert.open(notice);
    navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, alert, navigate]);

  useActionResult(fetcher.data, (r) => {
    if (r.ok) alert.open(r.message || t('sns.unlinked'));
    else alert.showError(apiErrorOf(r.error));
  });

  return (
    <section className="mypage-panel" aria-labelledby="sns-title" data-testid="sns-page">
      <h2 id="sns-title" className="h5 fw-bold mb-2">
        {t('sns.title')}
      </h2>
      <p className="small text-body-secondary">{t('sns.lead')}</p>
      {rows.length === 0 ? (
        <p className="text-body-secondary py-4 text-center" role="status" data-testid="sns-none">
          {t('sns.noneEnabled')}
        </p>
      ) : (
        <ul className="list-group sns-list">
          {rows.map((p) => {
            const Logo = PROVIDER_LOGO[p];
            const link = linked.get(p);
            return (
              <li key={p} className="list-group-item d-flex align-items-center gap-3 py-3" data-testid={`sns-${p}`} data-linked={!!link}>
                <span className={`sns-logo btn-${p}`} aria-hidden="true">
                  <Logo />
                </span>
                <div className="flex-grow-1 min-w-0">
                  <div className="fw-semibold">{t(`social.name.${p}`)}</div>
                  <div className="small text-body-secondary text-truncate">
                    {link ? t('sns.linkedInfo', { email: link.email ?? '-', date: formatDate(link.linkedAt, lang) }) : t('sns.notLinked')}
                  </div>
                </div>
                {link ? (
                  <button
                    type="button"
                    className="btn btn-outline-secondary btn-sm text-nowrap"
                    onClick={() => setConfirm(p)}
                    disabled={fetcher.state !== 'idle'}
                    aria-label={t('sns.unlinkOf', { provider: t(`social.name.${p}`) })}
                    data-testid={`sns-unlink-${p}`}
                  >
                    {t('sns.unlink')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn btn-primary btn-sm text-nowrap"
                    onClick={() => social.start(p, 'link', '/mypage/sns', enabled.get(p)?.popup ?? SOCIAL_POPUP_SIZE[p])}
                    disabled={!enabled.has(p)}
                    aria-busy={social.pending === p || undefined}
                    aria-label={t('sns.linkOf', { provider: t(`social.name.${p}`) })}
                    data-testid={`sns-link-${p}`}
                  >
                    {t('sns.link')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {social.pending ? (
        <p className="small text-body-secondary text-center mt-2" role="status" data-testid="social-pending">
          {t('social.continueInPopup')}{' '}
          <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={social.cancel}>
            {t('common.cancel')}
          </button>
        </p>
      ) : null}
      <Modal
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        width={328}
        labelledBy="sns-unlink-title"
        testId="sns-unlink-confirm"
        initialFocus={cancelRef}
      >
        <div className="p-4 text-center">
          <h3 id="sns-unlink-title" className="h6 fw-bold">
            {confirm ? t('sns.unlinkConfirm', { provider: t(`social.name.${confirm}`) }) : ''}
          </h3>
          <p className="small text-body-secondary mb-0">{t('sns.unlinkNote')}</p>
        </div>
        <div className="d-flex border-top">
          <button
            ref={cancelRef}
            type="button"
            className="btn btn-link flex-fill py-3 text-body-secondary border-end rounded-0"
            onClick={() => setConfirm(null)}
          >
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-link flex-fill py-3 fw-bold text-danger rounded-0"
            data-testid="sns-unlink-ok"
            onClick={() => {
              if (confirm) void fetcher.submit({ provider: confirm }, { method: 'post' });
              setConfirm(null);
            }}
          >
            {t('sns.unlink')}
          </button>
        </div>
      </Modal>
    </section>
  );
}
