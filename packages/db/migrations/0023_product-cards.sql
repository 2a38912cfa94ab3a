CREATE TABLE "product_cards" (
	"product_id" integer NOT NULL,
	"lang" varchar(10) NOT NULL,
	"card" text NOT NULL,
	"trade" jsonb NOT NULL,
	CONSTRAINT "product_cards_product_id_lang_pk" PRIMARY KEY("product_id","lang")
);
--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "names" jsonb;--> statement-breakpoint
ALTER TABLE "product_cards" ADD CONSTRAINT "product_cards_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each wine's list card in each interface language, built here from the rows it shows so a page never assembles
-- them per request. Objects come from row_to_json (compact, keys in this order) and arrays from string_agg, so the
-- text is the JSON the list sends. A name missing in a language falls back to Korean, as the API does.
-- Cards are upserted in (product, language) order, so concurrent refreshes lock them in one order. The planner sees
-- an array of unknown length and many subqueries, a cost high enough to compile the statement to machine code
-- (PostgreSQL's JIT) every time: 150 ms for a statement that runs in 4, so that is off here.
CREATE FUNCTION "product_cards_refresh"(ids integer[]) RETURNS void LANGUAGE sql SET jit = off AS $$
  INSERT INTO "product_cards" ("product_id", "lang", "card", "trade")
  SELECT p."id", l."code", row_to_json(c)::text, t."trade"
  FROM "products" p
  JOIN "wineries" w ON w."id" = p."winery_id"
  JOIN "wine_kinds" k ON k."id" = p."kind_id"
  JOIN "production_areas" a ON a."id" = p."production_area_id"
  LEFT JOIN "wine_levels" lv ON lv."id" = p."level_id"
  LEFT JOIN "countries" co ON co."code" = p."country_code"
  CROSS JOIN "languages" l
  CROSS JOIN LATERAL (
    SELECT
      p."id",
      CASE WHEN l."code" = 'ko-KR' THEN p."name_ko" ELSE p."name_original" END AS "name",
      p."name_ko" AS "nameKo",
      p."name_original" AS "nameOriginal",
      coalesce(p."images"->>0, '') AS "image",
      (SELECT row_to_json(x) FROM (SELECT k."id", k."code", coalesce(k."name"->>l."code", k."name"->>'ko-KR', '') AS "name", k."color") x) AS "kind",
      (SELECT row_to_json(x) FROM (SELECT p."country_code"::text AS "code", coalesce(co."names"->>l."code", p."country_code"::text) AS "name") x) AS "country",
      (SELECT row_to_json(x) FROM (SELECT a."id", coalesce(a."name"->>l."code", a."name"->>'ko-KR', '') AS "name") x) AS "productionArea",
      (SELECT row_to_json(x) FROM (SELECT w."id",
          CASE WHEN l."code" = 'ko-KR' THEN w."name_ko" ELSE w."name_original" END AS "name",
          w."name_ko" AS "nameKo", w."name_original" AS "nameOriginal") x) AS "winery",
      (SELECT ('[' || coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY x."percent" DESC NULLS LAST, x."id"), '') || ']')::json
         FROM (SELECT g."grape_type_id" AS "id", coalesce(gt."name"->>l."code", gt."name"->>'ko-KR', '') AS "name",
                 gt."original_name" AS "originalName", g."percent"::int AS "percent"
               FROM "product_grapes" g JOIN "grape_types" gt ON gt."id" = g."grape_type_id" WHERE g."product_id" = p."id") x) AS "grapes",
      CASE WHEN lv."id" IS NULL THEN NULL
        ELSE (SELECT row_to_json(x) FROM (SELECT lv."id", lv."code", coalesce(lv."name"->>l."code", lv."name"->>'ko-KR', '') AS "name") x) END AS "level",
      (SELECT ('[' || coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY x."id"), '') || ']')::json
         FROM (SELECT f."featured_id" AS "id", wf."code", coalesce(wf."name"->>l."code", wf."name"->>'ko-KR', '') AS "name"
               FROM "product_featured" f JOIN "wine_featured" wf ON wf."id" = f."featured_id" WHERE f."product_id" = p."id") x) AS "featured",
      p."sugar_level"::int AS "sugarLevel",
      p."alcohol"::float8 AS "alcohol",
      p."volume_ml"::int AS "volumeMl",
      p."score_max"::int AS "scoreMax",
      p."is_vip" AS "isVip",
      p."price_min" AS "retailPrice",
      NULL::int AS "tradePrice",
      (SELECT ('[' || coalesce(string_agg(coalesce(v."year"::text, 'null'), ',' ORDER BY v."year" DESC NULLS LAST), '') || ']')::json
         FROM "product_vintages" v WHERE v."product_id" = p."id" AND v."is_on_sale") AS "vintages",
      coalesce((SELECT bool_or(v."stock" > 0) FROM "product_vintages" v WHERE v."product_id" = p."id" AND v."is_on_sale"), false) AS "inStock",
      (SELECT row_to_json(x) FROM (SELECT v."id", v."year"::int AS "year", v."case_size"::int AS "caseSize", v."order_step"::int AS "orderStep",
           v."min_qty"::int AS "minQty"
         FROM "product_vintages" v WHERE v."product_id" = p."id" AND v."is_on_sale"
         ORDER BY v."stock" > 0 DESC, v."year" DESC NULLS LAST, v."id" DESC LIMIT 1) x) AS "orderVintage",
      p."wish_count" AS "wishCount",
      false AS "isWished",
      to_char(p."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
  ) c
  -- The trade price of each level: the level's own price of a vintage, else its trade price less the level's
  -- discount (whole won, rounded down); '' is a buyer without a level (the trade price). As tradePriceSql.
  CROSS JOIN LATERAL (
    SELECT jsonb_object_agg(lv2."code", (
        SELECT min(coalesce(lp."price", v."trade_price" - v."trade_price" * lv2."discount_bp" / 10000))
        FROM "product_vintages" v
        LEFT JOIN "vintage_level_prices" lp ON lp."vintage_id" = v."id" AND lp."buyer_level" = lv2."code"
        WHERE v."product_id" = p."id" AND v."is_on_sale")) AS "trade"
    FROM (SELECT bl."code", bl."discount_bp" FROM "buyer_levels" bl UNION ALL SELECT '', 0) lv2
  ) t
  WHERE p."id" = ANY(ids)
  ORDER BY p."id", l."code"
  ON CONFLICT ("product_id", "lang") DO UPDATE SET "card" = excluded."card", "trade" = excluded."trade"
    WHERE ("product_cards"."card", "product_cards"."trade") IS DISTINCT FROM (excluded."card", excluded."trade");
$$;--> statement-breakpoint
-- One trigger function for every table a card shows: from the rows a statement changed (transition tables) it
-- finds the wines whose cards show them and rebuilds those. An UPDATE rebuilds only where a shown column changed
-- (a stock change matters only when it crosses zero), so an order's stock updates or a search refresh rebuild
-- nothing. A deleted wine's cards go with it (foreign key). A bulk load that builds every card once at its end
-- sets podo.cards_deferred to 'on' for its transaction (seedCatalog); nothing else does.
CREATE FUNCTION "product_cards_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF current_setting('podo.cards_deferred', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'products' THEN
    IF TG_OP = 'INSERT' THEN
      ids := ARRAY(SELECT n."id" FROM new_rows n);
    ELSE
      ids := ARRAY(SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
        WHERE (n."name_ko", n."name_original", n."images", n."kind_id", n."country_code", n."production_area_id", n."winery_id",
               n."level_id", n."sugar_level", n."alcohol", n."volume_ml", n."score_max", n."is_vip", n."price_min", n."wish_count",
               n."updated_at")
          IS DISTINCT FROM (o."name_ko", o."name_original", o."images", o."kind_id", o."country_code", o."production_area_id",
               o."winery_id", o."level_id", o."sugar_level", o."alcohol", o."volume_ml", o."score_max", o."is_vip", o."price_min",
               o."wish_count", o."updated_at"));
    END IF;
  ELSIF TG_TABLE_NAME IN ('product_grapes', 'product_featured') THEN
    IF TG_OP = 'INSERT' THEN
      ids := ARRAY(SELECT DISTINCT n."product_id" FROM new_rows n);
    ELSIF TG_OP = 'DELETE' THEN
      ids := ARRAY(SELECT DISTINCT o."product_id" FROM old_rows o);
    ELSE
      ids := ARRAY(SELECT n."product_id" FROM new_rows n UNION SELECT o."product_id" FROM old_rows o);
    END IF;
  ELSIF TG_TABLE_NAME = 'product_vintages' THEN
    IF TG_OP = 'INSERT' THEN
      ids := ARRAY(SELECT DISTINCT n."product_id" FROM new_rows n);
    ELSIF TG_OP = 'DELETE' THEN
      ids := ARRAY(SELECT DISTINCT o."product_id" FROM old_rows o);
    ELSE
      ids := ARRAY(SELECT n."product_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
          WHERE (n."product_id", n."year", n."is_on_sale", n."stock" > 0, n."case_size", n."order_step", n."min_qty", n."trade_price")
            IS DISTINCT FROM (o."product_id", o."year", o."is_on_sale", o."stock" > 0, o."case_size", o."order_step", o."min_qty",
              o."trade_price")
        UNION
        SELECT o."product_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."product_id" <> o."product_id");
    END IF;
  ELSIF TG_TABLE_NAME = 'wineries' THEN
    ids := ARRAY(SELECT p."id" FROM "products" p JOIN new_rows n ON n."id" = p."winery_id" JOIN old_rows o ON o."id" = n."id"
      WHERE (n."name_ko", n."name_original") IS DISTINCT FROM (o."name_ko", o."name_original"));
  ELSIF TG_TABLE_NAME = 'wine_kinds' THEN
    ids := ARRAY(SELECT p."id" FROM "products" p JOIN new_rows n ON n."id" = p."kind_id" JOIN old_rows o ON o."id" = n."id"
      WHERE (n."code", n."name", n."color") IS DISTINCT FROM (o."code", o."name", o."color"));
  ELSIF TG_TABLE_NAME = 'production_areas' THEN
    ids := ARRAY(SELECT p."id" FROM "products" p JOIN new_rows n ON n."id" = p."production_area_id" JOIN old_rows o ON o."id" = n."id"
      WHERE n."name" IS DISTINCT FROM o."name");
  ELSIF TG_TABLE_NAME = 'wine_levels' THEN
    ids := ARRAY(SELECT p."id" FROM "products" p JOIN new_rows n ON n."id" = p."level_id" JOIN old_rows o ON o."id" = n."id"
      WHERE (n."code", n."name") IS DISTINCT FROM (o."code", o."name"));
  ELSIF TG_TABLE_NAME = 'grape_types' THEN
    ids := ARRAY(SELECT DISTINCT g."product_id" FROM "product_grapes" g JOIN new_rows n ON n."id" = g."grape_type_id"
      JOIN old_rows o ON o."id" = n."id" WHERE (n."name", n."original_name") IS DISTINCT FROM (o."name", o."original_name"));
  ELSIF TG_TABLE_NAME = 'wine_featured' THEN
    ids := ARRAY(SELECT DISTINCT f."product_id" FROM "product_featured" f JOIN new_rows n ON n."id" = f."featured_id"
      JOIN old_rows o ON o."id" = n."id" WHERE (n."code", n."name") IS DISTINCT FROM (o."code", o."name"));
  ELSIF TG_TABLE_NAME = 'vintage_level_prices' THEN
    IF TG_OP = 'INSERT' THEN
      ids := ARRAY(SELECT DISTINCT v."product_id" FROM "product_vintages" v JOIN new_rows n ON n."vintage_id" = v."id");
    ELSIF TG_OP = 'DELETE' THEN
      ids := ARRAY(SELECT DISTINCT v."product_id" FROM "product_vintages" v JOIN old_rows o ON o."vintage_id" = v."id");
    ELSE
      ids := ARRAY(SELECT v."product_id" FROM "product_vintages" v JOIN new_rows n ON n."vintage_id" = v."id"
        UNION SELECT v."product_id" FROM "product_vintages" v JOIN old_rows o ON o."vintage_id" = v."id");
    END IF;
  ELSIF TG_TABLE_NAME = 'buyer_levels' THEN
    -- A level's discount, or a level added or removed, changes the trade prices of every wine.
    IF TG_OP <> 'UPDATE' OR EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o."code" = n."code" WHERE n."discount_bp" <> o."discount_bp")
      OR EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o."code" = n."code")) THEN
      ids := ARRAY(SELECT "id" FROM "products");
    END IF;
  ELSIF TG_TABLE_NAME = 'countries' THEN
    ids := ARRAY(SELECT p."id" FROM "products" p JOIN new_rows n ON n."code" = p."country_code" JOIN old_rows o ON o."code" = n."code"
      WHERE n."names" IS DISTINCT FROM o."names");
  END IF;
  IF cardinality(ids) > 0 THEN
    PERFORM "product_cards_refresh"(ids);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_cards_ins" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "products_cards_upd" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "product_grapes_cards_ins" AFTER INSERT ON "product_grapes" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "product_grapes_cards_upd" AFTER UPDATE ON "product_grapes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "product_grapes_cards_del" AFTER DELETE ON "product_grapes" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "product_featured_cards_ins" AFTER INSERT ON "product_featured" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "product_featured_cards_upd" AFTER UPDATE ON "product_featured" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "product_featured_cards_del" AFTER DELETE ON "product_featured" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "product_vintages_cards_ins" AFTER INSERT ON "product_vintages" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "product_vintages_cards_upd" AFTER UPDATE ON "product_vintages" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "product_vintages_cards_del" AFTER DELETE ON "product_vintages" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "vintage_level_prices_cards_ins" AFTER INSERT ON "vintage_level_prices" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "vintage_level_prices_cards_upd" AFTER UPDATE ON "vintage_level_prices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "vintage_level_prices_cards_del" AFTER DELETE ON "vintage_level_prices" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "buyer_levels_cards_ins" AFTER INSERT ON "buyer_levels" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "buyer_levels_cards_upd" AFTER UPDATE ON "buyer_levels" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "buyer_levels_cards_del" AFTER DELETE ON "buyer_levels" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "wineries_cards_upd" AFTER UPDATE ON "wineries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "wine_kinds_cards_upd" AFTER UPDATE ON "wine_kinds" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "production_areas_cards_upd" AFTER UPDATE ON "production_areas" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "wine_levels_cards_upd" AFTER UPDATE ON "wine_levels" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "grape_types_cards_upd" AFTER UPDATE ON "grape_types" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "wine_featured_cards_upd" AFTER UPDATE ON "wine_featured" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
CREATE TRIGGER "countries_cards_upd" AFTER UPDATE ON "countries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_sync"();--> statement-breakpoint
SELECT "product_cards_refresh"(ARRAY(SELECT "id" FROM "products"));
