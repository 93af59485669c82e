-- 单页栏目的历史版本：save_class_info 每次保存一行，与 news_revision 同理（lib/revisions/class-info-revisions.ts）。
-- A single page's values are small and few, so each revision holds them whole. Deleting the
-- category deletes its history.
CREATE TABLE "class_info_revision" (
    "class_id" INTEGER NOT NULL,
    "rev" INTEGER NOT NULL,
    "action" VARCHAR(16) NOT NULL,
    "user_id" INTEGER,
    "user_name" VARCHAR(64) NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "changed" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "fields" JSONB NOT NULL,

    CONSTRAINT "class_info_revision_pkey" PRIMARY KEY ("class_id","rev")
);

ALTER TABLE "class_info_revision" ADD CONSTRAINT "class_info_revision_class_id_fkey"
  FOREIGN KEY ("class_id") REFERENCES "news_class"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Uploads a single page's history still references are not deleted (lib/uploads/file-references.ts).
CREATE INDEX "class_info_revision_upload_ids_idx" ON "class_info_revision" USING gin (cms_upload_ids("fields"::text));
