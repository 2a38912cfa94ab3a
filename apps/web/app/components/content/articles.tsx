import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TContentSection, TEventSummary, TKind, TMagazineSummary, TProductPage } from '@podo/contracts';
import { FastLink } from '../fast-link';
import { ProductResults } from '../catalog/product-results';
import { HeartIcon } from '../catalog/toggle-button';
import { qs } from '../catalog/list-state';
import { KindTabs } from '../catalog/kind-tabs';
import { kstDateTime } from '../commerce/order-view';
import { dateFormat, groupDigits } from '../../lib/format';
import { useRoot } from '../../lib/site';
import { Blocks, htmlLangOf } from './blocks';

/** Covers are drawn 800 x 500. */
export const COVER_WIDTH = 800;
export const COVER_HEIGHT = 500;

/** A day of an event (YYYY-MM-DD, a Korea day) in the page's language: 2026. 11. 25. (수). */
export function eventDay(day: string, lang: string): string {
  return dateFormat(lang, { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric', weekday: 'short' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** The period of an event: one day, or first – last. */
export function EventPeriod({ event, lang }: { event: Pick<TEventSummary, 'startsOn' | 'endsOn'>; lang: string }) {
  return (
    <>
      <time dateTime={event.startsOn}>{eventDay(event.startsOn, lang)}</time>
      {event.endsOn !== event.startsOn ? (
        <>
          {' – '}
          <time dateTime={event.endsOn}>{eventDay(event.endsOn, lang)}</time>
        </>
      ) : null}
    </>
  );
}

/** Days from today in Korea to a Korea day (negative when past). */
export function daysUntil(day: string, now = Date.now()): number {
  const today = Date.parse(new Date(now + 9 * 3_600_000).toISOString().slice(0, 10));
  return Math.round((Date.parse(day) - today) / 86_400_000);
}

/** The state of an event as a badge; running events say how many days are left, coming ones when they start. */
export function EventBadge({ event }: { event: TEventSummary }) {
  const { t } = useTranslation();
  let extra = '';
  if (event.status === 'ONGOING') {
    const left = daysUntil(event.endsOn);
    extra = left === 0 ? t('event.endsToday') : t('event.daysLeft', { count: left });
  } else if (event.status === 'UPCOMING') extra = t('event.startsIn', { count: daysUntil(event.startsOn) });
  return (
    <span className={`event-badge is-${event.status.toLowerCase()}`} data-testid="event-status">
      {event.statusName}
      {extra ? <span className="event-badge-extra"> · {extra}</span> : null}
    </span>
  );
}

/** A magazine article in a grid: cover, category, title, summary, author, date and likes. */
export function MagazineCard({ m, headingLevel = 2 }: { m: TMagazineSummary; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const H = `h${headingLevel}` as 'h2';
  const textLang = htmlLangOf(m.lang, lang);
  return (
    <article className="content-card" data-testid="magazine-card">
      <div className="content-cover">
        <img src={m.coverUrl} alt="" width={COVER_WIDTH} height={COVER_HEIGHT} loading="lazy" decoding="async" />
      </div>
      <div className="content-card-body">
        <span className="board-chip">{m.category.name}</span>
        <H className="content-card-title" lang={textLang}>
          <FastLink to={`/magazine/${m.id}`} className="stretched-link">
            {m.title}
          </FastLink>
        </H>
        <p className="content-card-summary" lang={textLang}>
          {m.summary}
        </p>
        <p className="content-card-meta">
          <span lang={textLang}>{m.author}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={m.publishedAt}>{kstDateTime(m.publishedAt, lang, false)}</time>
          <span className="content-card-likes" aria-label={t('magazine.likes', { count: m.likeCount })}>
            <HeartIcon filled={m.isLiked} size={14} /> {groupDigits(m.likeCount)}
          </span>
        </p>
      </div>
    </article>
  );
}

/** An event in a grid: cover, state, title, period and place. */
export function EventCard({ e, headingLevel = 2 }: { e: TEventSummary; headingLevel?: 2 | 3 }) {
  const { lang } = useRoot();
  const H = `h${headingLevel}` as 'h2';
  const textLang = htmlLangOf(e.lang, lang);
  return (
    <article className={`content-card ${e.status === 'ENDED' ? 'is-ended' : ''}`} data-testid="event-card">
      <div className="content-cover">
        <img src={e.coverUrl} alt="" width={COVER_WIDTH} height={COVER_HEIGHT} loading="lazy" decoding="async" />
      </div>
      <div className="content-card-body">
        <EventBadge event={e} />
        <H className="content-card-title" lang={textLang}>
          <FastLink to={`/event/${e.id}`} className="stretched-link">
            {e.title}
          </FastLink>
        </H>
        <p className="content-card-meta">
          <EventPeriod event={e} lang={lang} />
        </p>
        {e.place ? (
          <p className="content-card-meta" lang={textLang}>
            {e.place}
          </p>
        ) : null}
      </div>
    </article>
  );
}

/** The sections of an article: subheadings (h2) and their paragraphs and lists. */
export function Sections({ sections }: { sections: TContentSection[] }) {
  return (
    <>
      {sections.map((s, i) => (
        <section key={i} className="article-section">
          {s.heading ? <h2 className="article-heading">{s.heading}</h2> : null}
          <Blocks blocks={s.blocks} />
        </section>
      ))}
    </>
  );
}

/**
 * The wines a magazine or an event features: kind tabs with counts, product cards, pages, and a link to the same
 * wines in the portfolio (its `idMagazine` / `idEvent` filter).
 */
export function LinkedWines({
  title,
  kinds: allKinds,
  wines,
  base,
  portfolio,
}: {
  title: string;
  kinds: TKind[];
  wines: TProductPage;
  base: string;
  portfolio: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const sp = new URLSearchParams(location.search);
  const active = sp.get('idKinds') ?? '';
  const kinds = allKinds.filter((k) => k.qty > 0 || String(k.id) === active);
  const total = kinds.reduce((n, k) => n + k.qty, 0);
  if (total === 0 && !active) return null;
  const tab = (id: string) => {
    const next = new URLSearchParams(sp);
    next.delete('page');
    if (id) next.set('idKinds', id);
    else next.delete('idKinds');
    return `${base}${qs(next)}#linked-wines`;
  };
  return (
    <section className="detail-section" id="linked-wines" aria-labelledby="linked-wines-title" data-testid="linked-wines">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2">
        <h2 id="linked-wines-title" className="detail-heading">
          {title} <span className="text-body-secondary fw-normal">({groupDigits(total)})</span>
        </h2>
        <FastLink to={portfolio} className="fw-semibold" data-testid="linked-wines-portfolio">
          {t('magazine.allInPortfolio')} →
        </FastLink>
      </div>
      <KindTabs kinds={kinds} active={active} total={total} href={tab} />
      <ProductResults wines={wines} />
    </section>
  );
}
