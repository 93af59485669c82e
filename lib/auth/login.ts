import 'server-only';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { burnPasswordCheck, verifyPassword } from './password';
import type { TLoginInput } from './schemas';
import { createSession } from './session';
import { isLoginThrottled, recordLoginAttempt } from './throttle';

export const LOGIN_MESSAGES = {
  wrong: '用户名或密码错误',
  throttled: '登录失败次数过多，请稍后再试',
  disabled: '该账号已被停用，请联系管理员',
} as const;

type LoginOptions = TLoginInput & { ip: string; userAgent: string };

export const login = async ({ username, password, ip, userAgent }: LoginOptions) => {
  if (await isLoginThrottled({ username, ip })) {
    throw new AppError({ code: ErrorCode.tooManyRequests, message: LOGIN_MESSAGES.throttled });
  }
  const db = await getDb();
  // Usernames are unique regardless of case (index on lower(username)), so "Admin" signs in as admin.
  const [user] = await db.$queryRaw<{ id: number; passwordHash: string; isDisabled: boolean }[]>`
    SELECT id, password_hash AS "passwordHash", is_disabled AS "isDisabled"
    FROM admin_user WHERE lower(username) = lower(${username})`;
  const isMatch = user
    ? await verifyPassword({ plain: password, hash: user.passwordHash })
    : await burnPasswordCheck(password);
  if (!user || !isMatch) {
    await recordLoginAttempt({ username, ip, isSuccess: false });
    throw new AppError({ code: ErrorCode.wrongCredentials, message: LOGIN_MESSAGES.wrong });
  }
  if (user.isDisabled) throw new AppError({ code: ErrorCode.forbidden, message: LOGIN_MESSAGES.disabled });
  await recordLoginAttempt({ username, ip, isSuccess: true });
  return createSession({ userId: user.id, ip, userAgent });
};
