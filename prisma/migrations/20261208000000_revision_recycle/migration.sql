-- A save's revision at 系统设置 revision_keep costs less (issue 22: a save may cost at most 10 % more than
-- without revisions; docs/BENCHMARKS.md → Revisions). Past revision_keep every save removed the item's
-- oldest revision and inserted the new one; now, when exactly one revision is beyond it (the steady
-- state of a much-edited item), the oldest revision's row is updated into the new one: the same rows
-- afterwards, one statement fewer (write-cost.mjs AT_KEEP: the revision +184 → +131 µs of backend CPU
-- per save on PostgreSQL). The texts only the removed revision used are deleted as before, and only
-- looked for when its hashes are not the item's own. A lowered revision_keep (several beyond it) and
-- every save below it take the former path. Otherwise as 20261207000000_lazy_revision_texts.
CREATE OR REPLACE FUNCTION cms_news_save_revision(
  item news, item_action TEXT, column_keys TEXT[], field_keys TEXT[], actor_id INTEGER, actor_name TEXT,
  settings_key TEXT, keep_default INTEGER)
RETURNS INTEGER
LANGUAGE plpgsql AS $$
DECLARE
  new_rev INTEGER;
  new_content TEXT := md5(item.content);
  new_fields TEXT := md5(item.fields::text);
  keep INTEGER;
  oldest INTEGER;
  pc TEXT;
  pf TEXT;
BEGIN
  SELECT COALESCE(max(r.rev), 0) + 1, min(r.rev) INTO new_rev, oldest FROM news_revision r WHERE r.news_id = item.id;
  -- An item's first revision is never beyond revision_keep (at least 1 when not 0).
  IF new_rev > 1 THEN
    SELECT COALESCE((
      SELECT CASE WHEN jsonb_typeof(s.value -> 'revision_keep') = 'number'
        THEN LEAST(GREATEST((s.value ->> 'revision_keep')::numeric, 0), 1000)::int END
      FROM system_setting s WHERE s.key = settings_key), keep_default) INTO keep;
    -- The usual case past revision_keep: exactly one revision is beyond it, the oldest. Its row becomes
    -- the new revision (one UPDATE instead of an INSERT and a DELETE), and the texts only it used go.
    IF keep > 0 AND oldest = new_rev - keep THEN
      UPDATE news_revision r SET rev = new_rev, action = item_action, user_id = actor_id, user_name = actor_name,
        created_at = CURRENT_TIMESTAMP,
        changed = CASE
          WHEN field_keys IS NULL THEN column_keys || ARRAY(SELECT k.key FROM jsonb_object_keys(item.fields) AS k(key) ORDER BY k.key)
          WHEN cardinality(field_keys) > 1 THEN column_keys || ARRAY(SELECT k.key FROM unnest(field_keys) AS k(key) ORDER BY k.key)
          ELSE column_keys || field_keys END,
        columns = jsonb_build_object('class_id', item.class_id, 'title', item.title,
          'short_title', item.short_title, 'intro', item.intro, 'hr_type', item.hr_type, 'old_class', item.old_class,
          'is_lock', item.is_lock, 'process', item.process, 'new_time', item.new_time, 'created_at', item.created_at,
          'updated_at', item.updated_at),
        content_hash = new_content, fields_hash = new_fields, class_id = item.class_id
        FROM news_revision o WHERE r.news_id = item.id AND r.rev = oldest AND o.news_id = item.id AND o.rev = oldest
        RETURNING o.content_hash, o.fields_hash INTO pc, pf;
      IF pc NOT IN (new_content, new_fields) OR pf NOT IN (new_content, new_fields) THEN
        DELETE FROM news_revision_text t
        WHERE t.news_id = item.id AND t.hash IN (pc, pf) AND t.hash NOT IN (new_content, new_fields)
          AND NOT EXISTS (
            SELECT 1 FROM news_revision r
            WHERE r.news_id = item.id AND r.rev > new_rev - keep AND t.hash IN (r.content_hash, r.fields_hash));
      END IF;
      RETURN new_rev;
    END IF;
    -- More than one beyond it (revision_keep was lowered): delete them all, then insert below.
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
