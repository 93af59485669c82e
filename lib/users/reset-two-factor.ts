import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { RevokeReason } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { forgetAfterCommit, revokeSessionsInTx } from './end-user-sessions';
import type { AuthSession } from '@/lib/auth/session';
import { lockManagedUser, managerScopeOf } from './role-boundaries';

/**
 * 重置两步验证: turns off another user's two-factor (a lost phone) and ends their sessions; they sign
 * in with the password alone and set it up again (at once, when a role of theirs requires it).
 * Not for oneself: that takes a code, in 个人中心.
 */
export const resetTwoFactor = async ({ id, actor }: { id: number; actor: AuthSession }) => {
  if (id === actor.user.id) {
    throw new AppError({
      code: ErrorCode.badRequest,
      message: '不能重置自己的两步验证，请在个人中心用验证码关闭',
    });
  }
  const scope = await managerScopeOf(actor);
  const db = await getDb();
  await db.$transaction(async (tx) => {
    await lockManagedUser({ tx, scope, id });
    const user = await tx.adminUser.findUniqueOrThrow({ where: { id }, select: { totpEnabledAt: true } });
    if (!user.totpEnabledAt)
      throw new AppError({ code: ErrorCode.badRequest, message: '该用户未开启两步验证' });
    await tx.adminUser.update({
      where: { id },
      data: { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null },
    });
    await tx.adminRecoveryCode.deleteMany({ where: { userId: id } });
    await revokeSessionsInTx({ tx, userId: id, reason: RevokeReason.twoFactorReset });
    await recordAudit(tx, { action: 'two_factor_reset', targetType: 'user', targetId: id });
  });
  forgetAfterCommit({ userId: id });
  return null;
};
