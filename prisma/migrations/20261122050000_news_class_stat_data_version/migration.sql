-- `data_version` moves on any change to a category's items (added, removed, moved, or any column
-- edited), so a filtered list can keep its count per process until the category's data changes
-- (lib/news/list-page.ts). `version` keeps its meaning: the category's list order changed.
ALTER TABLE "news_class_stat" ADD COLUMN "data_version" BIGINT NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION cms_news_stat_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO news_class_stat (class_id, total, version, data_version)
    SELECT class_id, count(*), 1, 1 FROM cms_new_rows GROUP BY class_id ORDER BY class_id
  ON CONFLICT (class_id) DO UPDATE SET total = news_class_stat.total + EXCLUDED.total,
    version = news_class_stat.version + 1, data_version = news_class_stat.data_version + 1;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION cms_news_stat_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE news_class_stat s SET total = s.total - d.n, version = s.version + 1, data_version = s.data_version + 1
    FROM (SELECT class_id, count(*) AS n FROM cms_old_rows GROUP BY class_id) d
   WHERE s.class_id = d.class_id;
  RETURN NULL;
END $$;

-- Every category an update touches gets a new data_version; `version` and `total` move only
-- for moves between categories and new_time changes, as before.
CREATE OR REPLACE FUNCTION cms_news_stat_update() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE OR REPLACE FUNCTION cms_news_stat_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE news_class_stat SET total = 0, version = version + 1, data_version = data_version + 1;
  RETURN NULL;
END $$;
