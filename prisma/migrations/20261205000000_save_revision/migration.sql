-- The revision of a save or a creation (save_news_info), written by the function that the change's own
-- statement calls (lib/revisions/save-revision.ts): what cms_news_revision_row (20261203000000_news_write_cost)
-- does, less what the app already knows (issue 22: a create or a save may cost at most 10 % more than
-- without revisions; docs/BENCHMARKS.md → Revisions). The app read the row it changes, so it passes the
-- changed keys (`column_keys`: base columns in REVISION_COLUMNS order, then 'content'; `field_keys`: the
-- dynamic fields, sorted here in the database's collation as cms_news_revision_row sorts them; NULL: every
-- key the item's fields hold, for a creation). Left here: the number (after the item's last, read with a
-- snapshot of its own after the statement took the row's lock, so two changes of one item never number
-- the same revision), the texts (content and fields by md5, each stored once per item: none when both are
-- the last revision's, else an INSERT that skips the one the item has), the pruning of revisions beyond
-- 系统设置 revision_keep with the texts no remaining revision uses (revision_keep read from the row
-- `settings_key` of system_setting as cms_news_revision_row reads it, only past an item's first revision),
-- and the revision's INSERT; it answers the revision's number. PL/pgSQL keeps its statements' plans per
-- connection, which matters on PGlite, where the app's statements are planned on every call. A plain
-- function that inserts costs less than a table function whose answer the statement inserts (RETURN
-- QUERY, then a second INSERT): 60–150 µs a save on PGlite. The statement calls it in a CTE that its
-- answer reads: a CTE without INSERT, UPDATE or DELETE of its own runs only when read.
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
