-- Search grams gain trigrams (see trigramCode in packages/contracts/src/search.ts): a three-character query is then
-- proved by its one trigram, without LIKE. Rows written before this migration get the trigrams of their stored
-- search_text added here; the code is 2^52 + a * 2^34 + b * 2^17 + c over the code points of three neighbouring
-- characters within one '|'-separated part, for characters below U+20000 (ascii() is the code point in UTF-8).
UPDATE "products" AS t SET "search_grams" = (
  SELECT coalesce(array_agg(g ORDER BY g), '{}') FROM (
    SELECT unnest(t."search_grams") AS g
    UNION
    SELECT 4503599627370496 + ascii(substr(part, i, 1))::bigint * 17179869184 + ascii(substr(part, i + 1, 1))::bigint * 131072
      + ascii(substr(part, i + 2, 1))
    FROM unnest(string_to_array(t."search_text", '|')) AS part, generate_series(1, char_length(part) - 2) AS i
    WHERE ascii(substr(part, i, 1)) < 131072 AND ascii(substr(part, i + 1, 1)) < 131072 AND ascii(substr(part, i + 2, 1)) < 131072
  ) AS s
) WHERE t."search_text" <> '';--> statement-breakpoint
UPDATE "wineries" AS t SET "search_grams" = (
  SELECT coalesce(array_agg(g ORDER BY g), '{}') FROM (
    SELECT unnest(t."search_grams") AS g
    UNION
    SELECT 4503599627370496 + ascii(substr(part, i, 1))::bigint * 17179869184 + ascii(substr(part, i + 1, 1))::bigint * 131072
      + ascii(substr(part, i + 2, 1))
    FROM unnest(string_to_array(t."search_text", '|')) AS part, generate_series(1, char_length(part) - 2) AS i
    WHERE ascii(substr(part, i, 1)) < 131072 AND ascii(substr(part, i + 1, 1)) < 131072 AND ascii(substr(part, i + 2, 1)) < 131072
  ) AS s
) WHERE t."search_text" <> '';
