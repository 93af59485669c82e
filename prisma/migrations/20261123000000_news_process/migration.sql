-- 流程记录: the records of an item's process steps (lib/process/). news.process is derived from
-- them (the furthest step of the category's list that has a record) and rewritten with each change.
CREATE TABLE "news_process" (
    "id" SERIAL NOT NULL,
    "news_id" INTEGER NOT NULL,
    "process" INTEGER NOT NULL,
    "process_title" VARCHAR(64) NOT NULL DEFAULT '',
    "title" VARCHAR(200) NOT NULL,
    "time" TIMESTAMPTZ(0) NOT NULL,
    "remark" TEXT NOT NULL DEFAULT '',
    "attachments" TEXT NOT NULL DEFAULT '',
    "created_by" INTEGER,
    "updated_by" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "news_process_pkey" PRIMARY KEY ("id")
);
-- An item's records by step, latest first: a step's timestamp is the first entry.
CREATE INDEX "news_process_news_id_process_time_idx" ON "news_process"("news_id", "process", "time" DESC);
ALTER TABLE "news_process" ADD CONSTRAINT "news_process_news_id_fkey"
    FOREIGN KEY ("news_id") REFERENCES "news"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Items of a category by the step they stand at (get_hr_status_list, the process filter of a list).
CREATE INDEX "news_class_id_process_idx" ON "news"("class_id", "process");
