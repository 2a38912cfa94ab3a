import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { pgNumberArray, productSearch, winerySearch } from '../catalog-derived';
import type { LocalizedText } from '../schema/catalog';
import { AREAS, FEATURED, GRAPES, KINDS, LEVELS, localized } from './lookups';
import { assignLinks, demoCatalog, expandWine, type WineDraft, type WineryDraft, type WineSpec } from './model';
import { hashString, Rng } from './random';
import { syntheticCatalog } from './synthetic';
import { NO_TIME_LIMITS } from '../time-limits';

export interface CatalogSeedOptions {
  /** Number of wines; the hand-written demo catalogue when unset, synthetic wines beyond it (benchmarks). */
  wines?: number;
  /** Random seed of the synthetic part, so runs are repeatable. */
  seed?: number;
}

/** Image URLs of the generated pictures (apps/api media routes). */
export const wineImageUrl = (id: number) => `/api/v1/media/wines/${id}.svg`;
export const wineryImageUrl = (id: number) => `/api/v1/media/wineries/${id}.svg`;

const CATALOG_LOCK = 72_410_004;
const BATCH = 4000;

/** The wineries and wines to load, before ids: the demo portfolio, cut down or grown with synthetic wines. */
export function planCatalog(opts: CatalogSeedOptions = {}): { wineries: WineryDraft[]; wines: WineDraft[] } {
  const demo = demoCatalog();
  let specs: WineSpec[] = demo.specs;
  let wineries: WineryDraft[] = demo.wineries;
  const wanted = opts.wines;
  if (wanted !== undefined && wanted < specs.length) {
    // A smaller catalogue: a stable spread of the demo wines, and only the wineries they need.
    const keep = [...specs].sort((a, b) => hashString(a.nameOriginal) - hashString(b.nameOriginal)).slice(0, Math.max(0, wanted));
    const kept = new Set(keep);
    specs = specs.filter((s) => kept.has(s));
    const used = [...new Set(specs.map((s) => s.winery))].sort((a, b) => a - b);
    const remap = new Map(used.map((old, i) => [old, i]));
    wineries = used.map((i) => demo.wineries[i]!);
    specs = specs.map((s) => ({ ...s, winery: remap.get(s.winery)! }));
  } else if (wanted !== undefined && wanted > specs.length) {
    const extra = syntheticCatalog(wanted - specs.length, opts.seed ?? 1, wineries.length);
    wineries = [...wineries, ...extra.wineries];
    specs = [...specs, ...extra.specs];
  }
  const wines = specs.map((s, i) => expandWine(s, wineries, i < demo.specs.length ? '' : `${opts.seed ?? 1}:${i}`));
  assignLinks(wines);
  return { wineries, wines };
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/**
 * Column types of the bulk loader: [type `jsonb_to_recordset` reads, cast in the select list]. Search grams
 * travel as a '{1,2,3}' literal: casting that text is about twice as fast as converting a JSON array.
 */
const TYPES = {
  int: ['int', ''],
  smallint: ['smallint', ''],
  text: ['text', ''],
  bool: ['boolean', ''],
  numeric: ['numeric', ''],
  jsonb: ['jsonb', ''],
  timestamptz: ['timestamptz', ''],
  grams: ['text', '::bigint[]'],
} as const;
type ColType = keyof typeof TYPES;

/**
 * Inserts many rows with one statement per batch: the batch travels as a single JSON document that
 * `jsonb_to_recordset` turns back into typed rows (one parameter, parsed natively by the database, instead of
 * thousands of bound values). Values are plain JSON (objects for jsonb columns).
 */
async function bulkInsert(tx: Tx, table: string, cols: [string, ColType][], rows: unknown[][]): Promise<void> {
  const names = cols.map(([n]) => `"${n}"`).join(', ');
  const select = cols.map(([n, t]) => `"${n}"${TYPES[t][1]}`).join(', ');
  const record = cols.map(([n, t]) => `"${n}" ${TYPES[t][0]}`).join(', ');
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH).map((r) => {
      const o: Record<string, unknown> = {};
      cols.forEach(([n], c) => (o[n] = r[c] ?? null));
      return o;
    });
    await tx.execute(
      sql`insert into ${sql.raw(`"${table}"`)} (${sql.raw(names)}) select ${sql.raw(select)} from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(${sql.raw(record)})`,
    );
  }
}

/** Reserves `n` consecutive ids of a table's identity column; returns the first. */
async function reserveIds(tx: Tx, table: string, n: number): Promise<number> {
  if (n === 0) return 0;
  const seq = sql`pg_get_serial_sequence(${`"${table}"`}, 'id')`;
  const [row] = rowsOf<{ start: string | number }>(await tx.execute(sql`select nextval(${seq}) as start`));
  const start = Number(row!.start);
  await tx.execute(sql`select setval(${seq}, ${start + n - 1})`);
  return start;
}

/** Ids of the lookup rows (kinds, levels, featured by code; grapes and areas by original name), inserting missing ones. */
async function ensureLookups(tx: Tx) {
  const byCode = async (
    table: 'wine_kinds' | 'wine_levels' | 'wine_featured',
    items: { code: string; name: LocalizedText; color?: string }[],
  ) => {
    const withColor = table === 'wine_kinds';
    const cols: [string, ColType][] = [
      ['code', 'text'],
      ['name', 'jsonb'],
      ['sort_order', 'int'],
      ...(withColor ? ([['color', 'text']] as [string, ColType][]) : []),
    ];
    const existing = rowsOf<{ id: number; code: string }>(await tx.execute(sql`select id, code from ${sql.raw(table)}`));
    const have = new Set(existing.map((r) => r.code));
    const missing = items.map((it, i) => ({ ...it, sort: (i + 1) * 10 })).filter((it) => !have.has(it.code));
    await bulkInsert(
      tx,
      table,
      cols,
      missing.map((it) => [it.code, it.name, it.sort, ...(withColor ? [it.color] : [])]),
    );
    const rows = rowsOf<{ id: number; code: string }>(await tx.execute(sql`select id, code from ${sql.raw(table)}`));
    return new Map(rows.map((r) => [r.code, r.id]));
  };
  const kinds = await byCode(
    'wine_kinds',
    KINDS.map((k) => ({ code: k.code, name: localized(k.names), color: k.color })),
  );
  const levels = await byCode(
    'wine_levels',
    LEVELS.map((l) => ({ code: l.code, name: localized(l.names) })),
  );
  const featured = await byCode(
    'wine_featured',
    FEATURED.map((f) => ({ code: f.code, name: localized(f.names) })),
  );

  const grapeRows = rowsOf<{ id: number; original_name: string }>(await tx.execute(sql`select id, original_name from grape_types`));
  const haveGrapes = new Set(grapeRows.map((r) => r.original_name));
  await bulkInsert(
    tx,
    'grape_types',
    [
      ['name', 'jsonb'],
      ['original_name', 'text'],
      ['sort_order', 'int'],
    ],
    GRAPES.map((g, i) => [localized(g.names), g.original, (i + 1) * 10]).filter((r) => !haveGrapes.has(r[1] as string)),
  );
  const grapes = new Map(
    rowsOf<{ id: number; original_name: string }>(await tx.execute(sql`select id, original_name from grape_types`)).map((r) => [
      r.original_name,
      r.id,
    ]),
  );

  const areaRows = rowsOf<{ id: number; country_code: string; original_name: string }>(
    await tx.execute(sql`select id, country_code, original_name from production_areas`),
  );
  const haveAreas = new Set(areaRows.map((r) => `${r.country_code}|${r.original_name}`));
  await bulkInsert(
    tx,
    'production_areas',
    [
      ['country_code', 'text'],
      ['name', 'jsonb'],
      ['original_name', 'text'],
      ['sort_order', 'int'],
    ],
    AREAS.map((a, i) => [a.country, localized(a.names), a.original, (i + 1) * 10]).filter((r) => !haveAreas.has(`${r[0]}|${r[2]}`)),
  );
  const areas = new Map(
    rowsOf<{ id: number; country_code: string; original_name: string }>(
      await tx.execute(sql`select id, country_code, original_name from production_areas`),
    ).map((r) => [`${r.country_code}|${r.original_name}`, r.id]),
  );
  return { kinds, levels, featured, grapes, areas };
}

/** Above this many wines, secondary indexes are dropped during the load and rebuilt after (a bulk build is far faster). */
const REBUILD_INDEXES_FROM = 5000;

/** Drops the non-unique secondary indexes of the given tables; returns the statements that recreate them. */
async function dropSecondaryIndexes(tx: Tx, tables: string[]): Promise<string[]> {
  const rows = rowsOf<{ name: string; def: string }>(
    await tx.execute(sql`
      select c.relname as name, pg_get_indexdef(x.indexrelid) as def
      from pg_index x join pg_class c on c.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      where t.relname = any(${sql.param(tables)}::text[]) and t.relnamespace = to_regnamespace(current_schema())
        and not x.indisprimary and not x.indisunique`),
  );
  for (const r of rows) await tx.execute(sql.raw(`drop index "${r.name}"`));
  return rows.map((r) => r.def);
}

async function hasProducts(db: Database | Tx): Promise<boolean> {
  const [row] = rowsOf<{ any: boolean }>(await db.execute(sql`select exists(select 1 from products) as "any"`));
  return !!row?.any;
}

/**
 * Loads the wine catalogue (lookups, wineries, wines with vintages, grapes, scores, awards, featured flags
 * and content links) into a database that has no wines yet. Safe to call at every start and from several
 * processes at once: the check and the inserts run in one transaction holding an advisory lock.
 * Returns how many wines and wineries it loaded (0 when the catalogue was already there).
 */
/**
 * Case packs and volume tiers the way an importer sells: magnums by the bottle in cases of 1, some everyday wines
 * only by the 6 or 12 case, the rest by the bottle with 3 % off from 6 bottles and 5 % from 12 (everyday prices).
 */
const DEMO_PACKS = sql`
  update product_vintages v set
    case_size = case when p.volume_ml >= 1500 then 1 when v.id % 3 = 0 then 6 else 12 end,
    order_step = case when p.volume_ml < 1500 and v.id % 5 = 0 then (case when v.id % 3 = 0 then 6 else 12 end) else 1 end,
    min_qty = case when p.volume_ml < 1500 and v.id % 5 = 0 then (case when v.id % 3 = 0 then 6 else 12 end) else 1 end
  from products p where p.id = v.product_id`;
const DEMO_TIERS = sql`
  insert into vintage_volume_tiers (vintage_id, min_qty, discount_bp)
  select v.id, t.min_qty, t.bp from product_vintages v
  cross join (values (6, 300), (12, 500)) as t(min_qty, bp)
  where v.order_step = 1 and v.case_size > 1 and v.trade_price < 60000
  on conflict do nothing`;

export async function seedCatalog(db: Database, opts: CatalogSeedOptions = {}): Promise<{ products: number; wineries: number }> {
  if (await hasProducts(db)) return { products: 0, wineries: 0 };
  const plan = planCatalog(opts);
  return db.transaction(async (tx) => {
    await tx.execute(NO_TIME_LIMITS);
    await tx.execute(sql`select pg_advisory_xact_lock(${CATALOG_LOCK})`);
    if (await hasProducts(tx)) return { products: 0, wineries: 0 };
    // Each wine's cards are built once, at the end, rather than after every statement that adds to it.
    await tx.execute(sql`select set_config('podo.cards_deferred', 'on', true)`);
    const ids = await ensureLookups(tx);
    const rebuild =
      plan.wines.length >= REBUILD_INDEXES_FROM
        ? await dropSecondaryIndexes(tx, [
            'wineries',
            'products',
            'product_grapes',
            'product_vintages',
            'product_scores',
            'product_featured',
          ])
        : [];
    const now = Date.now();
    const day = 86_400_000;
    const areaId = (a: { country: string; original: string }) => ids.areas.get(`${a.country}|${a.original}`)!;

    // Wineries
    const wineryStart = await reserveIds(tx, 'wineries', plan.wineries.length);
    const wineryRows = plan.wineries.map((w, i) => {
      const id = wineryStart + i;
      const s = winerySearch({
        nameKo: w.nameKo,
        nameOriginal: w.nameOriginal,
        area: { name: localized(w.area.names), originalName: w.area.original },
        countryCode: w.area.country,
      });
      const created = new Date(now - Rng.of('winery-age', w.nameOriginal).int(60, 900) * day).toISOString();
      return [
        id,
        w.nameKo,
        w.nameOriginal,
        w.area.country,
        areaId(w.area),
        w.founded,
        w.website,
        w.description,
        [wineryImageUrl(id)],
        s.searchText,
        pgNumberArray(s.searchGrams),
        created,
        created,
      ];
    });
    await bulkInsert(
      tx,
      'wineries',
      [
        ['id', 'int'],
        ['name_ko', 'text'],
        ['name_original', 'text'],
        ['country_code', 'text'],
        ['production_area_id', 'int'],
        ['founded_year', 'smallint'],
        ['website', 'text'],
        ['description', 'jsonb'],
        ['images', 'jsonb'],
        ['search_text', 'text'],
        ['search_grams', 'grams'],
        ['created_at', 'timestamptz'],
        ['updated_at', 'timestamptz'],
      ],
      wineryRows,
    );

    // Wines
    const productStart = await reserveIds(tx, 'products', plan.wines.length);
    const productRows: unknown[][] = [];
    const grapeRows: unknown[][] = [];
    const vintageRows: unknown[][] = [];
    const scoreRows: unknown[][] = [];
    const awardRows: unknown[][] = [];
    const featuredRows: unknown[][] = [];
    const linkRows: unknown[][] = [];
    plan.wines.forEach((w, i) => {
      const id = productStart + i;
      const { spec } = w;
      const winery = plan.wineries[spec.winery]!;
      const s = productSearch({
        nameKo: spec.nameKo,
        nameOriginal: spec.nameOriginal,
        wineryKo: winery.nameKo,
        wineryOriginal: winery.nameOriginal,
        grapes: spec.grapes.map((g) => ({
          id: ids.grapes.get(g.grape.original)!,
          percent: g.percent,
          name: localized(g.grape.names),
          originalName: g.grape.original,
        })),
        area: { name: localized(spec.area.names), originalName: spec.area.original },
        countryCode: spec.area.country,
        kind: { name: localized(KINDS.find((k) => k.code === spec.kind)!.names) },
      });
      const onSale = w.vintages.filter((v) => v.isOnSale).map((v) => v.retailPrice);
      const created = new Date(now - w.ageDays * day - i * 1000).toISOString();
      productRows.push([
        id,
        wineryStart + spec.winery,
        ids.kinds.get(spec.kind),
        ids.levels.get(spec.level),
        areaId(spec.area),
        spec.area.country,
        spec.nameKo,
        spec.nameOriginal,
        w.sugarLevel,
        w.alcohol,
        spec.volumeMl,
        w.servingTemp[0],
        w.servingTemp[1],
        w.profile,
        w.texts,
        [wineImageUrl(id)],
        spec.vip,
        onSale.length ? Math.min(...onSale) : 0,
        w.scores.reduce((m, x) => Math.max(m, x.score), 0),
        w.recommendRank,
        s.searchText,
        pgNumberArray(s.searchGrams),
        created,
        created,
      ]);
      for (const g of spec.grapes) grapeRows.push([id, ids.grapes.get(g.grape.original), g.percent]);
      w.vintages.forEach((v, k) =>
        vintageRows.push([
          id,
          v.year,
          v.stock,
          v.retailPrice,
          v.tradePrice,
          v.isOnSale,
          new Date(now - (w.ageDays + k * 180) * day).toISOString(),
        ]),
      );
      for (const sc of w.scores) scoreRows.push([id, sc.vintageYear, sc.critic, sc.score]);
      for (const a of w.awards) awardRows.push([id, a.year, a.name, a.medal]);
      for (const f of w.featured) featuredRows.push([id, ids.featured.get(f)]);
      for (const l of w.links) linkRows.push([l.kind, l.targetId, id]);
    });
    await bulkInsert(
      tx,
      'products',
      [
        ['id', 'int'],
        ['winery_id', 'int'],
        ['kind_id', 'int'],
        ['level_id', 'int'],
        ['production_area_id', 'int'],
        ['country_code', 'text'],
        ['name_ko', 'text'],
        ['name_original', 'text'],
        ['sugar_level', 'smallint'],
        ['alcohol', 'numeric'],
        ['volume_ml', 'smallint'],
        ['serving_temp_min', 'smallint'],
        ['serving_temp_max', 'smallint'],
        ['profile', 'jsonb'],
        ['texts', 'jsonb'],
        ['images', 'jsonb'],
        ['is_vip', 'bool'],
        ['price_min', 'int'],
        ['score_max', 'smallint'],
        ['recommend_rank', 'int'],
        ['search_text', 'text'],
        ['search_grams', 'grams'],
        ['created_at', 'timestamptz'],
        ['updated_at', 'timestamptz'],
      ],
      productRows,
    );
    await bulkInsert(
      tx,
      'product_grapes',
      [
        ['product_id', 'int'],
        ['grape_type_id', 'int'],
        ['percent', 'smallint'],
      ],
      grapeRows,
    );
    await bulkInsert(
      tx,
      'product_vintages',
      [
        ['product_id', 'int'],
        ['year', 'smallint'],
        ['stock', 'int'],
        ['retail_price', 'int'],
        ['trade_price', 'int'],
        ['is_on_sale', 'bool'],
        ['created_at', 'timestamptz'],
      ],
      vintageRows,
    );
    await bulkInsert(
      tx,
      'product_scores',
      [
        ['product_id', 'int'],
        ['vintage_year', 'smallint'],
        ['critic', 'text'],
        ['score', 'smallint'],
      ],
      scoreRows,
    );
    await bulkInsert(
      tx,
      'product_awards',
      [
        ['product_id', 'int'],
        ['year', 'smallint'],
        ['name', 'text'],
        ['medal', 'text'],
      ],
      awardRows,
    );
    await bulkInsert(
      tx,
      'product_featured',
      [
        ['product_id', 'int'],
        ['featured_id', 'int'],
      ],
      featuredRows,
    );
    await bulkInsert(
      tx,
      'product_links',
      [
        ['kind', 'text'],
        ['target_id', 'int'],
        ['product_id', 'int'],
      ],
      linkRows,
    );
    for (const def of rebuild) await tx.execute(sql.raw(def));
    await tx.execute(DEMO_PACKS);
    await tx.execute(DEMO_TIERS);
    await tx.execute(sql`select set_config('podo.cards_deferred', 'off', true)`);
    await tx.execute(sql`select product_cards_refresh(array(select id from products))`);
    return { products: productRows.length, wineries: wineryRows.length };
  });
}
