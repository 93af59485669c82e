-- 两步验证（TOTP）：密钥加密保存（lib/auth/two-factor/secret-box.ts），恢复码只存 HMAC，每个只能用一次。

-- The secret being set up (not yet confirmed with a code) and the confirmed one, both encrypted
-- with AES-256-GCM; totp_last_step is the time step of the last accepted code (a code is not
-- accepted twice).
ALTER TABLE "admin_user" ADD COLUMN "totp_secret" TEXT;
ALTER TABLE "admin_user" ADD COLUMN "totp_pending_secret" TEXT;
ALTER TABLE "admin_user" ADD COLUMN "totp_enabled_at" TIMESTAMPTZ(3);
ALTER TABLE "admin_user" ADD COLUMN "totp_last_step" BIGINT;

CREATE TABLE "admin_recovery_code" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "code_hash" CHAR(64) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "admin_recovery_code_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "admin_recovery_code_user_id_code_hash_key" ON "admin_recovery_code"("user_id", "code_hash");
ALTER TABLE "admin_recovery_code" ADD CONSTRAINT "admin_recovery_code_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "admin_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
