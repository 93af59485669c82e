-- 导入 (issue 23): items from Excel / CSV into a category (lib/news/import/).
-- The last column mapping used in a category, offered again by the next import of it (one row per
-- category, written by a committed import; no row = automatic mapping only).
CREATE TABLE "news_import_mapping" (
    "class_id" INTEGER NOT NULL,
    "mapping" JSONB NOT NULL DEFAULT '{}',
    "key" VARCHAR(64) NOT NULL DEFAULT '',
    "updated_by" INTEGER,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "news_import_mapping_pkey" PRIMARY KEY ("class_id")
);

-- Every committed import: the file by its content hash (sha256), so the same file committed into
-- the same category again is refused (unless allow_repeat) naming when and by whom.
CREATE TABLE "news_import_file" (
    "id" SERIAL NOT NULL,
    "class_id" INTEGER NOT NULL,
    "file_hash" CHAR(64) NOT NULL,
    "file_name" VARCHAR(255) NOT NULL DEFAULT '',
    "user_id" INTEGER,
    "username" VARCHAR(64) NOT NULL DEFAULT '',
    "created" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "news_import_file_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "news_import_file_class_id_file_hash_idx" ON "news_import_file"("class_id", "file_hash");
