-- 上传引用索引只收录提到上传文件的行（lib/uploads/file-references.ts）。
-- The GIN indexes of upload ids (20261127090000_upload_references, 20261128000000_revisions_recycle,
-- 20261128010000_class_info_revisions) held an entry for every row, an empty one for a row whose
-- text names no upload — most items, most revisions. Each write paid for cms_upload_ids (an SQL
-- function around regexp_matches) and a GIN insert for nothing. Now a row is indexed only when its
-- text matches the pattern of a stored name (a plain regular expression, evaluated in C); a row
-- without one costs that match and nothing else. A lookup must say the same (its @> finds no
-- row without ids anyway), so the planner may use the index: file-references.ts adds the clause.
-- The same answer (the distinct ids, sorted) in PL/pgSQL: an SQL function that cannot be inlined (it
-- aggregates) had its query planned again by every statement that evaluated it — each write of a row
-- that mentions an upload planned it once per index; PL/pgSQL keeps the plan for the connection.
CREATE OR REPLACE FUNCTION cms_upload_ids(body text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN ARRAY(SELECT DISTINCT m[1] FROM regexp_matches(body, '([0-9a-f]{32})\.[a-z0-9]', 'g') AS m ORDER BY 1);
END $$;

DROP INDEX "news_upload_ids_idx";
CREATE INDEX "news_upload_ids_idx" ON "news" USING gin (
  cms_upload_ids("title" || ' ' || "short_title" || ' ' || "intro" || ' ' || "content" || ' ' || "fields"::text)
) WHERE ("title" || ' ' || "short_title" || ' ' || "intro" || ' ' || "content" || ' ' || "fields"::text) ~ '[0-9a-f]{32}\.[a-z0-9]';

DROP INDEX "news_process_upload_ids_idx";
CREATE INDEX "news_process_upload_ids_idx" ON "news_process" USING gin (
  cms_upload_ids("attachments" || ' ' || "remark")
) WHERE ("attachments" || ' ' || "remark") ~ '[0-9a-f]{32}\.[a-z0-9]';

DROP INDEX "news_trash_upload_ids_idx";
CREATE INDEX "news_trash_upload_ids_idx" ON "news_trash" USING gin (
  cms_upload_ids("item"::text || ' ' || "records"::text)
) WHERE ("item"::text || ' ' || "records"::text) ~ '[0-9a-f]{32}\.[a-z0-9]';

DROP INDEX "news_revision_text_upload_ids_idx";
CREATE INDEX "news_revision_text_upload_ids_idx" ON "news_revision_text" USING gin (cms_upload_ids("body"))
  WHERE "body" ~ '[0-9a-f]{32}\.[a-z0-9]';

DROP INDEX "news_revision_upload_ids_idx";
CREATE INDEX "news_revision_upload_ids_idx" ON "news_revision" USING gin (cms_upload_ids("columns"::text))
  WHERE "columns"::text ~ '[0-9a-f]{32}\.[a-z0-9]';

DROP INDEX "class_info_revision_upload_ids_idx";
CREATE INDEX "class_info_revision_upload_ids_idx" ON "class_info_revision" USING gin (cms_upload_ids("fields"::text))
  WHERE "fields"::text ~ '[0-9a-f]{32}\.[a-z0-9]';
