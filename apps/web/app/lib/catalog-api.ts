import type { z } from 'zod';
import type {
  TLeftFilter,
  TProductDetail,
  TProductFilters,
  TProductPage,
  TVintage,
  TWineryDetail,
  TWineryPage,
  TWishPage,
  ZCodedList,
  ZGrapeTypeList,
  ZKindList,
  ZLikedWineryPage,
  ZProductionAreaList,
  ZSortTypeList,
  ZVolumeList,
  ZWineryCountryList,
} from '@podo/contracts/catalog';
import { apiTransport, type ApiClientOptions } from './api';

type Query = Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>;

/** `a=1&ids=1,2`: arrays joined by commas, empty values left out. */
export function toQueryString(q: Query): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) {
      if (v.length) p.set(k, v.join(','));
    } else p.set(k, String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

export type ProductListParams = TProductFilters & { page?: number; size?: number; sort?: string };

/** Typed client of the wine portfolio calls (spec §7 Wines and Wineries); same transport as createApiClient. */
export function createCatalogApi(options: ApiClientOptions) {
  const { call } = apiTransport(options);
  const brand = '?serviceType=BRAND';
  return {
    products: (q: ProductListParams) => call<TProductPage>('GET', `/brand/wines/products${toQueryString(q as Query)}`),
    product: (id: number) => call<{ data: TProductDetail }>('GET', `/wines/brand-products/${id}`).then((r) => r.data),
    vintages: (id: number) =>
      call<{ _embedded: { items: TVintage[] } }>('GET', `/wines/products/${id}/vintages`).then((r) => r._embedded.items),
    sortTypes: () => call<z.infer<typeof ZSortTypeList>>('GET', '/wines/products/sort-types').then((r) => r._embedded.items),
    leftFilter: (q: TProductFilters) =>
      call<{ data: TLeftFilter }>('GET', `/wines/left-filter${toQueryString({ ...(q as Query), serviceType: 'BRAND' })}`).then(
        (r) => r.data,
      ),
    kinds: () => call<z.infer<typeof ZKindList>>('GET', `/wines/kinds${brand}`).then((r) => r._embedded.items),
    types: () => call<z.infer<typeof ZGrapeTypeList>>('GET', `/wines/types${brand}`).then((r) => r.types.content),
    productionAreas: () =>
      call<z.infer<typeof ZProductionAreaList>>('GET', `/wines/production-areas${brand}`).then((r) => r._embedded.countries),
    featured: () => call<z.infer<typeof ZCodedList>>('GET', '/wines/featured').then((r) => r._embedded.items),
    levels: () => call<z.infer<typeof ZCodedList>>('GET', '/wines/levels').then((r) => r._embedded.items),
    volumes: () => call<z.infer<typeof ZVolumeList>>('GET', '/wines/volumes').then((r) => r._embedded.items),
    toggleWish: (id: number) =>
      call<{ data: { wished: boolean; wishCount: number } }>('POST', `/wines/products/${id}/wish`, {}).then((r) => r.data),
    wishes: (q: Query) => call<TWishPage>('GET', `/wishes${toQueryString(q)}`),

    wineries: (q: Query) => call<TWineryPage>('GET', `/wineries${toQueryString(q)}`),
    winery: (id: number) => call<{ data: TWineryDetail }>('GET', `/wineries/${id}`).then((r) => r.data),
    winerySortTypes: () => call<z.infer<typeof ZSortTypeList>>('GET', '/wineries/sort-types').then((r) => r._embedded.items),
    toggleWineryLike: (id: number) =>
      call<{ data: { liked: boolean; likeCount: number } }>('POST', `/wineries/${id}/like`, {}).then((r) => r.data),
    likedWineries: (q: Query) => call<z.infer<typeof ZLikedWineryPage>>('GET', `/wineries/like${toQueryString(q)}`),
    wineryWines: (id: number, q: Query) => call<TProductPage>('GET', `/wineries/${id}/production-wines${toQueryString(q)}`),
    wineryCountries: () => call<z.infer<typeof ZWineryCountryList>>('GET', '/wineries/countries').then((r) => r._embedded.countries),
    wineryWineCategories: (idWinery?: number) =>
      call<z.infer<typeof ZKindList>>('GET', `/wineries/production-wines/category${toQueryString({ idWinery })}`).then(
        (r) => r._embedded.items,
      ),
  };
}
export type CatalogApi = ReturnType<typeof createCatalogApi>;
