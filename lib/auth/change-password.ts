import 'server-only';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { hashPassword, verifyPassword } from './password';
import { assertPasswordPolicy } from './password-policy';
import type { TChangePasswordInput } from './schemas';
import { RevokeReason, revokeUserSessions } from './session';

type ChangePasswordOptions = TChangePasswordInput & { userId: number; sessionId: number };

/** Changes the password and ends every other session of the user (their next call gets 50012). */
export const changePassword = async ({
  userId,
  sessionId,
  old_password,
  new_password,
}: ChangePasswordOptions) => {
  await assertPasswordPolicy(new_password);
  const db = await getDb();
  const user = await db.adminUser.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!user || !(await verifyPassword({ plain: old_password, hash: user.passwordHash }))) {
    throw new AppError({ code: ErrorCode.badRequest, message: '原密码不正确' });
  }
  const passwordHash = await hashPassword(new_password);
  await db.adminUser.update({ where: { id: userId }, data: { passwordHash, passwordChangedAt: new Date() } });
  await revokeUserSessions({ userId, reason: RevokeReason.passwordChanged, keepSessionId: sessionId });
  return null;
};
