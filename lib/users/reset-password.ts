import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { hashPassword } from '@/lib/auth/password';
import { RevokeReason } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { forgetAfterCommit, revokeSessionsInTx } from './end-user-sessions';
import { assertPasswordPolicy } from '@/lib/auth/password-policy';
import type { AuthSession } from '@/lib/auth/session';
import { lockManagedUser, managerScopeOf } from './role-boundaries';

/**
 * Sets another user's password and ends all of their sessions. Not for oneself: that goes through
 * 修改密码, which asks for the old password, so a borrowed session cannot lock its owner out.
 */
export const resetPassword = async ({
  id,
  password,
  actor,
}: {
  id: number;
  password: string;
  actor: AuthSession;
}) => {
  if (id === actor.user.id) {
    throw new AppError({ code: ErrorCode.badRequest, message: '不能重置自己的密码，请使用「修改密码」' });
  }
  await assertPasswordPolicy(password);
  const passwordHash = await hashPassword(password);
  const scope = await managerScopeOf(actor);
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const user = await lockManagedUser({ tx, scope, id });
    await tx.adminUser.update({ where: { id }, data: { passwordHash, passwordChangedAt: new Date() } });
    await revokeSessionsInTx({ tx, userId: id, reason: RevokeReason.passwordReset });
    await recordAudit(tx, {
      action: 'reset_password',
      targetType: 'user',
      targetId: id,
      detail: { name: user.username },
    });
  });
  forgetAfterCommit({ userId: id });
  return null;
};
