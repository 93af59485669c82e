-- 上传文件的引用：删除文件前要知道谁还在用它（lib/uploads/file-references.ts）。
-- An upload is referenced by its stored name `<32 hex>.<ext>` inside a URL (`…/yyyy/mm/<name>`),
-- wherever a URL can be kept: item text and field values (child rows included), process records,
-- single pages, settings, avatars. The 32 hex digits are random (128 bits), so they identify the
-- file alone. cms_upload_ids lists those ids in a text; the GIN indexes below hold, per row, only
-- the ids its text mentions, so "who uses this file" is one index probe, not a scan of every
-- item's HTML. Extra candidates (any 32 hex digits before a dot) are harmless: no file has them.
CREATE FUNCTION cms_upload_ids(body text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(array_agg(DISTINCT m[1]), '{}')
  FROM regexp_matches(body, '([0-9a-f]{32})\.[a-z0-9]', 'g') AS m
$$;

-- Every text an item holds: base columns and the dynamic fields (JSONB as text, so nested child
-- rows are included). The same expression is written in lib/uploads/file-references.ts.
CREATE INDEX "news_upload_ids_idx" ON "news" USING gin (
  cms_upload_ids("title" || ' ' || "short_title" || ' ' || "intro" || ' ' || "content" || ' ' || "fields"::text)
);

-- A process record's attachments (comma-joined URLs) and its remark.
CREATE INDEX "news_process_upload_ids_idx" ON "news_process" USING gin (
  cms_upload_ids("attachments" || ' ' || "remark")
);
