import { sql, type SQL } from 'drizzle-orm';
import {
  likeEscape,
  SI_NMS,
  STORE_OPTIONS,
  STORE_SORTS,
  type StoreOption,
  type StoreSort,
  type TStore,
  type TStoreCard,
  type TStoreCompanyCount,
  type TStoreListQuery,
  type TStorePage,
} from '@podo/contracts';
import { rowsOf, type LocalizedText } from '@podo/db';
import type { Language } from '@podo/i18n';
import { apiMessages } from '@podo/i18n/resources';
import type { ServiceCtx } from '../../deps';
import { AppError } from '../../lib/errors';
import { pickText } from '../../lib/localized';

const optionNames = (lang: Language) => apiMessages[lang].stores.options as Record<StoreOption, string>;

interface StoreRow {
  id: number;
  name: LocalizedText;
  si_nm: string;
  sgg_nm: string;
  address: string;
  phone: string;
  hours: LocalizedText;
  latitude: string | number;
  longitude: string | number;
  options: string[];
  created_at: string | Date;
  updated_at: string | Date;
  c_id: number;
  c_code: string;
  c_name: LocalizedText;
  wine_count: number;
}

const STORE_COLUMNS = sql`s.id, s.name, s.si_nm, s.sgg_nm, s.address, s.phone, s.hours, s.latitude, s.longitude, s.options,
  s.created_at, s.updated_at, c.id as c_id, c.code as c_code, c.name as c_name,
  (select count(*)::int from product_links l join products p on p.id = l.product_id
    where l.kind = 'STORE' and l.target_id = s.id and p.is_published) as wine_count`;

function cardOf(r: StoreRow, lang: Language): TStoreCard {
  const name = pickText(r.name, lang);
  const hours = pickText(r.hours, lang);
  const labels = optionNames(lang);
  return {
    id: r.id,
    name: name.value,
    nameLang: name.lang,
    company: { id: r.c_id, code: r.c_code, name: pickText(r.c_name, lang).value },
    siNm: r.si_nm,
    sggNm: r.sgg_nm,
    address: r.address,
    phone: r.phone,
    hours: hours.value,
    hoursLang: hours.lang,
    // In the order of STORE_OPTIONS, whatever order they were stored in.
    options: STORE_OPTIONS.filter((o) => r.options.includes(o)).map((code) => ({ code, name: labels[code] })),
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    wineCount: r.wine_count,
  };
}

function storeOrder(sort: StoreSort, lang: Language): SQL {
  switch (sort) {
    case 'NAME':
      return sql`lower(coalesce(s.name->>${lang}, s.name->>'ko-KR')), s.id`;
    case 'NEWEST':
      return sql`s.created_at desc, s.id desc`;
    case 'WINES_DESC':
      return sql`wine_count desc, s.rank, s.id`;
    case 'RECOMMEND':
    default:
      return sql`s.rank, s.id`;
  }
}

const unknown = (lang: Language, field: 'options' | 'siNms' | 'idCompanies', values: (string | number)[]) =>
  new AppError('UNKNOWN_FILTER_VALUE', { field: apiMessages[lang].fields[field], value: values.join(', ') });

/** The filters' values, checked: UNKNOWN_FILTER_VALUE names the field of a value that is none. */
async function checkFilters(ctx: ServiceCtx, q: TStoreListQuery): Promise<void> {
  const badOptions = q.options?.filter((o) => !(STORE_OPTIONS as readonly string[]).includes(o));
  if (badOptions?.length) throw unknown(ctx.lang, 'options', badOptions);
  const badSi = q.siNms?.filter((s) => !(SI_NMS as readonly string[]).includes(s));
  if (badSi?.length) throw unknown(ctx.lang, 'siNms', badSi);
  if (q.idCompanies?.length) {
    const known = new Set(
      rowsOf<{ id: number }>(
        await ctx.db.execute(sql`select id from store_companies where id = any(${sql.param(q.idCompanies)}::int[])`),
      ).map((r) => r.id),
    );
    const bad = q.idCompanies.filter((id) => !known.has(id));
    if (bad.length) throw unknown(ctx.lang, 'idCompanies', bad);
  }
}

/** GET /stores: published stores by text, options (all of them), 시/도 and company; sorted and paged. */
export async function listStores(ctx: ServiceCtx, q: TStoreListQuery): Promise<TStorePage> {
  await checkFilters(ctx, q);
  const conds: SQL[] = [sql`s.is_published`];
  if (q.options?.length) conds.push(sql`s.options @> ${sql.param(q.options)}::text[]`);
  if (q.siNms?.length) conds.push(sql`s.si_nm = any(${sql.param(q.siNms)}::text[])`);
  if (q.idCompanies?.length) conds.push(sql`s.company_id = any(${sql.param(q.idCompanies)}::int[])`);
  const text = q.query?.trim();
  if (text) {
    // A plain substring (a % or _ is text) of the address, or of the store's or its company's name in any language.
    const like = `%${likeEscape(text.toLowerCase())}%`;
    const inNames = (col: SQL) => sql`exists (select 1 from jsonb_each_text(${col}) n where lower(n.value) like ${like} escape '\\')`;
    conds.push(sql`(lower(s.address) like ${like} escape '\\' or ${inNames(sql`s.name`)} or ${inNames(sql`c.name`)})`);
  }
  const where = sql.join(conds, sql` and `);
  const rows = rowsOf<StoreRow & { total: number }>(
    await ctx.db.execute(sql`select ${STORE_COLUMNS}, count(*) over ()::int as total
      from stores s join store_companies c on c.id = s.company_id
      where ${where} order by ${storeOrder(q.sort, ctx.lang)} limit ${q.size} offset ${(q.page - 1) * q.size}`),
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    // A page past the end: the total still counts.
    const [c] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int as n from stores s join store_companies c on c.id = s.company_id where ${where}`),
    );
    total = c?.n ?? 0;
  }
  return {
    _embedded: { items: rows.map((r) => cardOf(r, ctx.lang)) },
    page: { size: q.size, number: q.page, totalElements: total, totalPages: Math.ceil(total / q.size) },
  };
}

/** GET /stores/:id: a published store. */
export async function getStore(ctx: ServiceCtx, id: number): Promise<TStore> {
  const [row] = rowsOf<StoreRow>(
    await ctx.db.execute(sql`select ${STORE_COLUMNS} from stores s join store_companies c on c.id = s.company_id
      where s.id = ${id} and s.is_published`),
  );
  if (!row) throw new AppError('NOT_FOUND');
  return { ...cardOf(row, ctx.lang), createdAt: new Date(row.created_at).toISOString(), updatedAt: new Date(row.updated_at).toISOString() };
}

/** GET /stores/sort-types. */
export const storeSortTypes = (lang: Language) => {
  const names = apiMessages[lang].stores.sorts as Record<StoreSort, string>;
  return STORE_SORTS.map((code) => ({ code, name: names[code] }));
};

/** GET /stores/options. */
export const storeOptionList = (lang: Language) => {
  const names = optionNames(lang);
  return STORE_OPTIONS.map((code) => ({ code, name: names[code] }));
};

/** GET /stores/siNms: the 시/도 with published stores, in the official order, with their counts. */
export async function listStoreSiNms(ctx: ServiceCtx): Promise<{ siNm: string; qty: number }[]> {
  const rows = rowsOf<{ si_nm: string; qty: number }>(
    await ctx.db.execute(sql`select si_nm, count(*)::int as qty from stores where is_published group by si_nm`),
  );
  const rank = (s: string) => {
    const i = (SI_NMS as readonly string[]).indexOf(s);
    return i < 0 ? SI_NMS.length : i;
  };
  return rows.sort((a, b) => rank(a.si_nm) - rank(b.si_nm) || a.si_nm.localeCompare(b.si_nm)).map((r) => ({ siNm: r.si_nm, qty: r.qty }));
}

/** GET /stores/companies: companies with published stores, by rank, with their counts. */
export async function listStoreCompanies(ctx: ServiceCtx): Promise<TStoreCompanyCount[]> {
  const rows = rowsOf<{ id: number; code: string; name: LocalizedText; qty: number }>(
    await ctx.db.execute(sql`select c.id, c.code, c.name, count(*)::int as qty
      from store_companies c join stores s on s.company_id = c.id and s.is_published
      group by c.id order by c.rank, c.id`),
  );
  return rows.map((r) => ({ id: r.id, code: r.code, name: pickText(r.name, ctx.lang).value, qty: r.qty }));
}
