-- 敏感词 on the 首页 (lib/sensitive/item-hits.ts): which items' texts hold words of the deny list now,
-- kept by the writes that already run the check, so the 首页 reads them instead of reading texts.
--
-- `news_sensitive_hit`: one row per item whose texts hold listed words (an item without hits has
-- none). Written in the statement or transaction of every write that checks an item — a create, a
-- save, a revert, an import, a move (checked again under the target's fields), a restore from the
-- 回收站 — and by 敏感词检查 (scan_sensitive) for the items it reads. `words`: the distinct words with
-- their level, `[{"word": "…", "level": "warn"}]`. An item leaving news (回收站, purge) takes its row
-- with it (the foreign key).
CREATE TABLE "news_sensitive_hit" (
    "news_id" INTEGER NOT NULL,
    "class_id" INTEGER NOT NULL,
    "words" JSONB NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "news_sensitive_hit_pkey" PRIMARY KEY ("news_id")
);
ALTER TABLE "news_sensitive_hit" ADD CONSTRAINT "news_sensitive_hit_news_id_fkey"
    FOREIGN KEY ("news_id") REFERENCES "news"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- A category's items with hits, newest first: counted (up to a cap) and listed by the 首页.
CREATE INDEX "news_sensitive_hit_class_id_recorded_at_news_id_idx"
    ON "news_sensitive_hit" ("class_id", "recorded_at" DESC, "news_id" DESC);

-- `news_class_sensitive`: up to which version of the lists (sensitive_word_version) and which of the
-- category's fields (its stamp: md5 of class_type and content_fileds) every item of the category
-- has been checked. A 敏感词检查 that reads the whole category page after page in one run (`pass_*`:
-- the run's version, stamp and last id read) sets it when it ends; a write into an empty category
-- sets it too (its items are then only the ones the writes checked). When the lists or the
-- fields have changed since, the 首页 says the category needs checking again instead of a count.
CREATE TABLE "news_class_sensitive" (
    "class_id" INTEGER NOT NULL,
    "checked_version" BIGINT,
    "checked_stamp" VARCHAR(32),
    "checked_at" TIMESTAMPTZ(3),
    "pass_version" BIGINT,
    "pass_stamp" VARCHAR(32),
    "pass_after" INTEGER,

    CONSTRAINT "news_class_sensitive_pkey" PRIMARY KEY ("class_id")
);
ALTER TABLE "news_class_sensitive" ADD CONSTRAINT "news_class_sensitive_class_id_fkey"
    FOREIGN KEY ("class_id") REFERENCES "news_class"("id") ON DELETE CASCADE ON UPDATE CASCADE;
