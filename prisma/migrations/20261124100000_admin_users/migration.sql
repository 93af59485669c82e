-- 管理员用户：按栏目授权、用户名不区分大小写唯一、删除用户后其会话仍可答"已结束"（50012）

-- Categories a user is limited to (a parent covers its children); empty = every category.
ALTER TABLE "admin_user" ADD COLUMN "class_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[];

-- "Admin" and "admin" are one user: unique on lower(username), which login looks up by too.
DROP INDEX "admin_user_username_key";
CREATE UNIQUE INDEX "admin_user_username_lower_key" ON "admin_user"(lower("username"));

-- A deleted user's sessions stay (revoked, user_id NULL), so their next call hears why it ended.
ALTER TABLE "admin_session" ALTER COLUMN "user_id" DROP NOT NULL;
ALTER TABLE "admin_session" DROP CONSTRAINT "admin_session_user_id_fkey";
ALTER TABLE "admin_session" ADD CONSTRAINT "admin_session_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "admin_user"("id") ON DELETE SET NULL ON UPDATE CASCADE;
