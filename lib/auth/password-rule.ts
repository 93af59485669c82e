import { z } from '@/lib/validation/z';

import {
  DEFAULT_PASSWORD_POLICY,
  PASSWORD_CLASSES,
  PASSWORD_MAX_LENGTH,
  passwordRuleText,
  type PasswordPolicy,
} from './password-limits';

export { DEFAULT_PASSWORD_POLICY, PASSWORD_MAX_LENGTH, passwordRuleText };
export type { PasswordPolicy };

/** The new-password schema for a policy. */
export const newPasswordSchema = (policy: PasswordPolicy) => {
  const rule = passwordRuleText(policy);
  return z
    .string({ error: '请输入新密码' })
    .min(1, '请输入新密码')
    .min(policy.minLength, rule)
    .max(PASSWORD_MAX_LENGTH, rule)
    .refine(
      (value) => PASSWORD_CLASSES.filter((pattern) => pattern.test(value)).length >= policy.classes,
      rule,
    )
    .refine((value) => new TextEncoder().encode(value).length <= 72, '密码过长');
};

/** Any password the loosest policy could accept: the shape check at the API edge. */
export const ZNewPassword = z
  .string({ error: '请输入新密码' })
  .min(1, '请输入新密码')
  .max(PASSWORD_MAX_LENGTH, `密码不能超过 ${PASSWORD_MAX_LENGTH} 位`);
