-- 历史版本的写入（lib/revisions/record-revision.ts）：一条内容的一次修改，算出其修订号与变动的键，
-- 保存正文与字段（按 md5，每条内容一份），并按 revision_keep 删除最旧的修订。
--
-- One call per item, from the statement (or transaction) that changed it, with the item as it is
-- after the change; the caller inserts the answered row into news_revision in that statement. In
-- a function, its statements are planned once per connection: spelled out in the change's own
-- statement they were planned on every call, which cost PGlite (it prepares no statement) about
-- 3 ms per create or save, twice the save itself (docs/BENCHMARKS.md → Revisions).
--
-- `changed`: the keys of `compared` whose value in `item_columns` differs from the last revision's,
-- then 'content' if the content differs, then the dynamic field keys whose value differs (sorted).
-- The last revision is read after the caller's change took the item's row lock, with a snapshot of
-- its own, so two changes of one item never number the same revision.
-- `keep` (系统设置 revision_keep, 0 = all): the revisions beyond the newest `keep` (the new one
-- counted) are deleted, with the texts no other remaining revision uses.
CREATE FUNCTION cms_news_revision(
  item_id INTEGER, item_columns JSONB, item_content TEXT, item_fields JSONB, compared TEXT[], keep INTEGER)
RETURNS TABLE (rev INTEGER, changed TEXT[], content_hash TEXT, fields_hash TEXT)
LANGUAGE plpgsql AS $$
DECLARE
  -- Apart from the answer's names, which are also news_revision's columns.
  new_rev INTEGER;
  new_content TEXT := md5(item_content);
  new_fields TEXT := md5(item_fields::text);
  keys TEXT[] := '{}';
  column_key TEXT;
  previous RECORD;
  previous_fields JSONB;
BEGIN
  SELECT r.rev, r.columns, r.content_hash, r.fields_hash INTO previous
    FROM news_revision r WHERE r.news_id = item_id ORDER BY r.rev DESC LIMIT 1;
  new_rev := COALESCE(previous.rev, 0) + 1;
  -- Plain expressions, not a query: PL/pgSQL evaluates them without starting the executor.
  FOREACH column_key IN ARRAY compared LOOP
    IF (item_columns -> column_key) IS DISTINCT FROM (previous.columns -> column_key) THEN
      keys := keys || column_key;
    END IF;
  END LOOP;
  -- A text the last revision has is stored already (retention never removes the newest's).
  IF new_content IS DISTINCT FROM previous.content_hash THEN
    keys := keys || 'content'::text;
    INSERT INTO news_revision_text (news_id, hash, body) VALUES (item_id, new_content, item_content)
      ON CONFLICT DO NOTHING;
  END IF;
  IF new_fields IS DISTINCT FROM previous.fields_hash THEN
    IF previous.fields_hash IS NOT NULL THEN
      SELECT t.body::jsonb INTO previous_fields
        FROM news_revision_text t WHERE t.news_id = item_id AND t.hash = previous.fields_hash;
    END IF;
    keys := keys || ARRAY(
      SELECT k.key FROM (
        SELECT jsonb_object_keys(item_fields) UNION SELECT jsonb_object_keys(COALESCE(previous_fields, '{}'::jsonb))
      ) AS k(key)
      WHERE (item_fields -> k.key) IS DISTINCT FROM (previous_fields -> k.key) ORDER BY k.key);
    INSERT INTO news_revision_text (news_id, hash, body) VALUES (item_id, new_fields, item_fields::text)
      ON CONFLICT DO NOTHING;
  END IF;
  IF keep > 0 AND new_rev > keep THEN
    WITH pruned AS (
      DELETE FROM news_revision r WHERE r.news_id = item_id AND r.rev <= new_rev - keep
      RETURNING r.content_hash, r.fields_hash)
    DELETE FROM news_revision_text t
    WHERE t.news_id = item_id
      AND t.hash IN (SELECT p.content_hash FROM pruned p UNION SELECT p.fields_hash FROM pruned p)
      AND t.hash NOT IN (new_content, new_fields)
      AND NOT EXISTS (
        SELECT 1 FROM news_revision r
        WHERE r.news_id = item_id AND r.rev > new_rev - keep AND t.hash IN (r.content_hash, r.fields_hash));
  END IF;
  rev := new_rev;
  changed := keys;
  content_hash := new_content;
  fields_hash := new_fields;
  RETURN NEXT;
END $$;
