-- Substring search on titles that works for Chinese regardless of the database locale:
-- pg_trgm ignores characters the locale does not class as letters and needs 3-character
-- patterns, so titles are indexed by their 1- and 2-character grams instead, scoped by category
-- ("<class_id>:<gram>"), so a search within one category reads only that category's postings.
-- A query matches rows whose tokens contain all of the query's tokens; ILIKE then rechecks.
CREATE FUNCTION cms_search_tokens(scope integer, body text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(array_agg(DISTINCT scope::text || ':' || gram), '{}')
  FROM (
    SELECT substr(lower(body), i, 1) AS gram FROM generate_series(1, char_length(body)) AS i
    UNION
    SELECT substr(lower(body), i, 2) FROM generate_series(1, char_length(body) - 1) AS i
  ) AS grams
$$;

CREATE INDEX "news_title_search_idx" ON "news" USING gin (cms_search_tokens("class_id", "title"));
