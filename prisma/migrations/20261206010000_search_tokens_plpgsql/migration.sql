-- The title search index's function (20261122030000_news_search) in PL/pgSQL, with the same answer
-- (the distinct "<scope>:<gram>" tokens, sorted as array_agg(DISTINCT …) sorts them, '{}' for an
-- empty title). As an SQL function that cannot be inlined (it aggregates), its query was parsed and
-- planned again each time a write evaluated it — every creation, every save that changes a title,
-- every move: a profile of a creation's statement on PostgreSQL put a fifth of the backend's time
-- there (docs/BENCHMARKS.md → Revisions). PL/pgSQL keeps the plan for the connection. The index
-- holds the same keys, so it stays as it is.
CREATE OR REPLACE FUNCTION cms_search_tokens(scope integer, body text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN ARRAY(
    SELECT DISTINCT scope::text || ':' || gram
    FROM (
      SELECT substr(lower(body), i, 1) AS gram FROM generate_series(1, char_length(body)) AS i
      UNION
      SELECT substr(lower(body), i, 2) FROM generate_series(1, char_length(body) - 1) AS i
    ) AS grams
    ORDER BY 1);
END $$;
