import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { revokeSessionsInTx } from '@/lib/users/end-user-sessions';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { hashPassword, verifyPassword } from './password';
import { assertPasswordPolicy } from './password-policy';
import type { TChangePasswordInput } from './schemas';
import { forgetSessions, RevokeReason } from './session';
import { takeAttempt, THROTTLE_MESSAGES } from './throttle';

type ChangePasswordOptions = TChangePasswordInput & { userId: number; sessionId: number };

/**
 * Changes the password and ends every other session of the user (their next call gets 50012).
 * Guesses of the old password are counted per user like sign-in failures (429 once spent), so a
 * borrowed session cannot be used to try passwords without limit.
 */
export const changePassword = async ({
  userId,
  sessionId,
  old_password,
  new_password,
}: ChangePasswordOptions) => {
  await assertPasswordPolicy(new_password);
  const attempt = await takeAttempt({
    uses: [{ counter: 'changePassword', key: String(userId), onSuccess: 'reset' }],
    message: THROTTLE_MESSAGES.changePassword,
  });
  const db = await getDb();
  const user = await db.adminUser.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!user || !(await verifyPassword({ plain: old_password, hash: user.passwordHash }))) {
    throw new AppError({ code: ErrorCode.badRequest, message: '原密码不正确' });
  }
  await attempt.succeeded();
  const passwordHash = await hashPassword(new_password);
  await db.$transaction(async (tx) => {
    await tx.adminUser.update({
      where: { id: userId },
      data: { passwordHash, passwordChangedAt: new Date() },
    });
    await revokeSessionsInTx({ tx, userId, reason: RevokeReason.passwordChanged, keepSessionId: sessionId });
    await recordAudit(tx, { action: 'change_password', targetType: 'user', targetId: userId });
  });
  forgetSessions({ userId });
  return null;
};
