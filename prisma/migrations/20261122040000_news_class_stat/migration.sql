-- Per-category item count and change stamps, kept by triggers on news (lib/news/list-page.ts).
-- `total`: an unfiltered list answers its total from here instead of counting the category.
-- `version` moves whenever the category's ordered rows change (an item added, removed, moved in
-- or out, or its new_time changed): deep pages start from boundary keys cached per version.
-- `data_version` moves on any change to the category's items (also any column edited): a filtered
-- list keeps its count per process until it moves.
CREATE TABLE "news_class_stat" (
    "class_id" INTEGER NOT NULL,
    "total" INTEGER NOT NULL DEFAULT 0,
    "version" BIGINT NOT NULL DEFAULT 0,
    "data_version" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "news_class_stat_pkey" PRIMARY KEY ("class_id")
);
ALTER TABLE "news_class_stat" ADD CONSTRAINT "news_class_stat_class_id_fkey"
    FOREIGN KEY ("class_id") REFERENCES "news_class"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "news_class_stat" ("class_id", "total") SELECT "class_id", count(*) FROM "news" GROUP BY "class_id";

-- Statement-level with transition tables: a bulk insert of N rows costs one upsert per category.
-- Rows are upserted in class_id order so two writers touching the same categories cannot deadlock.
CREATE FUNCTION cms_news_stat_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO news_class_stat (class_id, total, version, data_version)
    SELECT class_id, count(*), 1, 1 FROM cms_new_rows GROUP BY class_id ORDER BY class_id
  ON CONFLICT (class_id) DO UPDATE SET total = news_class_stat.total + EXCLUDED.total,
    version = news_class_stat.version + 1, data_version = news_class_stat.data_version + 1;
  RETURN NULL;
END $$;

CREATE FUNCTION cms_news_stat_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE news_class_stat s SET total = s.total - d.n, version = s.version + 1, data_version = s.data_version + 1
    FROM (SELECT class_id, count(*) AS n FROM cms_old_rows GROUP BY class_id) d
   WHERE s.class_id = d.class_id;
  RETURN NULL;
END $$;

-- Every category an update touches gets a new data_version; `version` and `total` move only for
-- moves between categories and new_time changes (editing a title leaves the order alone).
CREATE FUNCTION cms_news_stat_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
  RETURN NULL;
END $$;

CREATE FUNCTION cms_news_stat_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE news_class_stat SET total = 0, version = version + 1, data_version = data_version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER "news_stat_insert" AFTER INSERT ON "news"
    REFERENCING NEW TABLE AS cms_new_rows FOR EACH STATEMENT EXECUTE FUNCTION cms_news_stat_insert();
CREATE TRIGGER "news_stat_delete" AFTER DELETE ON "news"
    REFERENCING OLD TABLE AS cms_old_rows FOR EACH STATEMENT EXECUTE FUNCTION cms_news_stat_delete();
CREATE TRIGGER "news_stat_update" AFTER UPDATE ON "news"
    REFERENCING OLD TABLE AS cms_old_rows NEW TABLE AS cms_new_rows FOR EACH STATEMENT EXECUTE FUNCTION cms_news_stat_update();
CREATE TRIGGER "news_stat_truncate" AFTER TRUNCATE ON "news"
    FOR EACH STATEMENT EXECUTE FUNCTION cms_news_stat_truncate();
