import 'server-only';
import { FAILED_SIGN_IN as failed, recordFailedSignIn } from '@/lib/audit/sign-in';
import { getDb } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { burnPasswordCheck, verifyPassword } from './password';
import type { TLoginInput, TLoginTwoFactorInput } from './schemas';
import { createSession } from './create-session';
import { takeAttempt, THROTTLE_MESSAGES, type CounterUse } from './throttle';
import { openTicket, sealTicket } from './two-factor/ticket';
import { TWO_FACTOR_MESSAGES, verifySecondFactor } from './two-factor/verify';

export const LOGIN_MESSAGES = {
  wrong: '用户名或密码错误',
  throttled: THROTTLE_MESSAGES.login,
  disabled: '该账号已被停用，请联系管理员',
  twoFactor: '请输入两步验证码',
  ticketInvalid: '登录验证已过期，请重新输入密码',
} as const;

type Client = { ip: string; userAgent: string };
type LoginOptions = TLoginInput & Client & { deviceId: string | null };
type UserRow = {
  id: number;
  username: string;
  passwordHash: string;
  isDisabled: boolean;
  hasTwoFactor: boolean;
  changed: Date | null;
};

/**
 * The counters one password try takes a point from (lib/auth/throttle.ts). A client with a valid
 * device cookie for this username (lib/auth/device-cookie.ts) is counted per device only; every
 * other client is counted per address+username, per address and per username, so failing on the
 * admin's username from anywhere cannot lock out the admin's own browser.
 */
const loginCounters = ({
  username,
  ip,
  deviceId,
}: {
  username: string;
  ip: string;
  deviceId: string | null;
}) => {
  const name = username.trim().toLowerCase();
  const uses: CounterUse[] = deviceId
    ? [{ counter: 'loginDevice', key: deviceId, onSuccess: 'reset' }]
    : [
        { counter: 'loginAddressUser', key: `${ip}|${name}`, onSuccess: 'reset' },
        { counter: 'loginAddress', key: ip, onSuccess: 'refund' },
        { counter: 'loginUser', key: name, onSuccess: 'refund' },
      ];
  return uses;
};

const findUser = async (where: { username: string } | { id: number }) => {
  const db = await getDb();
  // Usernames are unique regardless of case (index on lower(username)), so "Admin" signs in as admin.
  const condition =
    'id' in where ? Prisma.sql`id = ${where.id}` : Prisma.sql`lower(username) = lower(${where.username})`;
  const [user] = await db.$queryRaw<UserRow[]>`
    SELECT id, username, password_hash AS "passwordHash", is_disabled AS "isDisabled",
           totp_enabled_at IS NOT NULL AS "hasTwoFactor", password_changed_at AS changed
    FROM admin_user WHERE ${condition}`;
  return user;
};

const startSession = async ({ user, ip, userAgent }: { user: UserRow } & Client) => {
  const { token } = await createSession({ userId: user.id, ip, userAgent });
  // createSession writes the 操作日志 entry of the sign-in in the statement that makes the session.
  return { token, username: user.username };
};

/**
 * Step one: username and password. Answers the session token — or, for a user with two-factor on,
 * throws 60206 with a ticket (data.ticket) for step two (loginWithSecondFactor). Unknown usernames
 * cost one bcrypt compare, as known ones do.
 */
export const login = async ({ username, password, ip, userAgent, deviceId }: LoginOptions) => {
  const attempt = await takeAttempt({
    uses: loginCounters({ username, ip, deviceId }),
    message: LOGIN_MESSAGES.throttled,
  });
  const user = await findUser({ username });
  const isMatch = user
    ? await verifyPassword({ plain: password, hash: user.passwordHash })
    : await burnPasswordCheck(password);
  if (!user || !isMatch) {
    await recordFailedSignIn({
      username,
      userId: user?.id ?? null,
      reason: user ? failed.wrongPassword : failed.unknownUser,
    });
    throw new AppError({ code: ErrorCode.wrongCredentials, message: LOGIN_MESSAGES.wrong });
  }
  await attempt.succeeded();
  if (user.isDisabled) {
    await recordFailedSignIn({ username, userId: user.id, reason: failed.disabled });
    throw new AppError({ code: ErrorCode.forbidden, message: LOGIN_MESSAGES.disabled });
  }
  if (user.hasTwoFactor) {
    const ticket = await sealTicket({ userId: user.id, changed: user.changed?.getTime() ?? 0 });
    throw new AppError({
      code: ErrorCode.twoFactorRequired,
      message: LOGIN_MESSAGES.twoFactor,
      data: { ticket },
    });
  }
  return startSession({ user, ip, userAgent });
};

/**
 * Step two: the ticket of step one and a code from the authenticator (or a recovery code). The code
 * throttle counts a client with a device cookie for the ticket's user (`trustedDevice` reads it)
 * per device, every other client per user (twoFactorCounters).
 */
export const loginWithSecondFactor = async ({
  ticket,
  code,
  ip,
  userAgent,
  trustedDevice,
}: TLoginTwoFactorInput &
  Client & {
    /** The device id of this request's valid device cookie for `username`, or null. */
    trustedDevice: (username: string) => Promise<string | null>;
  }) => {
  const opened = await openTicket(ticket);
  const user = opened && (await findUser({ id: opened.userId }));
  // The ticket dies with the password it was won by, and with two-factor turned off meanwhile.
  if (!opened || !user || !user.hasTwoFactor || (user.changed?.getTime() ?? 0) !== opened.changed) {
    throw new AppError({ code: ErrorCode.badRequest, message: LOGIN_MESSAGES.ticketInvalid });
  }
  if (user.isDisabled) throw new AppError({ code: ErrorCode.forbidden, message: LOGIN_MESSAGES.disabled });
  // A wrong code: 400 and a failed sign-in entry (the password was right, so someone may know it);
  // too many tries: 429 from the code throttle, which checks nothing and so writes nothing.
  try {
    await verifySecondFactor({ userId: user.id, code, deviceId: await trustedDevice(user.username) });
  } catch (error) {
    if (error instanceof AppError && error.message === TWO_FACTOR_MESSAGES.wrongCode) {
      await recordFailedSignIn({ username: user.username, userId: user.id, reason: failed.wrongCode });
    }
    throw error;
  }
  return startSession({ user, ip, userAgent });
};
