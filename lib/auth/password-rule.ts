import { z } from 'zod';

// The password policy of 系统设置 (minimum length, how many kinds of character), shared by the
// forms and the server. bcrypt reads at most 72 bytes, so 64 characters is the ceiling.

export type PasswordPolicy = { minLength: number; classes: number };
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: 8, classes: 2 };
export const PASSWORD_MAX_LENGTH = 64;

const CLASSES = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/] as const;

export const passwordRuleText = ({ minLength, classes }: PasswordPolicy) =>
  `密码长度 ${minLength}–${PASSWORD_MAX_LENGTH} 位` +
  (classes > 1 ? `，且至少包含小写字母、大写字母、数字、符号中的 ${classes} 种` : '');

/** The new-password schema for a policy. */
export const newPasswordSchema = (policy: PasswordPolicy) => {
  const rule = passwordRuleText(policy);
  return z
    .string({ error: '请输入新密码' })
    .min(1, '请输入新密码')
    .min(policy.minLength, rule)
    .max(PASSWORD_MAX_LENGTH, rule)
    .refine((value) => CLASSES.filter((pattern) => pattern.test(value)).length >= policy.classes, rule)
    .refine((value) => new TextEncoder().encode(value).length <= 72, '密码过长');
};

/** Any password the loosest policy could accept: the shape check at the API edge. */
export const ZNewPassword = z
  .string({ error: '请输入新密码' })
  .min(1, '请输入新密码')
  .max(PASSWORD_MAX_LENGTH, `密码不能超过 ${PASSWORD_MAX_LENGTH} 位`);
