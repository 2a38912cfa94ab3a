import type { SQL } from 'drizzle-orm';
import { statementName } from '@podo/db';
import { likeEscape, normalizeSearch, queryGrams, queryGramsExact } from '@podo/contracts';
import type { Language } from '@podo/i18n';
import type { Viewer } from '../session';
import { indexGrams, productOrder, toPgQuery, type ProductListSqlQuery } from './product-sql';

/**
 * The product list as one prepared statement per filter shape: the SQL text depends only on which filters are set
 * (and whether a list has one value or several), the sort, the page size, the page's offset and the viewer's kind;
 * every filter value is a parameter. PostgreSQL then parses a shape once per connection and, after planning its first
 * five runs for their values, keeps its generic plan if that costs no more than they did. The text is written so
 * that the generic plan is right for every value, and so that PostgreSQL keeps it:
 * - the offset is written in the text: a parameter there is costed as skipping a tenth of the matches, and the
 *   generic plan then loses to planning every run anew (which took longer than running the page);
 * - a kept total of one key is read with `=` (kept-counts.ts), not `= any` of an array costed as ten keys;
 * - the page's ids come first, from the filter conditions alone, then the cards by primary key;
 * - a single value is `=` (an index on the filter columns and the sort keys answers it in order), several values
 *   `= any(...)`;
 * - the cards are the texts kept in product_cards (migration 0023), joined by the database in page order; a buyer's
 *   trade prices and a member's wished wines come as columns of their own and Node sets them in the joined text
 *   (patchCards), which costs less than changing every card in the database;
 * - the cards are aggregated from a subquery already in page order (unnest's ordinality), not with
 *   `string_agg(… order by …)`, which sorts copies of the cards in PostgreSQL 15 even when they arrive in order.
 * A text search depends too much on its words for one plan, so its words and grams are written into the text. A search
 * alone (the search box) is then prepared per word: PostgreSQL's generic plan of that text is the plan for those words,
 * kept after five runs, so a word searched again is not planned again. A search with filters stays unnamed and is
 * planned per request (a generic plan would not know the filters' values).
 */

export interface ListStatement {
  /** Set when the statement is worth preparing (one per shape); the runner keeps it per connection. */
  name?: string;
  text: string;
  values: unknown[];
}

/** Positional parameters of a statement being written. */
class Binds {
  readonly values: unknown[] = [];
  add(value: unknown, cast: string): string {
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }
  /**
   * A search value written into the text: a search's words are letters and digits only (normalizeSearch) and its
   * grams numbers, so doubling quotes is all the quoting they need. See listStatement for why.
   */
  literal(value: string | number | readonly number[], cast: string): string {
    if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'::${cast}`;
    if (typeof value === 'number') return `${Math.trunc(value)}::${cast}`;
    return `'{${value.map((n) => Math.trunc(n)).join(',')}}'::${cast}`;
  }
  /** A drizzle fragment, its parameters renumbered after the ones already bound. */
  fragment(q: SQL): string {
    const { text, values } = toPgQuery(q);
    const offset = this.values.length;
    this.values.push(...values);
    return text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  }
}

/** `col = $n` for one value, `col = any($n)` for several. */
function oneOrAny(b: Binds, col: string, values: readonly (number | string)[], cast: string): string {
  return values.length === 1 ? `${col} = ${b.add(values[0], cast)}` : `${col} = any(${b.add(values, `${cast}[]`)})`;
}

const LINKS = [
  ['EVENT', 'idEvent'],
  ['MAGAZINE', 'idMagazine'],
  ['STORE', 'idStore'],
] as const;

/**
 * WHERE conditions over `products p` (the same filters as productConditions). `forCount` writes the text search as
 * the count wants it (see searchCondition).
 */
function conditions(b: Binds, f: ProductListSqlQuery, forCount: boolean): string[] {
  const c = ['p.is_published'];
  if (f.matchesNothing) c.push('false');
  const list = (col: string, values: readonly (number | string)[] | undefined, cast: string) => {
    if (values?.length) c.push(oneOrAny(b, col, values, cast));
  };
  list('p.kind_id', f.idKinds, 'int');
  list('p.production_area_id', f.idProductionAreas, 'int');
  list('p.country_code', f.countryCodes, 'bpchar');
  list('p.winery_id', f.idWineries, 'int');
  list('p.level_id', f.idLevels, 'int');
  if (f.idTypes?.length) {
    c.push(`p.id in (select xg.product_id from product_grapes xg where ${oneOrAny(b, 'xg.grape_type_id', f.idTypes, 'int')})`);
  }
  if (f.idFeatured?.length) {
    c.push(`p.id in (select xf.product_id from product_featured xf where ${oneOrAny(b, 'xf.featured_id', f.idFeatured, 'int')})`);
  }
  list('p.sugar_level', f.sugarLevels, 'int');
  list('p.volume_ml', f.volumes, 'int');
  if (f.alcoholMin !== undefined) c.push(`p.alcohol >= ${b.add(f.alcoholMin, 'numeric')}`);
  if (f.alcoholMax !== undefined) c.push(`p.alcohol <= ${b.add(f.alcoholMax, 'numeric')}`);
  if (f.priceMin !== undefined) c.push(`p.price_min >= ${b.add(f.priceMin, 'int')}`);
  if (f.priceMax !== undefined) c.push(`p.price_min <= ${b.add(f.priceMax, 'int')}`);
  if (f.scoreMin !== undefined) c.push(`p.score_max >= ${b.add(f.scoreMin, 'int')}`);
  if (f.scoreMax !== undefined) c.push(`p.score_max <= ${b.add(f.scoreMax, 'int')}`);
  for (const [kind, key] of LINKS) {
    const id = f[key];
    if (id !== undefined) {
      c.push(`p.id in (select xl.product_id from product_links xl where xl.kind = '${kind}' and xl.target_id = ${b.add(id, 'int')})`);
    }
  }
  if (f.vip !== undefined) c.push(`p.is_vip = ${b.add(f.vip, 'boolean')}`);
  const q = f.query ? normalizeSearch(f.query) : '';
  if (q) {
    const like = () => `p.search_text like ${b.literal(`%${likeEscape(q)}%`, 'text')} escape '\\'`;
    if (forCount) {
      const grams = queryGrams(q).map((g) => `p.search_grams && (select ${b.literal([g], 'bigint[]')})`);
      c.push(...grams);
      if (!queryGramsExact(q)) c.push(like());
    } else {
      c.push(like(), `p.search_grams @> ${b.literal(indexGrams(q), 'bigint[]')}`);
    }
  }
  return c;
}

/** The total of a text-only search of one to three characters (see searchOnlyTotal), or undefined. */
function gramTotal(b: Binds, f: ProductListSqlQuery): string | undefined {
  if (!onlySearch(f)) return undefined;
  const q = f.query ? normalizeSearch(f.query) : '';
  const grams = q && queryGramsExact(q) ? queryGrams(q) : [];
  if (grams.length !== 1) return undefined;
  return `coalesce((select c.products from product_search_gram_counts c where c.gram = ${b.literal(grams[0]!, 'bigint')}), 0)`;
}

/** Whether the list is a text search and nothing else (the site's search box): no filter, any sort and page. */
function onlySearch(f: ProductListSqlQuery): boolean {
  const { page: _p, size: _s, after: _a, sort: _o, query, countryName: _c, matchesNothing, ...filters } = f;
  if (matchesNothing || query === undefined) return false;
  return Object.values(filters).every((v) => v === undefined || (Array.isArray(v) && v.length === 0));
}

/**
 * Whether a page may walk an index in its sort order. One generic plan serves every value of a shape, so the plan
 * must not bet on how many wines match: walking the sort's index and skipping the wines that do not match is quick
 * when most match and reads the whole catalogue when few do. It is safe for the whole catalogue, and for one kind
 * and/or one country in the recommended order (their own indexes hold exactly the matches, in order: migration
 * 0024). A text search is planned per request, for its words.
 */
function inIndexOrder(f: ProductListSqlQuery): boolean {
  const { page: _p, size: _s, after: _a, sort, query, countryName: _c, matchesNothing, idKinds, countryCodes, ...rest } = f;
  if (query !== undefined && normalizeSearch(query) !== '') return true;
  if (matchesNothing || Object.values(rest).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0))) return false;
  const kinds = idKinds?.length ?? 0;
  const countries = countryCodes?.length ?? 0;
  return (kinds === 0 && countries === 0) || (sort === 'RECOMMEND' && kinds <= 1 && countries <= 1);
}

/**
 * The sort as expressions no index provides (`+ 0`, `|| ''`): the matching wines come from the filter indexes, and a
 * top-N sort of their entries picks the page, a cost bounded by the matches whatever the values (see inIndexOrder).
 */
function sortedOrder(sort: ProductListSqlQuery['sort'], lang: Language): string {
  switch (sort) {
    case 'NEWEST':
      return `p.created_at + interval '0' desc, p.id desc`;
    case 'PRICE_ASC':
      return 'p.price_min + 0 asc, p.id asc';
    case 'PRICE_DESC':
      return 'p.price_min + 0 desc, p.id desc';
    case 'SCORE_DESC':
      return 'p.score_max + 0 desc, p.id desc';
    case 'NAME_ASC':
      return lang === 'ko-KR' ? `p.name_ko || '' asc, p.id asc` : `lower(p.name_original) || '' asc, p.id asc`;
    case 'POPULAR':
      return 'p.wish_count + 0 desc, p.id desc';
    case 'RECOMMEND':
    default:
      return 'p.recommend_rank + 0 desc, p.id desc';
  }
}

/** The sort's key over an alias, and whether it ascends (ties are broken by id in the same direction). */
function sortKey(sort: ProductListSqlQuery['sort'], lang: Language, alias: string): [string, boolean] {
  switch (sort) {
    case 'NEWEST':
      return [`${alias}.created_at`, false];
    case 'PRICE_ASC':
      return [`${alias}.price_min`, true];
    case 'PRICE_DESC':
      return [`${alias}.price_min`, false];
    case 'SCORE_DESC':
      return [`${alias}.score_max`, false];
    case 'NAME_ASC':
      return [lang === 'ko-KR' ? `${alias}.name_ko` : `lower(${alias}.name_original)`, true];
    case 'POPULAR':
      return [`${alias}.wish_count`, false];
    case 'RECOMMEND':
    default:
      return [`${alias}.recommend_rank`, false];
  }
}

/**
 * Keyset paging: the wines after `after` (a wine id) in the sort order, as a row comparison with that wine's key. In
 * index order the comparison starts the index scan at the wine; otherwise it is written so no index takes it (like
 * sortedOrder) and filters the matches, so the top-N sort keeps one page instead of all the pages before it.
 */
function afterCondition(sort: ProductListSqlQuery['sort'], lang: Language, after: string, indexed: boolean): string {
  const [key, asc] = sortKey(sort, lang, 'p');
  const [anchor] = sortKey(sort, lang, 'a');
  let left = `(${key}, p.id)`;
  if (!indexed) {
    const hidden = sort === 'NAME_ASC' ? `${key} || ''` : sort === 'NEWEST' ? `${key} + interval '0'` : `${key} + 0`;
    left = `(${hidden}, p.id + 0)`;
  }
  return `${left} ${asc ? '>' : '<'} (select ${anchor}, a.id from products a where a.id = ${after})`;
}

/**
 * The statement of one page: `total` (null when `count` is false), `ids` of the page in order and `cards`, their
 * card texts joined with commas in that order (null for an empty page); with `after`, `cursor_ok` says whether that
 * wine is still listed (else the caller asks again by page number). A buyer's statement adds `trades`, the card's
 * price for their level per card (`null` when it has none; a level the card does not know counts as no discount,
 * as tradePriceSql does), and a member's adds `card_ids` (the cards' wines in order) and `wished` (the page's wines
 * they wish for): patchCards sets them. `offset 0` keeps PostgreSQL from inlining the page's subquery into the places
 * that read it (it then ran more than once).
 */
export function listStatement(
  f: ProductListSqlQuery,
  viewer: Viewer,
  lang: Language,
  opts: { count: boolean; keptTotal?: (b: { fragment(q: SQL): string }) => string | undefined },
): ListStatement {
  const b = new Binds();
  const where = conditions(b, f, false).join(' and ');
  let total = 'null::int';
  if (opts.count) {
    total =
      gramTotal(b, f) ?? opts.keptTotal?.(b) ?? `(select count(*)::int from products p where ${conditions(b, f, true).join(' and ')})`;
  }
  const indexed = inIndexOrder(f);
  const order = indexed ? toPgQuery(productOrder(f.sort, lang)).text : sortedOrder(f.sort, lang);
  let page = where;
  let cursor = 'null::boolean';
  if (f.after !== undefined) {
    const after = b.add(f.after, 'int');
    page += ` and ${afterCondition(f.sort, lang, after, indexed)}`;
    cursor = `exists (select 1 from products a where a.id = ${after} and a.is_published)`;
  }
  const offset = f.after === undefined ? (f.page - 1) * f.size : 0;
  const trade =
    viewer.isBuyer && viewer.buyerLevel !== null
      ? `coalesce(c.trade->>${b.add(viewer.buyerLevel, 'text')}, c.trade->>'', 'null')`
      : `coalesce(c.trade->>'', 'null')`;
  const member =
    viewer.userId === null
      ? ''
      : `, k.card_ids, (select array_agg(ws.product_id) from wishes ws where ws.user_id = ${b.add(viewer.userId, 'int')}
    and ws.product_id = any(s.ids)) as wished`;
  const text = `select ${total} as total, ${cursor} as cursor_ok, s.ids, k.cards${viewer.isBuyer ? ', k.trades' : ''}${member}
from (select array(select p.id from products p where ${page} order by ${order} limit ${f.size} offset ${offset}) as ids offset 0) s,
  lateral (select string_agg(x.card, ',') as cards${viewer.isBuyer ? `, string_agg(x.trade, ',') as trades` : ''}${viewer.userId === null ? '' : ', array_agg(x.id) as card_ids'}
    from (select c.card, u.id${viewer.isBuyer ? `, ${trade} as trade` : ''} from unnest(s.ids) with ordinality u(id, n)
      join product_cards c on c.product_id = u.id and c.lang = ${b.add(lang, 'text')} order by u.n) x) k`;
  const searched = f.query !== undefined && normalizeSearch(f.query) !== '';
  const prepared = !searched || onlySearch(f);
  return { text, values: b.values, ...(prepared ? { name: statementName(searched ? 'search' : 'list', text) } : {}) };
}

/** `text` with the i-th occurrence of `key` replaced by `values[i]` where that is defined. */
function replaceEach(text: string, key: string, values: readonly (string | undefined)[]): string {
  const parts: string[] = [];
  let from = 0;
  let at = text.indexOf(key);
  for (let i = 0; i < values.length && at >= 0; i++) {
    const value = values[i];
    if (value !== undefined) {
      parts.push(text.slice(from, at), value);
      from = at + key.length;
    }
    at = text.indexOf(key, at + key.length);
  }
  if (from === 0) return text;
  parts.push(text.slice(from));
  return parts.join('');
}

/**
 * The viewer's parts of a page's joined cards (see listStatement): the i-th card's `"tradePrice":null` takes the
 * i-th of `trades`, and the cards of `wished` wines say `"isWished":true`. Each key appears once per card and cannot
 * appear unescaped inside a text, so the i-th occurrence is the i-th card's.
 */
export function patchCards(
  cards: string,
  row: { trades?: string | null; card_ids?: readonly number[] | null; wished?: readonly number[] | null },
): string {
  let text = cards;
  if (row.trades) {
    text = replaceEach(
      text,
      '"tradePrice":null',
      row.trades.split(',').map((p) => (p === 'null' ? undefined : `"tradePrice":${p}`)),
    );
  }
  if (row.wished?.length && row.card_ids) {
    const wished = new Set(row.wished);
    text = replaceEach(
      text,
      '"isWished":false',
      row.card_ids.map((id) => (wished.has(id) ? '"isWished":true' : undefined)),
    );
  }
  return text;
}
