import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { readSystemSettings } from '@/lib/settings/system-settings';
import { forgetSessions } from '../session';
import { isTwoFactorRequired } from './policy';
import { replaceRecoveryCodes } from './recovery-codes';
import { openSecret, sealSecret } from './secret-box';
import { formatManualKey, matchTotp, newTotpSecret, qrDataUrl, totpUri } from './totp';
import { takeCodeAttempt, TWO_FACTOR_MESSAGES, verifySecondFactor, type CodeTry } from './verify';

// Two-factor of one's own account, from 个人中心. Turning it on takes a code from the new secret;
// turning it off, or new recovery codes, take a code (or a recovery code) of the current one.

const refuse = (message: string) => new AppError({ code: ErrorCode.badRequest, message });
const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

export type TwoFactorStatus = {
  enabled: boolean;
  enabled_at: number | null;
  recovery_codes_left: number;
  /** 系统设置 requires two-factor of one of the user's roles. */
  required: boolean;
};

export const getTwoFactorStatus = async ({
  userId,
  roles,
}: {
  userId: number;
  roles: readonly string[];
}): Promise<TwoFactorStatus> => {
  const db = await getDb();
  const [user, left] = await Promise.all([
    db.adminUser.findUnique({ where: { id: userId }, select: { totpEnabledAt: true } }),
    db.adminRecoveryCode.count({ where: { userId, usedAt: null } }),
  ]);
  const enabled = Boolean(user?.totpEnabledAt);
  return {
    enabled,
    enabled_at: seconds(user?.totpEnabledAt ?? null),
    recovery_codes_left: enabled ? left : 0,
    required: await isTwoFactorRequired({ roles }),
  };
};

/**
 * A new secret to scan: kept encrypted as the pending secret until confirmed with a code. This is
 * the only answer that ever carries a secret (the manual key, the otpauth URI and its QR code).
 */
export const startTwoFactorSetup = async ({ userId, username }: { userId: number; username: string }) => {
  const db = await getDb();
  const secret = newTotpSecret();
  const { count } = await db.adminUser.updateMany({
    where: { id: userId, totpEnabledAt: null },
    data: { totpPendingSecret: await sealSecret(secret) },
  });
  if (count === 0) throw refuse('两步验证已开启');
  const uri = totpUri({ issuer: (await readSystemSettings()).title, username, secret });
  return { secret: formatManualKey(secret), uri, qr: await qrDataUrl(uri) };
};

/** Turns two-factor on with a code of the pending secret; answers the recovery codes, shown once. */
export const confirmTwoFactorSetup = async ({ userId, code, deviceId }: CodeTry) => {
  const attempt = await takeCodeAttempt({ userId, deviceId });
  const db = await getDb();
  const user = await db.adminUser.findUnique({
    where: { id: userId },
    select: { totpPendingSecret: true, totpEnabledAt: true },
  });
  if (user?.totpEnabledAt) throw refuse('两步验证已开启');
  const pending = await openSecret(user?.totpPendingSecret);
  if (!pending) throw refuse('请先扫描二维码开始设置');
  const step = await matchTotp({ secret: pending, code: code.trim() });
  if (step === null) throw refuse(TWO_FACTOR_MESSAGES.wrongCode);
  const codes = await db.$transaction(async (tx) => {
    const { count } = await tx.adminUser.updateMany({
      where: { id: userId, totpEnabledAt: null, totpPendingSecret: user!.totpPendingSecret },
      data: {
        totpSecret: user!.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: new Date(),
        totpLastStep: step,
      },
    });
    if (count === 0) throw refuse('设置已在别处更改，请重新开始');
    await recordAudit(tx, { action: 'two_factor_on', targetType: 'user', targetId: userId });
    return replaceRecoveryCodes({ tx, userId });
  });
  await attempt.succeeded();
  forgetSessions({ userId });
  return { recovery_codes: codes };
};

/** Turns two-factor off with a code (or a recovery code); refused while a role requires it. */
export const disableTwoFactor = async ({
  userId,
  roles,
  code,
  deviceId,
}: CodeTry & { roles: readonly string[] }) => {
  if (await isTwoFactorRequired({ roles })) throw refuse('您的角色要求使用两步验证，不能关闭');
  await verifySecondFactor({ userId, code, deviceId });
  const db = await getDb();
  await db.$transaction(async (tx) => {
    await tx.adminUser.update({
      where: { id: userId },
      data: { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null },
    });
    await tx.adminRecoveryCode.deleteMany({ where: { userId } });
    await recordAudit(tx, { action: 'two_factor_off', targetType: 'user', targetId: userId });
  });
  forgetSessions({ userId });
  return null;
};

/** A new set of recovery codes (the old ones stop working), for a code of the authenticator. */
export const renewRecoveryCodes = async ({ userId, code, deviceId }: CodeTry) => {
  await verifySecondFactor({ userId, code, deviceId });
  const db = await getDb();
  const codes = await db.$transaction((tx) => replaceRecoveryCodes({ tx, userId }));
  return { recovery_codes: codes };
};
