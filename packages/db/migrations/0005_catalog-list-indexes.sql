DROP INDEX "products_search_grams_idx";--> statement-breakpoint
CREATE INDEX "products_popular_idx" ON "products" USING btree ("wish_count","id");--> statement-breakpoint
CREATE INDEX "products_name_ko_idx" ON "products" USING btree ("name_ko","id");--> statement-breakpoint
CREATE INDEX "products_name_original_idx" ON "products" USING btree (lower("name_original"),"id");--> statement-breakpoint
CREATE INDEX "products_filter_idx" ON "products" USING btree ("kind_id","country_code","production_area_id","winery_id","level_id","sugar_level","volume_ml","alcohol","price_min","score_max","is_vip","id") WHERE "products"."is_published";--> statement-breakpoint
CREATE INDEX "products_search_grams_idx" ON "products" USING gin ("search_grams") WHERE "products"."is_published";