-- Catalogue reference data the product needs to work without demo data: wine kinds (with their chip colour),
-- portfolio levels and featured flags, in the five interface languages. The demo seed adds only what is missing.
INSERT INTO "wine_kinds" ("code", "name", "color", "sort_order") VALUES
  ('RED','{"ko-KR":"레드","en-US":"Red","zh-CN":"红葡萄酒","zh-TW":"紅葡萄酒","ja-JP":"赤ワイン"}','#7b1e3a',10),
  ('WHITE','{"ko-KR":"화이트","en-US":"White","zh-CN":"白葡萄酒","zh-TW":"白葡萄酒","ja-JP":"白ワイン"}','#c9a94b',20),
  ('SPARKLING','{"ko-KR":"스파클링","en-US":"Sparkling","zh-CN":"起泡酒","zh-TW":"氣泡酒","ja-JP":"スパークリングワイン"}','#a8923a',30),
  ('ROSE','{"ko-KR":"로제","en-US":"Rosé","zh-CN":"桃红葡萄酒","zh-TW":"粉紅葡萄酒","ja-JP":"ロゼワイン"}','#d9778f',40),
  ('DESSERT','{"ko-KR":"디저트","en-US":"Dessert","zh-CN":"甜酒","zh-TW":"甜酒","ja-JP":"デザートワイン"}','#c7821c',50),
  ('FORTIFIED','{"ko-KR":"주정강화","en-US":"Fortified","zh-CN":"加强型葡萄酒","zh-TW":"加烈葡萄酒","ja-JP":"酒精強化ワイン"}','#5b2a1c',60)
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
INSERT INTO "wine_levels" ("code", "name", "sort_order") VALUES
  ('ICON','{"ko-KR":"아이콘","en-US":"Icon","zh-CN":"标志级","zh-TW":"標誌級","ja-JP":"アイコン"}',10),
  ('PREMIUM','{"ko-KR":"프리미엄","en-US":"Premium","zh-CN":"高端","zh-TW":"高端","ja-JP":"プレミアム"}',20),
  ('CLASSIC','{"ko-KR":"클래식","en-US":"Classic","zh-CN":"经典","zh-TW":"經典","ja-JP":"クラシック"}',30),
  ('DAILY','{"ko-KR":"데일리","en-US":"Daily","zh-CN":"日常","zh-TW":"日常","ja-JP":"デイリー"}',40)
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
INSERT INTO "wine_featured" ("code", "name", "sort_order") VALUES
  ('NEW','{"ko-KR":"신상품","en-US":"New arrival","zh-CN":"新品","zh-TW":"新品","ja-JP":"新入荷"}',10),
  ('BEST','{"ko-KR":"베스트","en-US":"Best seller","zh-CN":"畅销","zh-TW":"暢銷","ja-JP":"ベストセラー"}',20),
  ('SOMMELIER_PICK','{"ko-KR":"소믈리에 추천","en-US":"Sommelier''s pick","zh-CN":"侍酒师推荐","zh-TW":"侍酒師推薦","ja-JP":"ソムリエのおすすめ"}',30),
  ('LIMITED','{"ko-KR":"한정 수량","en-US":"Limited","zh-CN":"限量","zh-TW":"限量","ja-JP":"限定品"}',40),
  ('ORGANIC','{"ko-KR":"유기농","en-US":"Organic","zh-CN":"有机","zh-TW":"有機","ja-JP":"オーガニック"}',50)
ON CONFLICT ("code") DO NOTHING;
