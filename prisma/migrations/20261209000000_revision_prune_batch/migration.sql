-- 超出保留数的历史版本：写新版本时立即不可见，每 8 个版本才真正删除一次 (issue 22: a save may cost at
-- most 10 % more than without revisions; docs/BENCHMARKS.md → Revisions). A save of an item at 系统设置
-- revision_keep deleted its oldest revision (and the texts only it used) on every save: one DELETE
-- of one row each time, about half of the revision's cost at keep (bench/write-cost.mjs, AT_KEEP).
-- Now each revision records `pruned_to`: the item's revisions numbered up to it count as removed
-- from the moment it is written (every reader — the list and its total, one revision, a diff, a
-- revert, the 首页's latest changes — takes only those above the newest revision's pruned_to:
-- lib/revisions/kept-revisions.ts). The rows themselves are deleted, with the texts only they used,
-- when the item's revision number is a multiple of 8: one DELETE of up to 8 rows in place of 8 — or
-- at once when more than one is removed (revision_keep lowered), so no more than 7 ever wait.
-- pruned_to never goes back: raising revision_keep or setting it to 0 does not bring a removed
-- revision back, as before. The newest revision is never removed (pruned_to < its rev, keep ≥ 1).
-- Between two deletions an item holds at most 7 removed rows; like every reader, the check of a
-- file's uses (lib/uploads/file-references.ts) no longer counts them.
ALTER TABLE "news_revision" ADD COLUMN "pruned_to" INTEGER NOT NULL DEFAULT 0;

-- The rule, in one place for the three writers (the two functions below and the import's set-based
-- batchRevisionCtes in lib/revisions/record-revision.ts); plain SQL expressions, inlined where used.
-- A new revision's pruned_to: beyond revision_keep (`keep` > 0) the revisions up to new_rev - keep,
-- never fewer than its last revision's; with keep 0 the last one's.
CREATE FUNCTION cms_revision_pruned_to(last_pruned_to INTEGER, new_rev INTEGER, keep INTEGER)
RETURNS INTEGER LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN keep > 0 THEN GREATEST(last_pruned_to, new_rev - keep) ELSE last_pruned_to END
$$;
-- Whether writing revision new_rev deletes the rows removed: at a multiple of 8, or when it removes
-- more than one.
CREATE FUNCTION cms_revision_delete_due(last_pruned_to INTEGER, new_pruned_to INTEGER, new_rev INTEGER)
RETURNS BOOLEAN LANGUAGE sql IMMUTABLE AS $$
  SELECT new_pruned_to > 0 AND (new_rev % 8 = 0 OR new_pruned_to > last_pruned_to + 1)
$$;

-- Deletes the rows of an item's revisions numbered up to removed_to, and the texts only they used
-- (not the new revision's, which its statement has not inserted yet when it is the writer's).
CREATE FUNCTION cms_news_delete_removed_revisions(
  item_id INTEGER, removed_to INTEGER, new_content TEXT, new_fields TEXT)
RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
  WITH pruned AS (
    DELETE FROM news_revision r WHERE r.news_id = item_id AND r.rev <= removed_to
    RETURNING r.content_hash, r.fields_hash)
  DELETE FROM news_revision_text t
  WHERE t.news_id = item_id
    AND t.hash IN (SELECT p.content_hash FROM pruned p UNION SELECT p.fields_hash FROM pruned p)
    AND t.hash NOT IN (new_content, new_fields)
    AND NOT EXISTS (
      SELECT 1 FROM news_revision r
      WHERE r.news_id = item_id AND r.rev > removed_to AND t.hash IN (r.content_hash, r.fields_hash));
END $$;

-- A save's and a creation's revision (20261207000000_lazy_revision_texts), removing as above.
CREATE OR REPLACE FUNCTION cms_news_save_revision(
  item news, item_action TEXT, column_keys TEXT[], field_keys TEXT[], actor_id INTEGER, actor_name TEXT,
  settings_key TEXT, keep_default INTEGER)
RETURNS INTEGER
LANGUAGE plpgsql AS $$
DECLARE
  new_rev INTEGER;
  last_removed_to INTEGER;
  removed_to INTEGER;
  new_content TEXT := md5(item.content);
  new_fields TEXT := md5(item.fields::text);
  keep INTEGER;
BEGIN
  SELECT r.rev + 1, r.pruned_to INTO new_rev, last_removed_to
    FROM news_revision r WHERE r.news_id = item.id ORDER BY r.rev DESC LIMIT 1;
  new_rev := COALESCE(new_rev, 1);
  last_removed_to := COALESCE(last_removed_to, 0);
  removed_to := last_removed_to;
  -- An item's first revision is never beyond revision_keep (at least 1 when not 0).
  IF new_rev > 1 THEN
    SELECT COALESCE((
      SELECT CASE WHEN jsonb_typeof(s.value -> 'revision_keep') = 'number'
        THEN LEAST(GREATEST((s.value ->> 'revision_keep')::numeric, 0), 1000)::int END
      FROM system_setting s WHERE s.key = settings_key), keep_default) INTO keep;
    removed_to := cms_revision_pruned_to(last_removed_to, new_rev, keep);
    IF cms_revision_delete_due(last_removed_to, removed_to, new_rev) THEN
      PERFORM cms_news_delete_removed_revisions(item.id, removed_to, new_content, new_fields);
    END IF;
  END IF;
  INSERT INTO news_revision (news_id, rev, action, user_id, user_name, changed, columns, content_hash, fields_hash, class_id, pruned_to)
  VALUES (item.id, new_rev, item_action, actor_id, actor_name,
    CASE WHEN field_keys IS NULL THEN column_keys || ARRAY(SELECT k.key FROM jsonb_object_keys(item.fields) AS k(key) ORDER BY k.key)
      WHEN cardinality(field_keys) > 1 THEN column_keys || ARRAY(SELECT k.key FROM unnest(field_keys) AS k(key) ORDER BY k.key)
      ELSE column_keys || field_keys END,
    jsonb_build_object('class_id', item.class_id, 'title', item.title,
    'short_title', item.short_title, 'intro', item.intro, 'hr_type', item.hr_type, 'old_class', item.old_class,
    'is_lock', item.is_lock, 'process', item.process, 'new_time', item.new_time, 'created_at', item.created_at,
    'updated_at', item.updated_at), new_content, new_fields, item.class_id, removed_to);
  RETURN new_rev;
END $$;

-- The revision of every other change (20261207000000_lazy_revision_texts), removing as above; it
-- answers the row's pruned_to too (recordRevisions inserts the row), so its type changes.
DROP FUNCTION cms_news_revision_row(news, TEXT, INTEGER, TEXT, TEXT, INTEGER);
CREATE FUNCTION cms_news_revision_row(
  item news, item_action TEXT, actor_id INTEGER, actor_name TEXT, settings_key TEXT, keep_default INTEGER)
RETURNS TABLE (
  row_news_id INTEGER, row_rev INTEGER, row_action TEXT, row_user_id INTEGER, row_user_name TEXT,
  row_changed TEXT[], row_columns JSONB, row_content_hash TEXT, row_fields_hash TEXT, row_class_id INTEGER,
  row_pruned_to INTEGER)
LANGUAGE plpgsql AS $$
DECLARE
  item_columns JSONB := jsonb_build_object('class_id', item.class_id, 'title', item.title,
    'short_title', item.short_title, 'intro', item.intro, 'hr_type', item.hr_type, 'old_class', item.old_class,
    'is_lock', item.is_lock, 'process', item.process, 'new_time', item.new_time, 'created_at', item.created_at,
    'updated_at', item.updated_at);
  new_rev INTEGER;
  removed_to INTEGER;
  new_content TEXT := md5(item.content);
  new_fields TEXT := md5(item.fields::text);
  keys TEXT[];
  content_new BOOLEAN;
  fields_new BOOLEAN;
  previous RECORD;
  previous_fields JSONB;
  keep INTEGER;
BEGIN
  SELECT r.rev, r.columns, r.content_hash, r.fields_hash, r.pruned_to INTO previous
    FROM news_revision r WHERE r.news_id = item.id ORDER BY r.rev DESC LIMIT 1;
  new_rev := COALESCE(previous.rev, 0) + 1;
  removed_to := COALESCE(previous.pruned_to, 0);
  -- One plain expression, not a query and not a loop: PL/pgSQL evaluates it without the executor.
  keys := array_remove(ARRAY[
    CASE WHEN item_columns -> 'class_id' IS DISTINCT FROM previous.columns -> 'class_id' THEN 'class_id' END,
    CASE WHEN item_columns -> 'title' IS DISTINCT FROM previous.columns -> 'title' THEN 'title' END,
    CASE WHEN item_columns -> 'short_title' IS DISTINCT FROM previous.columns -> 'short_title' THEN 'short_title' END,
    CASE WHEN item_columns -> 'intro' IS DISTINCT FROM previous.columns -> 'intro' THEN 'intro' END,
    CASE WHEN item_columns -> 'hr_type' IS DISTINCT FROM previous.columns -> 'hr_type' THEN 'hr_type' END,
    CASE WHEN item_columns -> 'old_class' IS DISTINCT FROM previous.columns -> 'old_class' THEN 'old_class' END,
    CASE WHEN item_columns -> 'is_lock' IS DISTINCT FROM previous.columns -> 'is_lock' THEN 'is_lock' END,
    CASE WHEN item_columns -> 'process' IS DISTINCT FROM previous.columns -> 'process' THEN 'process' END,
    CASE WHEN item_columns -> 'new_time' IS DISTINCT FROM previous.columns -> 'new_time' THEN 'new_time' END
  ]::text[], NULL);
  content_new := new_content IS DISTINCT FROM previous.content_hash;
  fields_new := new_fields IS DISTINCT FROM previous.fields_hash;
  IF content_new THEN
    keys := keys || 'content'::text;
  END IF;
  IF fields_new THEN
    IF previous.fields_hash IS NOT NULL THEN
      SELECT t.body::jsonb INTO previous_fields
        FROM news_revision_text t WHERE t.news_id = item.id AND t.hash = previous.fields_hash;
    END IF;
    keys := keys || ARRAY(
      SELECT k.key FROM (
        SELECT jsonb_object_keys(item.fields) UNION SELECT jsonb_object_keys(COALESCE(previous_fields, '{}'::jsonb))
      ) AS k(key)
      WHERE (item.fields -> k.key) IS DISTINCT FROM (previous_fields -> k.key) ORDER BY k.key);
  END IF;
  -- An item's first revision is never beyond revision_keep (at least 1 when not 0).
  IF new_rev > 1 THEN
    SELECT COALESCE((
      SELECT CASE WHEN jsonb_typeof(s.value -> 'revision_keep') = 'number'
        THEN LEAST(GREATEST((s.value ->> 'revision_keep')::numeric, 0), 1000)::int END
      FROM system_setting s WHERE s.key = settings_key), keep_default) INTO keep;
    removed_to := cms_revision_pruned_to(COALESCE(previous.pruned_to, 0), new_rev, keep);
    IF cms_revision_delete_due(COALESCE(previous.pruned_to, 0), removed_to, new_rev) THEN
      PERFORM cms_news_delete_removed_revisions(item.id, removed_to, new_content, new_fields);
    END IF;
  END IF;
  row_news_id := item.id;
  row_rev := new_rev;
  row_action := item_action;
  row_user_id := actor_id;
  row_user_name := actor_name;
  row_changed := keys;
  row_columns := item_columns;
  row_content_hash := new_content;
  row_fields_hash := new_fields;
  row_class_id := item.class_id;
  row_pruned_to := removed_to;
  RETURN NEXT;
END $$;
