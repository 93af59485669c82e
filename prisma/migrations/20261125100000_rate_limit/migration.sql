-- 登录限流改用 rate-limiter-flexible：计数放在它的 PostgreSQL 存储表里（lib/auth/throttle.ts），
-- 一次 INSERT … ON CONFLICT 完成"检查并记录"，多个实例共用同一份计数。

-- The table RateLimiterPostgres expects (key = "<counter>:<key>", points used, expiry in epoch ms).
-- Created here rather than by the library at run time, so the app never runs DDL outside migrations.
CREATE TABLE "rate_limit" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,
    CONSTRAINT "rate_limit_pkey" PRIMARY KEY ("key")
);

-- The old throttle counted rows here (check and record were two statements, so parallel tries
-- slipped past the limit). Nothing reads it any more.
DROP TABLE "login_attempt";
