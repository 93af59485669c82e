import 'server-only';
import { getDb } from '@/lib/db/client';
import type { AuthSession } from '../session';
import { trustedDeviceId } from '../device-cookie';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { takeAttempt, THROTTLE_MESSAGES, type CounterUse } from '../throttle';
import { spendRecoveryCode } from './recovery-codes';
import { openSecret } from './secret-box';
import { matchTotp } from './totp';

export const TWO_FACTOR_MESSAGES = {
  wrongCode: '验证码不正确',
  notEnabled: '尚未开启两步验证',
  unreadable: '两步验证密钥无法读取，请联系管理员重置两步验证',
} as const;

const wrongCode = () => new AppError({ code: ErrorCode.badRequest, message: TWO_FACTOR_MESSAGES.wrongCode });

/**
 * The counter a code try takes a point from, as loginCounters does for passwords: a client holding a
 * valid device cookie for the user (`deviceId`, lib/auth/device-cookie.ts) is counted on its own
 * device counter only; every other client on the user's. So someone who knows the password and
 * fails codes from elsewhere exhausts the untrusted counter, and the owner's own browser still
 * signs in (and still turns two-factor off or renews recovery codes) with the right code.
 */
export const twoFactorCounters = ({
  userId,
  deviceId,
}: {
  userId: number;
  deviceId: string | null;
}): CounterUse[] =>
  deviceId
    ? [{ counter: 'twoFactorDevice', key: `${userId}|${deviceId}`, onSuccess: 'reset' }]
    : [{ counter: 'twoFactor', key: String(userId), onSuccess: 'reset' }];

/** A code tried by a user: the device id of a valid device cookie of theirs on the request, or null. */
export type CodeTry = { userId: number; code: string; deviceId: string | null };

/** A code the signed-in user sends (turning two-factor on or off, new recovery codes), with its device. */
export const codeTryOf = async ({
  session,
  request,
  code,
}: {
  session: AuthSession;
  request: Request;
  code: string;
}): Promise<CodeTry> => ({
  userId: session.user.id,
  code,
  deviceId: await trustedDeviceId({ request, username: session.user.username }),
});

/** Takes a point of the try's two-factor counter (429 when spent); answers the attempt to settle. */
export const takeCodeAttempt = ({ userId, deviceId }: Omit<CodeTry, 'code'>) =>
  takeAttempt({ uses: twoFactorCounters({ userId, deviceId }), message: THROTTLE_MESSAGES.twoFactor });

/**
 * Checks a second factor of a user who has two-factor on: a 6-digit code from the authenticator
 * (each code once: its time step must be newer than the last one accepted) or one unused recovery
 * code (then used up). Every try takes a point of its two-factor counter first (twoFactorCounters;
 * 429 when spent), so codes cannot be guessed faster than 系统设置 allows. Throws 400 on a wrong code.
 */
export const verifySecondFactor = async ({ userId, code, deviceId }: CodeTry) => {
  const attempt = await takeCodeAttempt({ userId, deviceId });
  const db = await getDb();
  const user = await db.adminUser.findUnique({
    where: { id: userId },
    select: { totpSecret: true, totpEnabledAt: true, totpLastStep: true },
  });
  if (!user?.totpEnabledAt)
    throw new AppError({ code: ErrorCode.badRequest, message: TWO_FACTOR_MESSAGES.notEnabled });
  const secret = await openSecret(user.totpSecret);
  if (!secret) throw new AppError({ code: ErrorCode.badRequest, message: TWO_FACTOR_MESSAGES.unreadable });

  const trimmed = code.trim();
  const step = await matchTotp({
    secret,
    code: trimmed,
    afterStep: user.totpLastStep === null ? null : Number(user.totpLastStep),
  });
  if (step !== null) {
    // Conditional on the step read: of two parallel uses of one code only one moves it.
    const { count } = await db.adminUser.updateMany({
      where: { id: userId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
      data: { totpLastStep: step },
    });
    if (count !== 1) throw wrongCode();
    await attempt.succeeded();
    return { method: 'totp' as const };
  }
  if (await spendRecoveryCode({ db, userId, code: trimmed })) {
    await attempt.succeeded();
    return { method: 'recovery' as const };
  }
  throw wrongCode();
};
