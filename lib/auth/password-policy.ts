import 'server-only';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { readSystemSettings } from '@/lib/settings/system-settings';
import { newPasswordSchema, type PasswordPolicy } from './password-rule';

export const currentPasswordPolicy = async (): Promise<PasswordPolicy> => {
  const settings = await readSystemSettings();
  return { minLength: settings.password_min_length, classes: settings.password_classes };
};

/** Refuses (400, the policy in words) a new password the current policy of 系统设置 does not accept. */
export const assertPasswordPolicy = async (password: string) => {
  const parsed = newPasswordSchema(await currentPasswordPolicy()).safeParse(password);
  if (!parsed.success) {
    throw new AppError({
      code: ErrorCode.badRequest,
      message: parsed.error.issues[0]?.message ?? '密码不符合要求',
    });
  }
};
