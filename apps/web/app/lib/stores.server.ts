import { redirect, type AppLoadContext } from 'react-router';
import { STORE_PAGE_SIZE } from '@podo/contracts';
import { catalogApi, orNotFound, publicOrigin } from './catalog.server';
import { pageOf, qs } from '../components/catalog/list-state';

/** The parameters of /store, in the order they are written. */
export const STORE_KEYS = ['siNms', 'idCompanies', 'options', 'query', 'sort', 'page'] as const;

/**
 * "Where to buy" (/store): the stores by 시/도, company, services and text, with the filters' counts. Empty fields of
 * the GET forms and page=1 are dropped first, so each list has one URL.
 */
export async function storesLoader(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const sp = url.searchParams;
  const clean = new URLSearchParams(
    [...sp].filter(([k, v]) => v.trim() !== '' && !(k === 'page' && v === '1') && (STORE_KEYS as readonly string[]).includes(k)),
  );
  // Options ticked in the form without JavaScript come as repeated parameters: one comma list.
  const options = clean.getAll('options');
  if (options.length > 1) clean.set('options', options.join(','));
  if (qs(clean) !== qs(new URLSearchParams(url.search))) throw redirect(`/store${qs(clean)}`);
  const api = catalogApi(request, context);
  const query: Record<string, string | number> = { page: pageOf(sp), size: STORE_PAGE_SIZE };
  for (const k of ['siNms', 'idCompanies', 'options', 'query', 'sort']) if (sp.get(k)) query[k] = sp.get(k)!.slice(0, 200);
  const [list, siNms, companies, optionList, sorts] = await Promise.all([
    orNotFound(api.storeList({ query })),
    api.storeSiNms().then((r) => r._embedded.items),
    api.storeCompanies().then((r) => r._embedded.items),
    api.storeOptions().then((r) => r._embedded.items),
    api.storeSortTypes().then((r) => r._embedded.items),
  ]);
  return { list, siNms, companies, options: optionList, sorts, origin: publicOrigin(request, context) };
}
