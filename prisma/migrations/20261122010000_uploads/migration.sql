-- 上传文件记录
CREATE TABLE "uploaded_file" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(64) NOT NULL,
    "key" VARCHAR(200) NOT NULL,
    "driver" VARCHAR(16) NOT NULL,
    "kind" VARCHAR(32) NOT NULL,
    "mime_type" VARCHAR(127) NOT NULL,
    "size" INTEGER NOT NULL,
    "original_name" VARCHAR(255) NOT NULL DEFAULT '',
    "user_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "uploaded_file_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "uploaded_file_name_key" ON "uploaded_file"("name");
CREATE INDEX "uploaded_file_user_id_idx" ON "uploaded_file"("user_id");
