import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { buyerLevels, users } from './accounts';
import { countries } from './reference';

/**
 * A text in the interface languages: ko-KR is always there, the others fall back to it when missing
 * (keys are the language codes of @podo/i18n).
 */
export type LocalizedText = { 'ko-KR': string } & Partial<Record<'en-US' | 'zh-CN' | 'zh-TW' | 'ja-JP', string>>;

/** Wine kinds: red, white, sparkling, rosé, dessert, fortified. */
export const wineKinds = pgTable('wine_kinds', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  code: varchar('code', { length: 30 }).notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  /** Colour of the kind in generated label art and chips (#rrggbb). */
  color: varchar('color', { length: 7 }).notNull().default('#6d1a36'),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Grape varieties ("types" in the spec's calls). */
export const grapeTypes = pgTable('grape_types', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  /** Name as written where the grape comes from (Cabernet Sauvignon, Tempranillo). */
  originalName: varchar('original_name', { length: 100 }).notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Wine regions and appellations, each in one country (ISO code). */
export const productionAreas = pgTable(
  'production_areas',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    countryCode: char('country_code', { length: 2 })
      .notNull()
      .references(() => countries.code),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    originalName: varchar('original_name', { length: 100 }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('production_areas_country_idx').on(t.countryCode)],
);

/** Portfolio levels (icon, premium, classic, daily...). */
export const wineLevels = pgTable('wine_levels', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  code: varchar('code', { length: 30 }).notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Featured flags a product can carry (new arrival, best seller, sommelier's pick, limited...). */
export const wineFeatured = pgTable('wine_featured', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  code: varchar('code', { length: 30 }).notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const wineries = pgTable(
  'wineries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    nameKo: varchar('name_ko', { length: 200 }).notNull(),
    nameOriginal: varchar('name_original', { length: 200 }).notNull(),
    countryCode: char('country_code', { length: 2 })
      .notNull()
      .references(() => countries.code),
    productionAreaId: integer('production_area_id').references(() => productionAreas.id),
    foundedYear: smallint('founded_year'),
    website: varchar('website', { length: 300 }),
    /** Introduction, per language. */
    description: jsonb('description').$type<LocalizedText>(),
    /** Image URLs (first is the cover). */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    likeCount: integer('like_count').notNull().default(0),
    /** Normalized names and region for unified search (see searchText in @podo/contracts). */
    searchText: text('search_text').notNull().default(''),
    /** Unigram, bigram and trigram codes of searchText (GIN-indexed; see buildSearchGrams in @podo/contracts). */
    searchGrams: bigint('search_grams', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wineries_country_idx').on(t.countryCode), index('wineries_search_grams_idx').using('gin', t.searchGrams)],
);

export const wineryLikes = pgTable(
  'winery_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wineryId: integer('winery_id')
      .notNull()
      .references(() => wineries.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.wineryId] }), index('winery_likes_user_idx').on(t.userId, t.createdAt)],
);

/** Tasting profile on 1..5 scales (shown as bars on the detail page). */
export interface TastingProfile {
  body: number;
  acidity: number;
  tannin: number;
  sweetness: number;
}

/** Per-language texts of a wine. */
export interface ProductTexts {
  description?: LocalizedText;
  tastingNote?: LocalizedText;
  pairing?: LocalizedText;
  winemaking?: LocalizedText;
}

/**
 * A wine of the portfolio. Facts that filters and sorts read often (country, lowest public price, best
 * score) are kept on the row, maintained by the catalogue writers, so the list query needs no joins.
 */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    wineryId: integer('winery_id')
      .notNull()
      .references(() => wineries.id),
    kindId: integer('kind_id')
      .notNull()
      .references(() => wineKinds.id),
    levelId: integer('level_id').references(() => wineLevels.id),
    productionAreaId: integer('production_area_id')
      .notNull()
      .references(() => productionAreas.id),
    /** Copy of the area's country, for the country filter without a join. */
    countryCode: char('country_code', { length: 2 }).notNull(),
    nameKo: varchar('name_ko', { length: 200 }).notNull(),
    nameOriginal: varchar('name_original', { length: 200 }).notNull(),
    /** 1 dry .. 5 sweet (SUGAR_LEVELS in @podo/contracts). */
    sugarLevel: smallint('sugar_level').notNull(),
    /** Alcohol by volume, percent. */
    alcohol: numeric('alcohol', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    /** Bottle size in ml: 375, 750 or 1500. */
    volumeMl: smallint('volume_ml').notNull().default(750),
    servingTempMin: smallint('serving_temp_min'),
    servingTempMax: smallint('serving_temp_max'),
    profile: jsonb('profile').$type<TastingProfile>(),
    texts: jsonb('texts').$type<ProductTexts>().notNull().default({}),
    /** Image URLs (first is the bottle shot used in lists). */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    isVip: boolean('is_vip').notNull().default(false),
    /** Lowest retail (public) price over the vintages on sale, KRW. */
    priceMin: integer('price_min').notNull().default(0),
    /** Best critic score over all vintages (0..100), 0 when none. */
    scoreMax: smallint('score_max').notNull().default(0),
    /** Hand-set rank for the "recommended" sort (higher first). */
    recommendRank: integer('recommend_rank').notNull().default(0),
    wishCount: integer('wish_count').notNull().default(0),
    searchText: text('search_text').notNull().default(''),
    searchGrams: bigint('search_grams', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_winery_idx').on(t.wineryId),
    index('products_kind_idx').on(t.kindId),
    index('products_area_idx').on(t.productionAreaId),
    index('products_country_idx').on(t.countryCode),
    index('products_level_idx').on(t.levelId),
    index('products_recommend_idx').on(t.recommendRank, t.id),
    index('products_created_idx').on(t.createdAt, t.id),
    index('products_price_idx').on(t.priceMin, t.id),
    index('products_score_idx').on(t.scoreMax, t.id),
    index('products_popular_idx').on(t.wishCount, t.id),
    index('products_name_ko_idx').on(t.nameKo, t.id),
    index('products_name_original_idx').on(sql`lower(${t.nameOriginal})`, t.id),
    // Counts and facet counts of the list read this narrow index alone (index-only scans), not the wide rows, and so
    // do the ids of a filtered page: the sort keys after `id` let a deep page sort index entries, not whole rows.
    index('products_filter_idx')
      .on(
        t.kindId,
        t.countryCode,
        t.productionAreaId,
        t.wineryId,
        t.levelId,
        t.sugarLevel,
        t.volumeMl,
        t.alcohol,
        t.priceMin,
        t.scoreMax,
        t.isVip,
        t.id,
        t.recommendRank,
        t.createdAt,
        t.wishCount,
        t.nameKo,
      )
      .where(sql`${t.isPublished}`),
    // The recommended order (the list's default) of one kind, one country, or both: a page of these shapes reads its
    // 24 entries in order, whatever the values (one generic plan fits them all; see list-statement.ts).
    index('products_kind_rank_idx')
      .on(t.kindId, t.recommendRank, t.id)
      .where(sql`${t.isPublished}`),
    index('products_country_rank_idx')
      .on(t.countryCode, t.recommendRank, t.id)
      .where(sql`${t.isPublished}`),
    index('products_kind_country_rank_idx')
      .on(t.kindId, t.countryCode, t.recommendRank, t.id)
      .where(sql`${t.isPublished}`),
    // Only published wines are ever searched; a partial index lets the search count skip the heap filter.
    index('products_search_grams_idx')
      .using('gin', t.searchGrams)
      .where(sql`${t.isPublished}`),
    check('products_sugar_level_ck', sql`${t.sugarLevel} between 1 and 5`),
    check('products_volume_ck', sql`${t.volumeMl} in (375, 750, 1500)`),
  ],
);

/**
 * How many published wines hold each search gram (the document frequency of a search engine): the total of a
 * search by text alone of one to three characters, whose single gram proves the match, is one row here instead of
 * a count over every matching wine. Kept by triggers on `products` (migration 0007), never written by the app.
 */
export const productSearchGramCounts = pgTable('product_search_gram_counts', {
  gram: bigint('gram', { mode: 'number' }).primaryKey(),
  products: integer('products').notNull(),
});

/**
 * How many published wines match each kept filter key, so list totals and left-filter counts of
 * the common filter shapes are a few index lookups instead of a count over the matching wines. A key joins filter
 * values in a fixed dimension order with '|': 'k3' (kind 3), 'cFR' (country), 'a12' (production area), 'w40'
 * (winery), 'l2' (level), 's1' (sugar level), 'v750' (volume), 'g7' (grape), 'f2' (featured flag); '' is the whole
 * catalogue. Kept: every single value, pairs of values of different dimensions (not country with area, no winery
 * pairs) and kind × country × one more value (see product_count_keys). Written by triggers only.
 */
export const productCounts = pgTable('product_counts', {
  key: text('key').primaryKey(),
  products: integer('products').notNull(),
});

/**
 * What product_counts holds for each wine: its filter values as last counted (one row per wine, published or not),
 * so a change is counted as the difference between these and the wine's current values. Written by triggers only.
 */
export const productCountState = pgTable('product_count_state', {
  productId: integer('product_id').primaryKey(),
  isPublished: boolean('is_published').notNull(),
  kindId: integer('kind_id').notNull(),
  countryCode: char('country_code', { length: 2 }).notNull(),
  productionAreaId: integer('production_area_id').notNull(),
  wineryId: integer('winery_id').notNull(),
  levelId: integer('level_id'),
  sugarLevel: smallint('sugar_level').notNull(),
  volumeMl: smallint('volume_ml').notNull(),
  /** Grape type ids, ascending. */
  grapeIds: integer('grape_ids').array().notNull(),
  /** Featured flag ids, ascending. */
  featuredIds: integer('featured_ids').array().notNull(),
});

/**
 * Wines a transaction changed, counted when it commits (product_counts_flush); product_id 0 marks the transaction
 * as having queued something. Rows live only inside their transaction.
 */
export const productCountQueue = pgTable(
  'product_count_queue',
  {
    xid: bigint('xid', { mode: 'number' }).notNull(),
    productId: integer('product_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.xid, t.productId] })],
);

/**
 * The list card of each wine in each interface language, as the JSON the product list sends (visitor's view:
 * `tradePrice` null, `isWished` false; the list patches both per viewer). Built by the database itself
 * (`product_cards_refresh`, migration 0023) from triggers on every table a card shows, in the same statement that
 * changes them, so a page is its ids in order and then these texts; never written by the app.
 */
export const productCards = pgTable(
  'product_cards',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    lang: varchar('lang', { length: 10 }).notNull(),
    card: text('card').notNull(),
    /**
     * The card's trade price for each buyer level (key: the level's code; '' for a buyer without a level): the lowest
     * over the vintages on sale, by the rule of `tradePriceSql` (a test keeps the two equal).
     */
    trade: jsonb('trade').$type<Record<string, number | null>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.lang] })],
);

/** Grapes of a wine; a blend has several rows whose percentages add up to 100 (null when unknown). */
export const productGrapes = pgTable(
  'product_grapes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    grapeTypeId: integer('grape_type_id')
      .notNull()
      .references(() => grapeTypes.id),
    percent: smallint('percent'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.grapeTypeId] }), index('product_grapes_grape_idx').on(t.grapeTypeId, t.productId)],
);

export const productFeatured = pgTable(
  'product_featured',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    featuredId: integer('featured_id')
      .notNull()
      .references(() => wineFeatured.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.featuredId] }), index('product_featured_featured_idx').on(t.featuredId, t.productId)],
);

/**
 * A vintage of a wine (year null = non-vintage) with its own stock and prices.
 * Price model: `retailPrice` is the public (consumer) price everyone sees; `tradePrice` is the base wholesale
 * price shown only to approved buyers. Prices per buyer level override the base in `vintage_level_prices`
 * (filled by the ordering issue): the price a buyer pays is the row for their level, else `tradePrice`.
 */
export const productVintages = pgTable(
  'product_vintages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    year: smallint('year'),
    stock: integer('stock').notNull().default(0),
    retailPrice: integer('retail_price').notNull(),
    tradePrice: integer('trade_price').notNull(),
    isOnSale: boolean('is_on_sale').notNull().default(true),
    /** Bottles in one case of this vintage (6 or 12 for most wines, 1 for large formats). */
    caseSize: smallint('case_size').notNull().default(12),
    /** The quantity a buyer orders in: 1 = by the bottle, the case size = by the case. */
    orderStep: smallint('order_step').notNull().default(1),
    /** The least a buyer may order, a multiple of orderStep. */
    minQty: smallint('min_qty').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_vintages_product_idx').on(t.productId),
    check(
      'product_vintages_pack_ck',
      sql`${t.caseSize} between 1 and 48 and ${t.orderStep} between 1 and 48 and ${t.minQty} >= ${t.orderStep} and ${t.minQty} % ${t.orderStep} = 0`,
    ),
    uniqueIndex('product_vintages_year_uq').on(t.productId, sql`coalesce(${t.year}, 0)`),
    check('product_vintages_stock_ck', sql`${t.stock} >= 0`),
    check('product_vintages_price_ck', sql`${t.retailPrice} >= 0 and ${t.tradePrice} >= 0`),
  ],
);

/** Wholesale price of a vintage for one buyer level: replaces the level's discount off the trade price. */
export const vintageLevelPrices = pgTable(
  'vintage_level_prices',
  {
    vintageId: integer('vintage_id')
      .notNull()
      .references(() => productVintages.id, { onDelete: 'cascade' }),
    buyerLevel: varchar('buyer_level', { length: 30 })
      .notNull()
      .references(() => buyerLevels.code, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.vintageId, t.buyerLevel] }), check('vintage_level_prices_ck', sql`${t.price} >= 0`)],
);

/** Volume tiers of a vintage: from `minQty` bottles of one line, `discountBp` off the buyer's price. */
export const vintageVolumeTiers = pgTable(
  'vintage_volume_tiers',
  {
    vintageId: integer('vintage_id')
      .notNull()
      .references(() => productVintages.id, { onDelete: 'cascade' }),
    minQty: smallint('min_qty').notNull(),
    discountBp: integer('discount_bp').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.vintageId, t.minQty] }),
    check('vintage_volume_tiers_ck', sql`${t.minQty} >= 2 and ${t.discountBp} between 1 and 5000`),
  ],
);

/** Critic scores (RP, WS, JS, WE, DC, VN...), optionally for one vintage. */
export const productScores = pgTable(
  'product_scores',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    vintageYear: smallint('vintage_year'),
    critic: varchar('critic', { length: 10 }).notNull(),
    score: smallint('score').notNull(),
  },
  (t) => [index('product_scores_product_idx').on(t.productId), check('product_scores_ck', sql`${t.score} between 0 and 100`)],
);

export const productAwards = pgTable(
  'product_awards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    /** Competition, as written (Decanter World Wine Awards). */
    name: varchar('name', { length: 200 }).notNull(),
    /** GOLD, SILVER, BRONZE, TROPHY, ... */
    medal: varchar('medal', { length: 30 }).notNull(),
  },
  (t) => [index('product_awards_product_idx').on(t.productId)],
);

/**
 * Links from content to wines, read by the event, magazine, store filters. Events, magazines and stores get
 * their own tables with their issues; the ids here refer to them then.
 */
export const productLinks = pgTable(
  'product_links',
  {
    kind: varchar('kind', { length: 20 }).notNull(),
    targetId: integer('target_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.targetId, t.productId] }), index('product_links_product_idx').on(t.productId)],
);

/** A member's wish list. */
export const wishes = pgTable(
  'wishes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('wishes_user_created_idx').on(t.userId, t.createdAt)],
);
