-- 敏感词 (issue 25): the site's word lists, every save is checked against them (lib/sensitive/).
-- `list` deny: a listed word, with its level (block 禁止 / warn 提醒 / replace 替换) and, for replace,
-- its replacement; allow (白名单): a word whose hits suppress the deny hits they overlap (no level).
-- A word is unique in its list by its normalised form (lib/sensitive/normalise.ts).
CREATE TABLE "sensitive_word" (
    "id" SERIAL NOT NULL,
    "list" VARCHAR(8) NOT NULL,
    "word" VARCHAR(50) NOT NULL,
    "normalised" VARCHAR(50) NOT NULL,
    "level" VARCHAR(8),
    "replacement" VARCHAR(50) NOT NULL DEFAULT '',
    "note" VARCHAR(200) NOT NULL DEFAULT '',
    "created_by" INTEGER,
    "created_by_name" VARCHAR(64) NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sensitive_word_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "sensitive_word_list_check" CHECK ("list" IN ('deny', 'allow')),
    CONSTRAINT "sensitive_word_level_check" CHECK (
        ("list" = 'deny' AND "level" IN ('block', 'warn', 'replace')) OR ("list" = 'allow' AND "level" IS NULL))
);

CREATE UNIQUE INDEX "sensitive_word_list_normalised_key" ON "sensitive_word"("list", "normalised");
-- The list's pages: newest first within a list.
CREATE INDEX "sensitive_word_list_id_idx" ON "sensitive_word"("list", "id" DESC);

-- The lists' version: every change of either list moves it in the same transaction, and each
-- process rebuilds its matcher when the version it reads (at most once a second) has moved. The
-- row is made by the first change (no row reads as version 0): a fresh database holds no rows, so
-- a backup can be restored onto it.
CREATE TABLE "sensitive_word_version" (
    "id" INTEGER NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "sensitive_word_version_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "sensitive_word_version_one_row" CHECK ("id" = 1)
);
