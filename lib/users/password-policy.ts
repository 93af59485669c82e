import 'server-only';
import { ZNewPassword } from '@/lib/auth/password-rule';
import { AppError, ErrorCode } from '@/lib/http/app-error';

/**
 * THE password check for passwords a user manager sets (create, reset). One place, async, so the
 * configurable policy of 系统设置 can replace the fixed rule without touching the callers.
 */
export const checkNewPassword = async (password: string | undefined) => {
  const result = ZNewPassword.safeParse(password ?? '');
  if (!result.success) {
    throw new AppError({
      code: ErrorCode.badRequest,
      message: result.error.issues[0]?.message ?? '密码不符合要求',
    });
  }
};
