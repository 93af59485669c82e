-- 历史版本的正文按需保存 (issue 22: a create or a save may cost at most 10 % more than without
-- revisions; docs/BENCHMARKS.md → Revisions). A revision's content and fields were stored by md5
-- (news_revision_text) when the revision was written, so a creation wrote its item's two texts
-- twice (the row and the history). Now a text is stored when it leaves the item: the newest
-- revision's texts are the item's own (every change of content or fields writes a revision of the
-- state after it), so they are read from news until a change replaces them. The triggers
-- below store the departing content and fields of an UPDATE that changes them and of a DELETE (to
-- the 回收站), when one of the item's last two revisions uses them (the newest, or the one before
-- when the change's own revision is written first; a text that only a pruned revision used is not
-- kept). They are news' statement-level AFTER triggers of 20261203000000_news_write_cost, which see
-- every changed row's old and new values already (transition tables); a row-level trigger made every
-- UPDATE of news fetch the old row to test its WHEN. Fields are compared as the text their md5 is
-- taken of (jsonb equality holds 10.00 and 10 equal, their texts differ). Readers (lib/revisions/load-revision.ts, the
-- import's batch writer) take a missing text from the item's row when its md5 is the revision's.
-- The writers below stop storing the new texts; their retention is unchanged. Texts stored before this migration stay (a revision may have both).
CREATE OR REPLACE FUNCTION cms_news_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  one RECORD;
BEGIN
  SELECT count(*) AS n, min(o.class_id) AS old_class, min(n.class_id) AS new_class,
         max(CASE WHEN o.new_time <> n.new_time THEN 1 ELSE 0 END) AS reordered,
         bool_or(date_trunc('hour', o.updated_at, 'UTC') IS DISTINCT FROM date_trunc('hour', n.updated_at, 'UTC')
           OR o.process IS DISTINCT FROM n.process) AS bucket_moved,
         bool_or(o.content IS DISTINCT FROM n.content OR o.fields::text IS DISTINCT FROM n.fields::text) AS texts_left
    INTO one FROM cms_old_rows o JOIN cms_new_rows n ON n.id = o.id;
  IF one.n = 0 THEN
    RETURN NULL;
  END IF;
  IF one.texts_left THEN
    INSERT INTO news_revision_text (news_id, hash, body)
      SELECT o.id, v.hash, v.body
        FROM cms_old_rows o JOIN cms_new_rows n ON n.id = o.id,
        LATERAL (VALUES
          (md5(o.content), o.content, o.content IS DISTINCT FROM n.content),
          (md5(o.fields::text), o.fields::text, o.fields::text IS DISTINCT FROM n.fields::text)
        ) AS v(hash, body, departs)
       WHERE v.departs AND EXISTS (
         SELECT 1 FROM (
           SELECT r.content_hash, r.fields_hash FROM news_revision r
            WHERE r.news_id = o.id ORDER BY r.rev DESC LIMIT 2) AS l
          WHERE v.hash IN (l.content_hash, l.fields_hash))
      ON CONFLICT DO NOTHING;
  END IF;
  IF one.n = 1 AND one.old_class = one.new_class AND NOT one.bucket_moved THEN
    INSERT INTO news_class_stat (class_id, total, version, data_version) VALUES (one.new_class, 0, one.reordered, 1)
    ON CONFLICT (class_id) DO UPDATE SET total = news_class_stat.total + EXCLUDED.total,
      version = news_class_stat.version + EXCLUDED.version, data_version = news_class_stat.data_version + 1;
    RETURN NULL;
  END IF;
  INSERT INTO news_class_stat (class_id, total, version, data_version)
    SELECT class_id, sum(delta), max(reordered), 1
      FROM (
        SELECT o.class_id,
               CASE WHEN o.class_id <> n.class_id THEN -1 ELSE 0 END AS delta,
               CASE WHEN o.class_id <> n.class_id OR o.new_time <> n.new_time THEN 1 ELSE 0 END AS reordered
          FROM cms_old_rows o JOIN cms_new_rows n ON n.id = o.id
        UNION ALL
        SELECT n.class_id, 1, 1
          FROM cms_old_rows o JOIN cms_new_rows n ON n.id = o.id
         WHERE o.class_id <> n.class_id
      ) changes
     GROUP BY class_id ORDER BY class_id
  ON CONFLICT (class_id) DO UPDATE SET total = news_class_stat.total + EXCLUDED.total,
    version = news_class_stat.version + EXCLUDED.version, data_version = news_class_stat.data_version + 1;
  INSERT INTO news_class_hour (class_id, hour, items)
    SELECT class_id, hour, sum(delta) FROM (
      SELECT o.class_id, date_trunc('hour', o.updated_at, 'UTC') AS hour, -1 AS delta, n.class_id AS n_class,
             date_trunc('hour', n.updated_at, 'UTC') AS n_hour
        FROM cms_old_rows o JOIN cms_new_rows n ON n.id = o.id
      UNION ALL
      SELECT n.class_id, date_trunc('hour', n.updated_at, 'UTC'), 1, o.class_id, date_trunc('hour', o.updated_at, 'UTC')
        FROM cms_old_rows o JOIN cms_new_rows n ON n.id = o.id
    ) moved
     WHERE (class_id, hour) IS DISTINCT FROM (n_class, n_hour)
     GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
  ON CONFLICT (class_id, hour) DO UPDATE SET items = news_class_hour.items + EXCLUDED.items;
  INSERT INTO news_class_step (class_id, process, items)
    SELECT class_id, process, sum(delta) FROM (
      SELECT o.class_id, o.process, -1 AS delta, n.class_id AS n_class, n.process AS n_process
        FROM cms_old_rows o JOIN cms_new_rows n ON n.id = o.id
      UNION ALL
      SELECT n.class_id, n.process, 1, o.class_id, o.process
        FROM cms_old_rows o JOIN cms_new_rows n ON n.id = o.id
    ) moved
     WHERE (class_id, process) IS DISTINCT FROM (n_class, n_process)
     GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
  ON CONFLICT (class_id, process) DO UPDATE SET items = news_class_step.items + EXCLUDED.items;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION cms_news_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO news_revision_text (news_id, hash, body)
    SELECT o.id, v.hash, v.body
      FROM cms_old_rows o,
      LATERAL (VALUES
        (md5(o.content), o.content),
        (md5(o.fields::text), o.fields::text)
      ) AS v(hash, body)
     WHERE EXISTS (
       SELECT 1 FROM (
         SELECT r.content_hash, r.fields_hash FROM news_revision r
          WHERE r.news_id = o.id ORDER BY r.rev DESC LIMIT 2) AS l
        WHERE v.hash IN (l.content_hash, l.fields_hash))
    ON CONFLICT DO NOTHING;
  UPDATE news_class_stat s SET total = s.total - d.n, version = s.version + 1, data_version = s.data_version + 1
    FROM (SELECT class_id, count(*) AS n FROM cms_old_rows GROUP BY class_id) d
   WHERE s.class_id = d.class_id;
  UPDATE news_class_hour h SET items = h.items - d.n
    FROM (SELECT class_id, date_trunc('hour', updated_at, 'UTC') AS hour, count(*) AS n
            FROM cms_old_rows GROUP BY 1, 2 ORDER BY 1, 2) d
   WHERE h.class_id = d.class_id AND h.hour = d.hour;
  UPDATE news_class_step s SET items = s.items - d.n
    FROM (SELECT class_id, process, count(*) AS n FROM cms_old_rows GROUP BY 1, 2 ORDER BY 1, 2) d
   WHERE s.class_id = d.class_id AND s.process = d.process;
  RETURN NULL;
END $$;

-- A save's and a creation's revision (20261205000000_save_revision) without storing the item's texts.
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
BEGIN
  SELECT COALESCE(max(r.rev), 0) + 1 INTO new_rev FROM news_revision r WHERE r.news_id = item.id;
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

-- The revision of every other change (20261203000000_news_write_cost) without storing the item's
-- texts. It reads the last revision's fields text to list the changed field keys: the change ran in
-- an earlier statement (recordRevisions), whose trigger stored the departing fields.
CREATE OR REPLACE FUNCTION cms_news_revision_row(
  item news, item_action TEXT, actor_id INTEGER, actor_name TEXT, settings_key TEXT, keep_default INTEGER)
RETURNS TABLE (
  row_news_id INTEGER, row_rev INTEGER, row_action TEXT, row_user_id INTEGER, row_user_name TEXT,
  row_changed TEXT[], row_columns JSONB, row_content_hash TEXT, row_fields_hash TEXT, row_class_id INTEGER)
LANGUAGE plpgsql AS $$
DECLARE
  item_columns JSONB := jsonb_build_object('class_id', item.class_id, 'title', item.title,
    'short_title', item.short_title, 'intro', item.intro, 'hr_type', item.hr_type, 'old_class', item.old_class,
    'is_lock', item.is_lock, 'process', item.process, 'new_time', item.new_time, 'created_at', item.created_at,
    'updated_at', item.updated_at);
  new_rev INTEGER;
  new_content TEXT := md5(item.content);
  new_fields TEXT := md5(item.fields::text);
  keys TEXT[];
  content_new BOOLEAN;
  fields_new BOOLEAN;
  previous RECORD;
  previous_fields JSONB;
  keep INTEGER;
BEGIN
  SELECT r.rev, r.columns, r.content_hash, r.fields_hash INTO previous
    FROM news_revision r WHERE r.news_id = item.id ORDER BY r.rev DESC LIMIT 1;
  new_rev := COALESCE(previous.rev, 0) + 1;
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
  RETURN NEXT;
END $$;
