CREATE TABLE "product_search_gram_counts" (
	"gram" bigint PRIMARY KEY NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
-- Kept by statement triggers on products from the rows each statement changed (transition tables), so a bulk load
-- or refresh costs one aggregation per statement. An UPDATE counts only rows whose grams or published flag changed
-- (a wish count update touches no gram row). Grams are applied in gram order, so concurrent writers lock the count
-- rows in the same order and cannot deadlock. Rows that fall to zero stay (a lookup answers 0 either way).
-- Product ids never change, so an UPDATE pairs its old and new rows by id.
CREATE FUNCTION "product_search_gram_counts_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "product_search_gram_counts";
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "product_search_gram_counts" ("gram", "products")
      SELECT g, count(*) FROM new_rows n, unnest(n."search_grams") AS g WHERE n."is_published" GROUP BY g ORDER BY g
      ON CONFLICT ("gram") DO UPDATE SET "products" = "product_search_gram_counts"."products" + excluded."products";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "product_search_gram_counts" ("gram", "products")
      SELECT g, -count(*) FROM old_rows o, unnest(o."search_grams") AS g WHERE o."is_published" GROUP BY g ORDER BY g
      ON CONFLICT ("gram") DO UPDATE SET "products" = "product_search_gram_counts"."products" + excluded."products";
  ELSE
    INSERT INTO "product_search_gram_counts" ("gram", "products")
      WITH ch AS (
        SELECT o."is_published" AS old_pub, o."search_grams" AS old_grams, n."is_published" AS new_pub, n."search_grams" AS new_grams
        FROM old_rows o JOIN new_rows n ON n."id" = o."id"
        WHERE o."is_published" IS DISTINCT FROM n."is_published" OR o."search_grams" IS DISTINCT FROM n."search_grams"
      )
      SELECT g, sum(d) FROM (
        SELECT unnest(ch.new_grams) AS g, 1 AS d FROM ch WHERE ch.new_pub
        UNION ALL
        SELECT unnest(ch.old_grams), -1 FROM ch WHERE ch.old_pub
      ) AS x GROUP BY g HAVING sum(d) <> 0 ORDER BY g
      ON CONFLICT ("gram") DO UPDATE SET "products" = "product_search_gram_counts"."products" + excluded."products";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_search_gram_counts_ins" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_search_gram_counts_sync"();--> statement-breakpoint
CREATE TRIGGER "products_search_gram_counts_upd" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_search_gram_counts_sync"();--> statement-breakpoint
CREATE TRIGGER "products_search_gram_counts_del" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_search_gram_counts_sync"();--> statement-breakpoint
CREATE TRIGGER "products_search_gram_counts_trunc" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_search_gram_counts_sync"();--> statement-breakpoint
INSERT INTO "product_search_gram_counts" ("gram", "products")
  SELECT g, count(*) FROM "products" p, unnest(p."search_grams") AS g WHERE p."is_published" GROUP BY g;
