-- The revision of a save or a creation (save_news_info) written by the function itself, which answers
-- the revision's number: what cms_news_saved_revision_row (20261205000000) did, whose answer the
-- statement then inserted. A table function in the statement's FROM costs PostgreSQL ~0.2 ms a call
-- (its answer collected by RETURN QUERY, then the statement's own INSERT of it); a plain function whose
-- INSERT runs inside it comes to about what the revision's row alone costs (docs/BENCHMARKS.md →
-- Revisions; issue 22: a save may cost at most 10 % more than without revisions). The statement calls
-- it in a CTE that its answer reads (lib/revisions/save-revision.ts): a CTE without INSERT, UPDATE or
-- DELETE of its own runs only when read. Everything else is as before: the number after the item's
-- last revision, read with a snapshot of its own after the statement took the row's lock; the texts by
-- md5, each stored once per item; pruning beyond 系统设置 revision_keep, read only past an item's first
-- revision; the changed keys from the app (NULL field keys: every key the item's fields hold).
DROP FUNCTION cms_news_saved_revision_row(news, TEXT, TEXT[], TEXT[], INTEGER, TEXT, TEXT, INTEGER);

CREATE FUNCTION cms_news_save_revision(
  item news, item_action TEXT, column_keys TEXT[], field_keys TEXT[], actor_id INTEGER, actor_name TEXT,
  settings_key TEXT, keep_default INTEGER)
RETURNS INTEGER
LANGUAGE plpgsql AS $$
DECLARE
  new_rev INTEGER;
  new_content TEXT := md5(item.content);
  new_fields TEXT := md5(item.fields::text);
  previous RECORD;
  keep INTEGER;
BEGIN
  SELECT r.rev, r.content_hash, r.fields_hash INTO previous
    FROM news_revision r WHERE r.news_id = item.id ORDER BY r.rev DESC LIMIT 1;
  new_rev := COALESCE(previous.rev, 0) + 1;
  -- The last revision's texts are stored (retention never removes the newest's): a change that
  -- leaves both alone stores nothing; otherwise the INSERT skips the one the item has.
  IF new_content IS DISTINCT FROM previous.content_hash OR new_fields IS DISTINCT FROM previous.fields_hash THEN
    INSERT INTO news_revision_text (news_id, hash, body)
      VALUES (item.id, new_content, item.content), (item.id, new_fields, item.fields::text)
      ON CONFLICT DO NOTHING;
  END IF;
  -- An item's first revision is never beyond revision_keep (at least 1 when not 0).
  IF new_rev > 1 THEN
    SELECT COALESCE((
      SELECT CASE WHEN jsonb_typeof(s.value -> 'revision_keep') = 'number'
        THEN LEAST(GREATEST((s.value ->> 'revision_keep')::numeric, 0), 1000)::int END
      FROM system_setting s WHERE s.key = settings_key), keep_default) INTO keep;
    IF keep > 0 AND new_rev > keep THEN
      WITH pruned AS (
        DELETE FROM news_revision r WHERE r.news_id = item.id AND r.rev <= new_rev - keep
        RETURNING r.content_hash, r.fields_hash)
      DELETE FROM news_revision_text t
      WHERE t.news_id = item.id
        AND t.hash IN (SELECT p.content_hash FROM pruned p UNION SELECT p.fields_hash FROM pruned p)
        AND t.hash NOT IN (new_content, new_fields)
        AND NOT EXISTS (
          SELECT 1 FROM news_revision r
          WHERE r.news_id = item.id AND r.rev > new_rev - keep AND t.hash IN (r.content_hash, r.fields_hash));
    END IF;
  END IF;
  INSERT INTO news_revision (news_id, rev, action, user_id, user_name, changed, columns, content_hash, fields_hash, class_id)
  VALUES (item.id, new_rev, item_action, actor_id, actor_name,
    CASE WHEN field_keys IS NULL THEN column_keys || ARRAY(SELECT k.key FROM jsonb_object_keys(item.fields) AS k(key) ORDER BY k.key)
      WHEN cardinality(field_keys) > 1 THEN column_keys || ARRAY(SELECT k.key FROM unnest(field_keys) AS k(key) ORDER BY k.key)
      ELSE column_keys || field_keys END,
    jsonb_build_object('class_id', item.class_id, 'title', item.title,
    'short_title', item.short_title, 'intro', item.intro, 'hr_type', item.hr_type, 'old_class', item.old_class,
    'is_lock', item.is_lock, 'process', item.process, 'new_time', item.new_time, 'created_at', item.created_at,
    'updated_at', item.updated_at), new_content, new_fields, item.class_id);
  RETURN new_rev;
END $$;
