import { useTranslation } from 'react-i18next';
import type { Route } from './+types/event.$id';
import { eventLoader } from '../lib/content.server';
import { absoluteUrl, rootMessages, seoMeta } from '../lib/meta';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { FastLink } from '../components/fast-link';
import { COVER_HEIGHT, COVER_WIDTH, EventBadge, EventPeriod, LinkedWines, Sections } from '../components/content/articles';
import { htmlLangOf } from '../components/content/blocks';
import { useRoot } from '../lib/site';

export const loader = ({ request, context, params }: Route.LoaderArgs) => eventLoader(request, context, params.id);

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: '404 | This page could not be found' }, { name: 'robots', content: 'noindex' }];
  const e = d.event;
  const root = matches.find((x) => x?.id === 'root')?.data as { lang?: string; site?: { company: { name: string } } } | undefined;
  const own = root?.lang === undefined || root.lang === e.lang;
  const fallback = rootMessages(matches)?.event;
  const url = `${d.origin}/event/${e.id}`;
  const image = absoluteUrl(d.origin, e.coverUrl.replace(/\.svg$/, '.png'));
  const online = e.place !== null && /온라인|online/i.test(e.place);
  return seoMeta(matches, {
    title: own || !fallback ? e.title : fallback.title,
    description: own || !fallback ? e.summary : fallback.lead,
    url,
    image,
    type: 'article',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: e.title,
        description: e.summary,
        image,
        startDate: e.startsOn,
        endDate: e.endsOn,
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: online ? 'https://schema.org/OnlineEventAttendanceMode' : 'https://schema.org/OfflineEventAttendanceMode',
        location: online ? { '@type': 'VirtualLocation', url } : { '@type': 'Place', name: e.place ?? '', address: e.place ?? '' },
        organizer: root?.site ? { '@type': 'Organization', name: root.site.company.name } : undefined,
        inLanguage: e.lang,
        url,
      },
    ],
  });
};

/** An event: cover, state, period and place, its text, and its wines. */
export default function Event({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const { event: e, kinds, wines } = loaderData;
  const textLang = htmlLangOf(e.lang, lang);
  return (
    <div className="container page-body content-page" data-testid="event-detail">
      <Breadcrumb
        crumbs={[
          { to: '/', label: t('common.home') },
          { to: '/event', label: t('event.title') },
          { label: e.title, lang: textLang },
        ]}
      />
      <article className="content-article">
        <header className="content-article-head">
          <EventBadge event={e} />
          <h1 className="content-article-title" lang={textLang}>
            {e.title}
          </h1>
          <dl className="event-facts">
            <div>
              <dt>{t('event.period')}</dt>
              <dd>
                <EventPeriod event={e} lang={lang} />
              </dd>
            </div>
            {e.place ? (
              <div>
                <dt>{t('event.place')}</dt>
                <dd lang={textLang}>{e.place}</dd>
              </div>
            ) : null}
          </dl>
          {e.lang !== lang ? <p className="document-original-note small">{t('board.originalOnly')}</p> : null}
        </header>
        <div className="content-article-cover">
          <img src={e.coverUrl} alt="" width={COVER_WIDTH} height={COVER_HEIGHT} fetchPriority="high" decoding="async" />
        </div>
        <div className="content-article-body" lang={textLang}>
          <p className="content-article-lead">{e.summary}</p>
          <Sections sections={e.sections} />
        </div>
      </article>
      <LinkedWines
        title={t('event.wines')}
        kinds={kinds}
        wines={wines}
        base={`/event/${e.id}`}
        portfolio={`/product?idEvent=${e.id}&title=${encodeURIComponent(textLang ? t('event.wines') : e.title)}`}
      />
      <p className="mt-4">
        <FastLink to="/event" className="btn btn-outline-primary">
          {t('board.toList')}
        </FastLink>
      </p>
    </div>
  );
}
