import 'server-only';
import { randomBytes } from 'node:crypto';
import { recordAudit } from '@/lib/audit/record';
import { hashPasswordAtStart } from '@/lib/auth/password';
import { getDb } from '@/lib/db/client';

/**
 * On an empty user table, creates `admin` with role admin. The password comes from ADMIN_PASSWORD,
 * otherwise a random one is printed once to the console (there is never a fixed default).
 */
export const ensureFirstAdmin = async ({
  password = process.env.ADMIN_PASSWORD,
}: { password?: string } = {}) => {
  const db = await getDb();
  if ((await db.adminUser.count()) > 0) return { created: false as const };
  const isGenerated = !password;
  const plain = password || randomBytes(12).toString('base64url');
  try {
    const passwordHash = await hashPasswordAtStart(plain);
    await db.$transaction(async (tx) => {
      const { id } = await tx.adminUser.create({
        data: { username: 'admin', name: '超级管理员', roles: ['admin'], passwordHash },
        select: { id: true },
      });
      // By the system (no user, no IP): start-up is not a manage API call.
      await recordAudit(tx, {
        action: 'create',
        targetType: 'user',
        targetId: id,
        detail: { name: 'admin', values: { username: 'admin', roles: ['admin'] } },
      });
    });
  } catch (error) {
    // Another process created it first (unique username): nothing to do.
    if ((error as { code?: string }).code === 'P2002') return { created: false as const };
    throw error;
  }
  if (isGenerated) {
    console.log(
      [
        '',
        '========================================',
        '首次启动：已创建管理员账号 admin',
        `初始密码：${plain}`,
        '请登录后立即在「修改密码」中修改。此密码只显示这一次。',
        '========================================',
        '',
      ].join('\n'),
    );
  } else {
    console.log('首次启动：已创建管理员账号 admin（密码来自 ADMIN_PASSWORD）');
  }
  return { created: true as const };
};
