import { useTranslation } from 'react-i18next';
import type { Route } from './+types/mypage.grade';
import { pageMeta } from '../lib/meta';
import { memberApi } from '../lib/session.server';
import { useRoot } from '../lib/site';
import { formatKrw } from '../components/catalog/price';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.grade.title),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = memberApi(request, context);
  const [levels, next] = await Promise.all([api.buyerLevels(), api.buyerLevelNextMonth()]);
  return { ...levels.data, next: next.data };
}

/** The member's buyer level (회원 등급), what each level gives and how it is reached. */
export default function MyPageGrade({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const { current, levels, next } = loaderData;
  const mine = levels.find((l) => l.code === current);
  return (
    <section className="mypage-panel" data-testid="grade-page" aria-labelledby="grade-title">
      <h2 id="grade-title" className="h5 fw-bold mb-3">
        {t('grade.title')}
      </h2>
      <div className="grade-current mb-4" data-testid="grade-current">
        {mine ? (
          <>
            <p className="mb-1">{t('grade.current', { level: mine.name })}</p>
            <p className="small text-body-secondary mb-0">
              {mine.discountRate > 0 ? t('grade.benefit', { rate: mine.discountRate }) : t('grade.benefitNone')}
            </p>
          </>
        ) : (
          <p className="mb-0">{t('grade.notBuyer')}</p>
        )}
      </div>
      {mine && next.nextMonth ? (
        <div className="grade-next mb-4" data-testid="grade-next">
          <p className="mb-1">
            {t('grade.paidThisMonth', { amount: formatKrw(next.paidThisMonth, lang) })} ·{' '}
            {t('grade.nextMonth', { level: next.nextMonth.name })}
          </p>
          {next.nextLevel ? (
            <p className="small text-body-secondary mb-0">
              {t('grade.toNext', { level: next.nextLevel.level.name, amount: formatKrw(next.nextLevel.remaining, lang) })}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="table-responsive">
        <table className="table grade-table" data-testid="grade-table">
          <caption className="small text-body-secondary">{t('grade.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('grade.level')}</th>
              <th scope="col">{t('grade.discount')}</th>
              <th scope="col">{t('grade.criterion')}</th>
            </tr>
          </thead>
          <tbody>
            {levels.map((l) => (
              <tr
                key={l.code}
                aria-current={l.code === current ? 'true' : undefined}
                className={l.code === current ? 'table-active' : undefined}
              >
                <th scope="row">{l.name}</th>
                <td>{l.discountRate > 0 ? `${l.discountRate}%` : '—'}</td>
                <td>{l.minMonthlyPaid > 0 ? t('grade.minPaid', { amount: formatKrw(l.minMonthlyPaid, lang) }) : t('grade.everyone')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="small text-body-secondary mb-0">{t('grade.note')}</p>
    </section>
  );
}
