-- 内容写入的开销（issue 22: a create or a save may cost at most 10 % more than before revisions;
-- docs/BENCHMARKS.md → Revisions). Same rows written, same counters, fewer statements to plan and run.
--
-- 1. The revision of a written item as one function of the row (lib/revisions/record-revision.ts):
-- the statement that changes items now writes `INSERT INTO news_revision (…) SELECT r.* FROM changed
-- AS s, cms_news_revision_row(s::news, …) AS r`. What the statement had spelled out around
-- cms_news_revision (migration 20261129000000_revision_writer) — the row's small columns as JSONB,
-- the compared keys, a subquery of 系统设置 revision_keep — was planned again by every call (PGlite
-- prepares no statement); here it is planned once per connection, and revision_keep is read only
-- when a revision might be beyond it (never for an item's first). The answer is what the statement
-- and cms_news_revision made: the same rev, `changed`, texts and retention.
--
-- `columns`: the item's small columns (REVISION_COLUMNS in record-revision.ts); `changed`: those
-- of them that differ from the last revision's but created_at and updated_at, then 'content' if the
-- content differs, then the dynamic field keys whose value differs (sorted). The last revision is
-- read after the caller's change took the item's row lock, with a snapshot of its own, so two
-- changes of one item never number the same revision. Retention: 系统设置 `revision_keep` read from
-- the row `settings_key` of system_setting as keepSql reads it (a number clamped to 0…1000, else
-- `keep_default`; 0 = keep all): the revisions beyond the newest `keep` (the new one counted) are
-- deleted, with the texts no other remaining revision uses.
CREATE FUNCTION cms_news_revision_row(
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
  -- A text the last revision has is stored already (retention never removes the newest's). Both
  -- new (a creation, an edit of both): one INSERT of the two rows.
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
  IF content_new AND fields_new THEN
    INSERT INTO news_revision_text (news_id, hash, body)
      VALUES (item.id, new_content, item.content), (item.id, new_fields, item.fields::text)
      ON CONFLICT DO NOTHING;
  ELSIF content_new THEN
    INSERT INTO news_revision_text (news_id, hash, body) VALUES (item.id, new_content, item.content)
      ON CONFLICT DO NOTHING;
  ELSIF fields_new THEN
    INSERT INTO news_revision_text (news_id, hash, body) VALUES (item.id, new_fields, item.fields::text)
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

-- Its one caller was the statement spelled out above; tests call cms_news_revision_row instead.
DROP FUNCTION cms_news_revision(INTEGER, JSONB, TEXT, JSONB, TEXT[], INTEGER);

-- 2. One trigger per event on news for news_class_stat (20261122040000_news_class_stat) and the
-- 首页's counters news_class_hour and news_class_step (20261130000000_home_overview), in place of
-- two: the same rows written, in the same order (news_class_stat, then hour, then step, each in key
-- order), from one pass. A statement that changes one item without moving it between categories,
-- hours or steps (most saves) writes its category's news_class_stat row from a single upsert
-- instead of three statements over the transition tables; creating one item upserts the three
-- rows directly. Anything else takes the set-based statements of before.
DROP TRIGGER "news_stat_insert" ON "news";
DROP TRIGGER "news_stat_delete" ON "news";
DROP TRIGGER "news_stat_update" ON "news";
DROP TRIGGER "news_stat_truncate" ON "news";
DROP TRIGGER "news_tally_insert" ON "news";
DROP TRIGGER "news_tally_delete" ON "news";
DROP TRIGGER "news_tally_update" ON "news";
DROP TRIGGER "news_tally_truncate" ON "news";
DROP FUNCTION cms_news_stat_insert();
DROP FUNCTION cms_news_stat_delete();
DROP FUNCTION cms_news_stat_update();
DROP FUNCTION cms_news_stat_truncate();
DROP FUNCTION cms_news_tally_insert();
DROP FUNCTION cms_news_tally_delete();
DROP FUNCTION cms_news_tally_update();
DROP FUNCTION cms_news_tally_truncate();

CREATE FUNCTION cms_news_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  one RECORD;
BEGIN
  SELECT count(*) AS n, min(r.class_id) AS class_id, min(date_trunc('hour', r.updated_at, 'UTC')) AS hour,
         min(r.process) AS process
    INTO one FROM cms_new_rows r;
  IF one.n = 0 THEN
    RETURN NULL;
  END IF;
  IF one.n = 1 THEN
    INSERT INTO news_class_stat (class_id, total, version, data_version) VALUES (one.class_id, 1, 1, 1)
    ON CONFLICT (class_id) DO UPDATE SET total = news_class_stat.total + EXCLUDED.total,
      version = news_class_stat.version + 1, data_version = news_class_stat.data_version + 1;
    INSERT INTO news_class_hour (class_id, hour, items) VALUES (one.class_id, one.hour, 1)
    ON CONFLICT (class_id, hour) DO UPDATE SET items = news_class_hour.items + EXCLUDED.items;
    INSERT INTO news_class_step (class_id, process, items) VALUES (one.class_id, one.process, 1)
    ON CONFLICT (class_id, process) DO UPDATE SET items = news_class_step.items + EXCLUDED.items;
    RETURN NULL;
  END IF;
  INSERT INTO news_class_stat (class_id, total, version, data_version)
    SELECT class_id, count(*), 1, 1 FROM cms_new_rows GROUP BY class_id ORDER BY class_id
  ON CONFLICT (class_id) DO UPDATE SET total = news_class_stat.total + EXCLUDED.total,
    version = news_class_stat.version + 1, data_version = news_class_stat.data_version + 1;
  INSERT INTO news_class_hour (class_id, hour, items)
    SELECT class_id, date_trunc('hour', updated_at, 'UTC'), count(*) FROM cms_new_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (class_id, hour) DO UPDATE SET items = news_class_hour.items + EXCLUDED.items;
  INSERT INTO news_class_step (class_id, process, items)
    SELECT class_id, process, count(*) FROM cms_new_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (class_id, process) DO UPDATE SET items = news_class_step.items + EXCLUDED.items;
  RETURN NULL;
END $$;

CREATE FUNCTION cms_news_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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

-- Every category an update touches gets a new data_version; `version` and `total` move only for
-- moves between categories and new_time changes; an hour or step row only when an item's bucket moves.
CREATE FUNCTION cms_news_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  one RECORD;
BEGIN
  SELECT count(*) AS n, min(o.class_id) AS old_class, min(n.class_id) AS new_class,
         max(CASE WHEN o.new_time <> n.new_time THEN 1 ELSE 0 END) AS reordered,
         bool_or(date_trunc('hour', o.updated_at, 'UTC') IS DISTINCT FROM date_trunc('hour', n.updated_at, 'UTC')
           OR o.process IS DISTINCT FROM n.process) AS bucket_moved
    INTO one FROM cms_old_rows o JOIN cms_new_rows n ON n.id = o.id;
  IF one.n = 0 THEN
    RETURN NULL;
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

CREATE FUNCTION cms_news_count_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE news_class_stat SET total = 0, version = version + 1, data_version = data_version + 1;
  DELETE FROM news_class_hour;
  DELETE FROM news_class_step;
  RETURN NULL;
END $$;

CREATE TRIGGER "news_count_insert" AFTER INSERT ON "news"
    REFERENCING NEW TABLE AS cms_new_rows FOR EACH STATEMENT EXECUTE FUNCTION cms_news_count_insert();
CREATE TRIGGER "news_count_delete" AFTER DELETE ON "news"
    REFERENCING OLD TABLE AS cms_old_rows FOR EACH STATEMENT EXECUTE FUNCTION cms_news_count_delete();
CREATE TRIGGER "news_count_update" AFTER UPDATE ON "news"
    REFERENCING OLD TABLE AS cms_old_rows NEW TABLE AS cms_new_rows FOR EACH STATEMENT EXECUTE FUNCTION cms_news_count_update();
CREATE TRIGGER "news_count_truncate" AFTER TRUNCATE ON "news"
    FOR EACH STATEMENT EXECUTE FUNCTION cms_news_count_truncate();
