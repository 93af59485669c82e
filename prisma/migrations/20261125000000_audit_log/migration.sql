-- 操作日志：谁在何时、从哪个 IP 做了什么。与它记录的改动在同一事务中写入；只追加，从不修改。

CREATE TABLE "audit_log" (
    "id" BIGSERIAL NOT NULL,
    -- No foreign key: an entry outlives its user, and username keeps who it was.
    "user_id" INTEGER,
    "username" VARCHAR(64) NOT NULL DEFAULT '',
    "ip" VARCHAR(64) NOT NULL DEFAULT '',
    "action" VARCHAR(32) NOT NULL,
    "target_type" VARCHAR(16) NOT NULL,
    "target_id" INTEGER,
    "detail" JSONB NOT NULL DEFAULT '{}',
    -- The start of the writing transaction (now()): lib/audit/log-total.ts relies on it.
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- The list is newest first (created_at, id); each filter has an index in that order, so a page is
-- a range of one index and a date range narrows it further.
CREATE INDEX "audit_log_created_at_id_idx" ON "audit_log"("created_at" DESC, "id" DESC);
CREATE INDEX "audit_log_action_created_at_id_idx" ON "audit_log"("action", "created_at" DESC, "id" DESC);
CREATE INDEX "audit_log_target_type_created_at_id_idx" ON "audit_log"("target_type", "created_at" DESC, "id" DESC);
-- The user filter matches the username regardless of case (as sign-in does). INCLUDE username: a
-- query naming lower(username) can then be answered from the index alone (counts, deep pages).
CREATE INDEX "audit_log_username_lower_idx" ON "audit_log"(lower("username"), "created_at" DESC, "id" DESC)
    INCLUDE ("username");
