-- 栏目（树形）与内容
CREATE TABLE "news_class" (
    "id" SERIAL NOT NULL,
    "parent_id" INTEGER,
    "key" VARCHAR(64) NOT NULL,
    "name" VARCHAR(64) NOT NULL,
    "icon" VARCHAR(64) NOT NULL DEFAULT '',
    "sort" INTEGER NOT NULL DEFAULT 0,
    "is_show" BOOLEAN NOT NULL DEFAULT true,
    "class_type" VARCHAR(1) NOT NULL DEFAULT '0',
    "type_show" VARCHAR(32) NOT NULL DEFAULT '',
    "hr_type" VARCHAR(32) NOT NULL DEFAULT '',
    "other_info" JSONB NOT NULL DEFAULT '{}',
    "class_fields" JSONB NOT NULL DEFAULT '{}',
    "content_fileds" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "news_class_pkey" PRIMARY KEY ("id")
);
-- NULLS NOT DISTINCT: two root categories may not share a key either (PostgreSQL 15+).
CREATE UNIQUE INDEX "news_class_parent_id_key_key" ON "news_class"("parent_id", "key") NULLS NOT DISTINCT;
CREATE INDEX "news_class_parent_id_sort_idx" ON "news_class"("parent_id", "sort");
ALTER TABLE "news_class" ADD CONSTRAINT "news_class_parent_id_fkey"
    FOREIGN KEY ("parent_id") REFERENCES "news_class"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "news" (
    "id" SERIAL NOT NULL,
    "class_id" INTEGER NOT NULL,
    "title" VARCHAR(500) NOT NULL,
    "short_title" VARCHAR(500) NOT NULL DEFAULT '',
    "intro" TEXT NOT NULL DEFAULT '',
    "content" TEXT NOT NULL DEFAULT '',
    "hr_type" VARCHAR(32) NOT NULL DEFAULT '',
    "old_class" INTEGER,
    "is_lock" BOOLEAN NOT NULL DEFAULT false,
    "process" INTEGER NOT NULL DEFAULT 0,
    "new_time" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fields" JSONB NOT NULL DEFAULT '{}',
    "created_by" INTEGER,
    "updated_by" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "news_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "news_class_id_new_time_id_idx" ON "news"("class_id", "new_time" DESC, "id" DESC);
ALTER TABLE "news" ADD CONSTRAINT "news_class_id_fkey"
    FOREIGN KEY ("class_id") REFERENCES "news_class"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
