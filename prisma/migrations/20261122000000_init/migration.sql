-- 管理员、会话、登录尝试、系统设置
CREATE TABLE "admin_user" (
    "id" SERIAL NOT NULL,
    "username" VARCHAR(64) NOT NULL,
    "password_hash" VARCHAR(100) NOT NULL,
    "name" VARCHAR(64) NOT NULL,
    "avatar" VARCHAR(500) NOT NULL DEFAULT '',
    "introduction" VARCHAR(500) NOT NULL DEFAULT '',
    "roles" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "is_disabled" BOOLEAN NOT NULL DEFAULT false,
    "password_changed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "admin_user_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "admin_user_username_key" ON "admin_user"("username");

CREATE TABLE "admin_session" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "ip" VARCHAR(64) NOT NULL DEFAULT '',
    "user_agent" VARCHAR(300) NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "revoke_reason" VARCHAR(32),
    CONSTRAINT "admin_session_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "admin_session_token_hash_key" ON "admin_session"("token_hash");
CREATE INDEX "admin_session_user_id_idx" ON "admin_session"("user_id");
ALTER TABLE "admin_session" ADD CONSTRAINT "admin_session_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "admin_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "login_attempt" (
    "id" BIGSERIAL NOT NULL,
    "username" VARCHAR(64) NOT NULL,
    "ip" VARCHAR(64) NOT NULL,
    "is_success" BOOLEAN NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "login_attempt_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "login_attempt_username_ip_created_at_idx" ON "login_attempt"("username", "ip", "created_at");

CREATE TABLE "system_setting" (
    "key" VARCHAR(64) NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "system_setting_pkey" PRIMARY KEY ("key")
);
