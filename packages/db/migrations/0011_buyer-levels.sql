CREATE TABLE "buyer_levels" (
	"code" varchar(30) PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"rank" smallint NOT NULL,
	"discount_bp" integer DEFAULT 0 NOT NULL,
	"min_monthly_paid" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "buyer_levels_discount_ck" CHECK ("buyer_levels"."discount_bp" between 0 and 5000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_levels_rank_uq" ON "buyer_levels" USING btree ("rank");--> statement-breakpoint
-- The levels the product needs (reference data, also without demo data): 일반 / 실버 / 골드 / VIP.
INSERT INTO "buyer_levels" ("code", "name", "rank", "discount_bp", "min_monthly_paid") VALUES
  ('GENERAL','{"ko-KR":"일반","en-US":"General","zh-CN":"普通","zh-TW":"一般","ja-JP":"一般"}',1,0,0),
  ('SILVER','{"ko-KR":"실버","en-US":"Silver","zh-CN":"白银","zh-TW":"白銀","ja-JP":"シルバー"}',2,300,3000000),
  ('GOLD','{"ko-KR":"골드","en-US":"Gold","zh-CN":"黄金","zh-TW":"黃金","ja-JP":"ゴールド"}',3,500,10000000),
  ('VIP','{"ko-KR":"VIP","en-US":"VIP","zh-CN":"VIP","zh-TW":"VIP","ja-JP":"VIP"}',4,800,30000000)
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "buyer_level" varchar(30);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_buyer_level_buyer_levels_code_fk" FOREIGN KEY ("buyer_level") REFERENCES "public"."buyer_levels"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every approved buyer has a level: those approved before levels existed start at the entry level.
UPDATE "users" SET "buyer_level" = 'GENERAL' WHERE "status" = 'APPROVED' AND "role" IN ('BUYER', 'ADMIN') AND "buyer_level" IS NULL;--> statement-breakpoint
DELETE FROM "vintage_level_prices" WHERE "buyer_level" NOT IN (SELECT "code" FROM "buyer_levels");--> statement-breakpoint
ALTER TABLE "vintage_level_prices" ADD CONSTRAINT "vintage_level_prices_buyer_level_buyer_levels_code_fk" FOREIGN KEY ("buyer_level") REFERENCES "public"."buyer_levels"("code") ON DELETE cascade ON UPDATE no action;
