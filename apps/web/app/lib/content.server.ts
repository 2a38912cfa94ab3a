import type { AppLoadContext } from 'react-router';
import { aboutOf } from '@podo/config';
import { catalogApi, idParam, orNotFound, publicOrigin } from './catalog.server';
import { requestLanguage } from './request.server';

const int = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : undefined);

/** Notices list (public /notice and /mypage/notices): category, text and page from the URL. */
export async function noticesLoader(request: Request, context: AppLoadContext) {
  const sp = new URL(request.url).searchParams;
  const api = catalogApi(request, context);
  const query = sp.get('query')?.trim().slice(0, 50) || undefined;
  const idCategory = int(sp.get('idCategory'));
  const [categories, page] = await Promise.all([
    api.postCategories({ query: { type: 'NOTICE' } }).then((r) => r.data),
    orNotFound(api.posts({ query: { type: 'NOTICE', idCategory, query, page: int(sp.get('page')) ?? 1, size: 10 } })),
  ]);
  return { categories, page, idCategory: idCategory ?? null, query: query ?? '', origin: publicOrigin(request, context) };
}

export async function noticeLoader(request: Request, context: AppLoadContext, id: string | undefined) {
  const post = (await orNotFound(catalogApi(request, context).post({ params: { id: idParam(id) } }))).data;
  return { post, origin: publicOrigin(request, context) };
}

/** FAQ (public /faq and /mypage/faq). */
export async function faqLoader(request: Request, context: AppLoadContext) {
  const sp = new URL(request.url).searchParams;
  const api = catalogApi(request, context);
  const query = sp.get('query')?.trim().slice(0, 50) || undefined;
  const idCategory = int(sp.get('idCategory'));
  const [categories, faqs] = await Promise.all([
    api.faqCategories().then((r) => r.data),
    orNotFound(api.faqs({ query: { idCategory, query } })).then((r) => r.data),
  ]);
  return { categories, faqs, idCategory: idCategory ?? null, query: query ?? '', origin: publicOrigin(request, context) };
}

/** Open positions (/career): every published CAREER post, newest first. */
export async function careersLoader(request: Request, context: AppLoadContext) {
  const page = await catalogApi(request, context).posts({ query: { type: 'CAREER', page: 1, size: 50 } });
  return { positions: page._embedded.items, origin: publicOrigin(request, context) };
}

const WINES_PAGE = 12;

/** The magazine list (/magazine): category, text, sort and page from the URL. */
export async function magazinesLoader(request: Request, context: AppLoadContext) {
  const sp = new URL(request.url).searchParams;
  const api = catalogApi(request, context);
  const query = sp.get('query')?.trim().slice(0, 50) || undefined;
  const idCategory = int(sp.get('idCategory'));
  const sort = sp.get('sort') || undefined;
  const [categories, sorts, page] = await Promise.all([
    api.magazineCategories().then((r) => r.data),
    api.magazineSortTypes().then((r) => r._embedded.items),
    orNotFound(
      api.magazineList({ query: { idCategory, query, sort: sort as 'NEWEST' | undefined, page: int(sp.get('page')) ?? 1, size: 12 } }),
    ),
  ]);
  return {
    categories,
    sorts,
    page,
    idCategory: idCategory ?? null,
    query: query ?? '',
    sort: sort ?? '',
    origin: publicOrigin(request, context),
  };
}

/** A magazine article (/magazine/:id) with its wines (kind tab and page from the URL). */
export async function magazineLoader(request: Request, context: AppLoadContext, idText: string | undefined) {
  const id = idParam(idText);
  const sp = new URL(request.url).searchParams;
  const api = catalogApi(request, context);
  const idKinds = sp.get('idKinds') ?? undefined;
  const [magazine, kinds, wines] = await Promise.all([
    orNotFound(api.magazine({ params: { id } })).then((r) => r.data),
    orNotFound(api.magazineProductKinds({ body: { id } })).then((r) => r._embedded.items),
    orNotFound(api.magazineProducts({ params: { id }, query: { page: int(sp.get('page')) ?? 1, size: WINES_PAGE, idKinds } })),
  ]);
  return { magazine, kinds, wines, origin: publicOrigin(request, context) };
}

/** The event list (/event): state tab, text, sort and page from the URL. */
export async function eventsLoader(request: Request, context: AppLoadContext) {
  const sp = new URL(request.url).searchParams;
  const api = catalogApi(request, context);
  const query = sp.get('query')?.trim().slice(0, 50) || undefined;
  const status = sp.get('status') || undefined;
  const sort = sp.get('sort') || undefined;
  const [sorts, page] = await Promise.all([
    api.eventSortTypes().then((r) => r._embedded.items),
    orNotFound(
      api.eventList({
        query: {
          status: status as 'ONGOING' | undefined,
          query,
          sort: sort as 'CURRENT' | undefined,
          page: int(sp.get('page')) ?? 1,
          size: 12,
        },
      }),
    ),
  ]);
  return { sorts, page, status: status ?? null, query: query ?? '', sort: sort ?? '', origin: publicOrigin(request, context) };
}

/** An event (/event/:id) with its wines. */
export async function eventLoader(request: Request, context: AppLoadContext, idText: string | undefined) {
  const id = idParam(idText);
  const sp = new URL(request.url).searchParams;
  const api = catalogApi(request, context);
  const idKinds = sp.get('idKinds') ?? undefined;
  const [event, kinds, wines] = await Promise.all([
    orNotFound(api.event({ params: { id } })).then((r) => r.data),
    orNotFound(api.eventProductKinds({ body: { id } })).then((r) => r._embedded.items),
    orNotFound(api.eventProducts({ params: { id }, query: { page: int(sp.get('page')) ?? 1, size: WINES_PAGE, idKinds } })),
  ]);
  return { event, kinds, wines, origin: publicOrigin(request, context) };
}

/** The company page (/about): the team, what the portfolio holds, milestones and certifications. */
export async function aboutLoader(request: Request, context: AppLoadContext) {
  const api = catalogApi(request, context);
  const [team, countries, wines] = await Promise.all([
    api.teamMembers({ params: { product: context.site.slug } }).then((r) => r.data),
    api.wineryCountries().then((r) => r._embedded.countries),
    api.products({ query: { page: 1, size: 1 } }).then((r) => r.page.totalElements),
  ]);
  return {
    team,
    countries,
    wineries: countries.reduce((n, c) => n + c.qty, 0),
    wines,
    ...aboutOf(context.site, requestLanguage(request)),
    origin: publicOrigin(request, context),
  };
}
