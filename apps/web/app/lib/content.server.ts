import type { AppLoadContext } from 'react-router';
import { catalogApi, idParam, orNotFound, publicOrigin } from './catalog.server';

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
