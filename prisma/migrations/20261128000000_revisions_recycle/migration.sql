-- 历史版本与回收站（lib/revisions/, lib/recycle/）。

-- One row per change of an item: who, when, what kind, which keys changed, and the item's state
-- after it. The state is split so that an unchanged big value costs its bytes once per item: the
-- row's small columns inline (`columns`), its rich text and its dynamic fields by md5 in
-- news_revision_text. No foreign key to news: an item in the 回收站 keeps its history, and
-- purging removes both.
CREATE TABLE "news_revision" (
    "news_id" INTEGER NOT NULL,
    "rev" INTEGER NOT NULL,
    "action" VARCHAR(16) NOT NULL,
    "user_id" INTEGER,
    "user_name" VARCHAR(64) NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "changed" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "columns" JSONB NOT NULL,
    "content_hash" CHAR(32) NOT NULL,
    "fields_hash" CHAR(32) NOT NULL,

    CONSTRAINT "news_revision_pkey" PRIMARY KEY ("news_id","rev")
);

-- The big values of revisions, each stored once per item (content as it is, fields as JSONB text).
CREATE TABLE "news_revision_text" (
    "news_id" INTEGER NOT NULL,
    "hash" CHAR(32) NOT NULL,
    "body" TEXT NOT NULL,

    CONSTRAINT "news_revision_text_pkey" PRIMARY KEY ("news_id","hash")
);

-- The 回收站: a deleted item leaves news (so no live list, count, search or option sees it) and
-- waits here whole — its row and its process records — under its own id. news' id sequence never
-- goes back, so the id is not given to another item. No foreign key to news_class: a category may
-- be deleted while items of it wait here.
CREATE TABLE "news_trash" (
    "id" INTEGER NOT NULL,
    "class_id" INTEGER NOT NULL,
    "class_name" VARCHAR(64) NOT NULL DEFAULT '',
    "title" VARCHAR(500) NOT NULL,
    "item" JSONB NOT NULL,
    "records" JSONB NOT NULL DEFAULT '[]',
    "deleted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_by" INTEGER,
    "deleted_by_name" VARCHAR(64) NOT NULL DEFAULT '',

    CONSTRAINT "news_trash_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "news_trash_deleted_at_id_idx" ON "news_trash"("deleted_at" DESC, "id" DESC);
CREATE INDEX "news_trash_class_id_deleted_at_id_idx" ON "news_trash"("class_id", "deleted_at" DESC, "id" DESC);

-- Uploads still referenced from the bin and from history are not deleted (lib/uploads/file-references.ts).
CREATE INDEX "news_trash_upload_ids_idx" ON "news_trash" USING gin (
  cms_upload_ids("item"::text || ' ' || "records"::text)
);
CREATE INDEX "news_revision_text_upload_ids_idx" ON "news_revision_text" USING gin (cms_upload_ids("body"));
CREATE INDEX "news_revision_upload_ids_idx" ON "news_revision" USING gin (cms_upload_ids("columns"::text));
