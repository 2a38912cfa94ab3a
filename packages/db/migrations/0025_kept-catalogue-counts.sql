CREATE TABLE "product_count_queue" (
	"xid" bigint NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "product_count_queue_xid_product_id_pk" PRIMARY KEY("xid","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_count_state" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"is_published" boolean NOT NULL,
	"kind_id" integer NOT NULL,
	"country_code" char(2) NOT NULL,
	"production_area_id" integer NOT NULL,
	"winery_id" integer NOT NULL,
	"level_id" integer,
	"sugar_level" smallint NOT NULL,
	"volume_ml" smallint NOT NULL,
	"grape_ids" integer[] NOT NULL,
	"featured_ids" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
-- The keys a published wine counts under (see productCounts in the schema): every single value (and '' for the whole
-- catalogue), every pair of values of different dimensions but country with area (an area names its country) and
-- winery (a winery's wines are few, counted directly), and kind × country × one more value (the menus' kind and
-- country lists narrowed once more). Grapes and featured flags are many per wine: each value counts the wine once.
CREATE FUNCTION "product_count_keys"(s "product_count_state") RETURNS text[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  k text := 'k' || s."kind_id";
  c text := 'c' || rtrim(s."country_code");
  a text := 'a' || s."production_area_id";
  l text := 'l' || s."level_id";
  su text := 's' || s."sugar_level";
  v text := 'v' || s."volume_ml";
  kc text := k || '|' || c;
  one text[] := ARRAY[k, c, a, su, v];
  g text[] := '{}';
  f text[] := '{}';
  keys text[];
  x text;
  y text;
  i int;
BEGIN
  IF NOT s."is_published" THEN
    RETURN '{}';
  END IF;
  keys := ARRAY['', 'w' || s."winery_id", k, c, a, su, v, kc, k || '|' || a, k || '|' || su, k || '|' || v, c || '|' || su,
    c || '|' || v, a || '|' || su, a || '|' || v, su || '|' || v, kc || '|' || su, kc || '|' || v];
  IF l IS NOT NULL THEN
    keys := keys || ARRAY[l, k || '|' || l, c || '|' || l, a || '|' || l, l || '|' || su, l || '|' || v, kc || '|' || l];
    one := ARRAY[k, c, a, l, su, v];
  END IF;
  FOREACH i IN ARRAY s."grape_ids" LOOP
    g := g || ('g' || i);
  END LOOP;
  FOREACH i IN ARRAY s."featured_ids" LOOP
    f := f || ('f' || i);
  END LOOP;
  FOREACH y IN ARRAY g || f LOOP
    keys := keys || y || (kc || '|' || y);
    FOREACH x IN ARRAY one LOOP
      keys := keys || (x || '|' || y);
    END LOOP;
  END LOOP;
  FOREACH x IN ARRAY g LOOP
    FOREACH y IN ARRAY f LOOP
      keys := keys || (x || '|' || y);
    END LOOP;
  END LOOP;
  RETURN keys;
END $$;--> statement-breakpoint
-- Statement triggers only queue the wines a statement changed; product_counts_flush counts them when the transaction
-- commits. Applying each statement's deltas at once would lock count rows statement by statement, so two
-- transactions editing in different orders (a kind, then grapes; grapes, then a kind) could deadlock on them. At
-- commit a transaction takes all its locks in one order: its wines' state rows by id, then count rows by key.
-- Product 0 marks the transaction: its first queued row starts the one deferred flush.
CREATE FUNCTION "product_counts_enqueue"(ids int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) > 0 THEN
    INSERT INTO "product_count_queue" ("xid", "product_id")
      SELECT txid_current(), id FROM unnest(ids || 0) AS id
      ON CONFLICT DO NOTHING;
  END IF;
END $$;--> statement-breakpoint
-- Wines inserted, deleted, or updated in a counted column (ids never change, so old and new rows pair by id); an
-- update of anything else (a wish count, a price) queues nothing. TRUNCATE, which runs with every writer of the
-- catalogue locked out, empties the counts at once.
CREATE FUNCTION "product_counts_queue_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "product_counts";
    DELETE FROM "product_count_state";
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM "product_counts_enqueue"(ARRAY(SELECT n."id" FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "product_counts_enqueue"(ARRAY(SELECT o."id" FROM old_rows o));
  ELSE
    PERFORM "product_counts_enqueue"(ARRAY(
      SELECT n."id" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
      WHERE (o."is_published" OR n."is_published")
        AND (o."is_published", o."kind_id", o."country_code", o."production_area_id", o."winery_id", o."level_id", o."sugar_level", o."volume_ml")
          IS DISTINCT FROM (n."is_published", n."kind_id", n."country_code", n."production_area_id", n."winery_id", n."level_id", n."sugar_level", n."volume_ml")));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Wines whose grapes or featured flags were added or removed (a grape's percentage alone counts nowhere).
CREATE FUNCTION "product_counts_queue_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    IF TG_TABLE_NAME = 'product_grapes' THEN
      PERFORM "product_counts_enqueue"(ARRAY(SELECT s."product_id" FROM "product_count_state" s WHERE s."grape_ids" <> '{}'));
    ELSE
      PERFORM "product_counts_enqueue"(ARRAY(SELECT s."product_id" FROM "product_count_state" s WHERE s."featured_ids" <> '{}'));
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM "product_counts_enqueue"(ARRAY(SELECT DISTINCT n."product_id" FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "product_counts_enqueue"(ARRAY(SELECT DISTINCT o."product_id" FROM old_rows o));
  ELSIF TG_TABLE_NAME = 'product_grapes' THEN
    PERFORM "product_counts_enqueue"(ARRAY(SELECT DISTINCT x."product_id" FROM (
      (SELECT o."product_id", o."grape_type_id" FROM old_rows o EXCEPT SELECT n."product_id", n."grape_type_id" FROM new_rows n)
      UNION ALL
      (SELECT n."product_id", n."grape_type_id" FROM new_rows n EXCEPT SELECT o."product_id", o."grape_type_id" FROM old_rows o)) x));
  ELSE
    PERFORM "product_counts_enqueue"(ARRAY(SELECT DISTINCT x."product_id" FROM (
      (SELECT o."product_id", o."featured_id" FROM old_rows o EXCEPT SELECT n."product_id", n."featured_id" FROM new_rows n)
      UNION ALL
      (SELECT n."product_id", n."featured_id" FROM new_rows n EXCEPT SELECT o."product_id", o."featured_id" FROM old_rows o)) x));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- At commit: the transaction's queued wines, their state rows locked in id order (one flush at a time per wine; the
-- next statement's snapshot then sees the flush that held the lock), their current values compared with the state,
-- and the differences applied to the counts in key order. Rows that fall to zero stay (a lookup answers 0 either way).
CREATE FUNCTION "product_counts_flush"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids int[];
BEGIN
  WITH q AS (DELETE FROM "product_count_queue" WHERE "xid" = txid_current() RETURNING "product_id")
    SELECT array_agg(q."product_id" ORDER BY q."product_id") INTO ids FROM q WHERE q."product_id" <> 0;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM FROM "product_count_state" s WHERE s."product_id" = ANY (ids) ORDER BY s."product_id" FOR UPDATE;
  WITH cur AS (
    SELECT p."id", ROW(p."id", p."is_published", p."kind_id", p."country_code", p."production_area_id", p."winery_id",
        p."level_id", p."sugar_level", p."volume_ml",
        ARRAY(SELECT g."grape_type_id" FROM "product_grapes" g WHERE g."product_id" = p."id" ORDER BY 1),
        ARRAY(SELECT f."featured_id" FROM "product_featured" f WHERE f."product_id" = p."id" ORDER BY 1))::"product_count_state" AS st
    FROM "products" p WHERE p."id" = ANY (ids)
  ), was AS (
    SELECT s."product_id" AS "id", s AS st FROM "product_count_state" s WHERE s."product_id" = ANY (ids)
  ), ch AS (
    SELECT cur."id" AS new_id, was."id" AS old_id, cur.st AS new_st, was.st AS old_st
    FROM cur FULL JOIN was ON was."id" = cur."id"
    WHERE cur.st IS DISTINCT FROM was.st
  ), kept AS (
    INSERT INTO "product_count_state" SELECT (ch.new_st).* FROM ch WHERE ch.new_id IS NOT NULL
    ON CONFLICT ("product_id") DO UPDATE SET "is_published" = excluded."is_published", "kind_id" = excluded."kind_id",
      "country_code" = excluded."country_code", "production_area_id" = excluded."production_area_id",
      "winery_id" = excluded."winery_id", "level_id" = excluded."level_id", "sugar_level" = excluded."sugar_level",
      "volume_ml" = excluded."volume_ml", "grape_ids" = excluded."grape_ids", "featured_ids" = excluded."featured_ids"
  ), gone AS (
    DELETE FROM "product_count_state" s USING ch WHERE ch.new_id IS NULL AND s."product_id" = ch.old_id
  )
  INSERT INTO "product_counts" ("key", "products")
    SELECT x."key", sum(x.d) FROM (
      SELECT unnest("product_count_keys"(ch.new_st)) AS "key", 1 AS d FROM ch WHERE ch.new_id IS NOT NULL
      UNION ALL
      SELECT unnest("product_count_keys"(ch.old_st)), -1 FROM ch WHERE ch.old_id IS NOT NULL
    ) x GROUP BY x."key" HAVING sum(x.d) <> 0 ORDER BY x."key"
    ON CONFLICT ("key") DO UPDATE SET "products" = "product_counts"."products" + excluded."products";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_count_queue_flush" AFTER INSERT ON "product_count_queue" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW."product_id" = 0) EXECUTE FUNCTION "product_counts_flush"();--> statement-breakpoint
CREATE TRIGGER "products_counts_ins" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_queue_products"();--> statement-breakpoint
CREATE TRIGGER "products_counts_upd" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_queue_products"();--> statement-breakpoint
CREATE TRIGGER "products_counts_del" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_queue_products"();--> statement-breakpoint
CREATE TRIGGER "products_counts_trunc" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_queue_products"();--> statement-breakpoint
CREATE TRIGGER "product_grapes_counts_ins" AFTER INSERT ON "product_grapes" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_queue_links"();--> statement-breakpoint
CREATE TRIGGER "product_grapes_counts_upd" AFTER UPDATE ON "product_grapes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_queue_links"();--> statement-breakpoint
CREATE TRIGGER "product_grapes_counts_del" AFTER DELETE ON "product_grapes" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_queue_links"();--> statement-breakpoint
CREATE TRIGGER "product_grapes_counts_trunc" AFTER TRUNCATE ON "product_grapes"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_queue_links"();--> statement-breakpoint
CREATE TRIGGER "product_featured_counts_ins" AFTER INSERT ON "product_featured" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_queue_links"();--> statement-breakpoint
CREATE TRIGGER "product_featured_counts_upd" AFTER UPDATE ON "product_featured" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_queue_links"();--> statement-breakpoint
CREATE TRIGGER "product_featured_counts_del" AFTER DELETE ON "product_featured" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_queue_links"();--> statement-breakpoint
CREATE TRIGGER "product_featured_counts_trunc" AFTER TRUNCATE ON "product_featured"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_queue_links"();--> statement-breakpoint
INSERT INTO "product_count_state"
  SELECT p."id", p."is_published", p."kind_id", p."country_code", p."production_area_id", p."winery_id", p."level_id",
    p."sugar_level", p."volume_ml",
    ARRAY(SELECT g."grape_type_id" FROM "product_grapes" g WHERE g."product_id" = p."id" ORDER BY 1),
    ARRAY(SELECT f."featured_id" FROM "product_featured" f WHERE f."product_id" = p."id" ORDER BY 1)
  FROM "products" p;--> statement-breakpoint
INSERT INTO "product_counts" ("key", "products")
  SELECT k, count(*) FROM "product_count_state" s, unnest("product_count_keys"(s)) AS k WHERE s."is_published" GROUP BY k;
