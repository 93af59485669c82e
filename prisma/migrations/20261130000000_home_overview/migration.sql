-- 首页 at a glance (lib/home/find-home-overview.ts): what it shows is read from counters kept here
-- and from an index of the revisions, never from a count of the items.
--
-- `news_class_hour`: per category and UTC hour, how many of its items were last changed in that
-- hour (news.updated_at truncated to the hour). A category's items changed in the last 7 days are
-- the sum of its last 169 buckets at most. An item counts in exactly one bucket: a change that moves
-- its updated_at into another hour (or the item into another category) takes it out of the old one.
-- `news_class_step`: per category and value of news.process, how many items stand there (the
-- process categories' items per step; a list category has all of its items at 0).
-- Both are kept by statement-level triggers on news, as news_class_stat is; the app never writes them.
-- Their rows are derived from news, never seeded: on a new database the INSERTs below add nothing.
CREATE TABLE "news_class_hour" (
    "class_id" INTEGER NOT NULL,
    "hour" TIMESTAMPTZ(0) NOT NULL,
    "items" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "news_class_hour_pkey" PRIMARY KEY ("class_id", "hour")
);
ALTER TABLE "news_class_hour" ADD CONSTRAINT "news_class_hour_class_id_fkey"
    FOREIGN KEY ("class_id") REFERENCES "news_class"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "news_class_step" (
    "class_id" INTEGER NOT NULL,
    "process" INTEGER NOT NULL,
    "items" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "news_class_step_pkey" PRIMARY KEY ("class_id", "process")
);
ALTER TABLE "news_class_step" ADD CONSTRAINT "news_class_step_class_id_fkey"
    FOREIGN KEY ("class_id") REFERENCES "news_class"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "news_class_hour" ("class_id", "hour", "items")
  SELECT "class_id", date_trunc('hour', "updated_at", 'UTC'), count(*) FROM "news" GROUP BY 1, 2;
INSERT INTO "news_class_step" ("class_id", "process", "items")
  SELECT "class_id", "process", count(*) FROM "news" GROUP BY 1, 2;

-- Upserts in key order, after news_class_stat's triggers (triggers fire by name), so two writers
-- take these rows' locks in the same order.
CREATE FUNCTION cms_news_tally_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO news_class_hour (class_id, hour, items)
    SELECT class_id, date_trunc('hour', updated_at, 'UTC'), count(*) FROM cms_new_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (class_id, hour) DO UPDATE SET items = news_class_hour.items + EXCLUDED.items;
  INSERT INTO news_class_step (class_id, process, items)
    SELECT class_id, process, count(*) FROM cms_new_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (class_id, process) DO UPDATE SET items = news_class_step.items + EXCLUDED.items;
  RETURN NULL;
END $$;

CREATE FUNCTION cms_news_tally_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE news_class_hour h SET items = h.items - d.n
    FROM (SELECT class_id, date_trunc('hour', updated_at, 'UTC') AS hour, count(*) AS n
            FROM cms_old_rows GROUP BY 1, 2 ORDER BY 1, 2) d
   WHERE h.class_id = d.class_id AND h.hour = d.hour;
  UPDATE news_class_step s SET items = s.items - d.n
    FROM (SELECT class_id, process, count(*) AS n FROM cms_old_rows GROUP BY 1, 2 ORDER BY 1, 2) d
   WHERE s.class_id = d.class_id AND s.process = d.process;
  RETURN NULL;
END $$;

-- Only rows whose bucket changed cost an upsert: editing an item twice within an hour, or any
-- change that leaves class_id and process alone, writes nothing to the other table.
CREATE FUNCTION cms_news_tally_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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

CREATE FUNCTION cms_news_tally_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM news_class_hour;
  DELETE FROM news_class_step;
  RETURN NULL;
END $$;

CREATE TRIGGER "news_tally_insert" AFTER INSERT ON "news"
    REFERENCING NEW TABLE AS cms_new_rows FOR EACH STATEMENT EXECUTE FUNCTION cms_news_tally_insert();
CREATE TRIGGER "news_tally_delete" AFTER DELETE ON "news"
    REFERENCING OLD TABLE AS cms_old_rows FOR EACH STATEMENT EXECUTE FUNCTION cms_news_tally_delete();
CREATE TRIGGER "news_tally_update" AFTER UPDATE ON "news"
    REFERENCING OLD TABLE AS cms_old_rows NEW TABLE AS cms_new_rows FOR EACH STATEMENT EXECUTE FUNCTION cms_news_tally_update();
CREATE TRIGGER "news_tally_truncate" AFTER TRUNCATE ON "news"
    FOR EACH STATEMENT EXECUTE FUNCTION cms_news_tally_truncate();

-- The latest changes of a set of categories: a revision now names the category the item was in
-- after the change, and an index reads each category's newest revisions first.
ALTER TABLE "news_revision" ADD COLUMN "class_id" INTEGER;
UPDATE "news_revision" SET "class_id" = ("columns" ->> 'class_id')::int;
CREATE INDEX "news_revision_class_id_created_at_idx" ON "news_revision" ("class_id", "created_at" DESC);
