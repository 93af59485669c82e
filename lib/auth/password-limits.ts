// The password policy of 系统设置 (minimum length, how many kinds of character), shared by the
// forms and the server. bcrypt reads at most 72 bytes, so 64 characters is the ceiling. No zod
// here: the signed-in shell shows the rule without loading the schemas (lib/auth/password-rule.ts).

export type PasswordPolicy = { minLength: number; classes: number };
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: 8, classes: 2 };
export const PASSWORD_MAX_LENGTH = 64;

export const PASSWORD_CLASSES = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/] as const;

export const passwordRuleText = ({ minLength, classes }: PasswordPolicy) =>
  `密码长度 ${minLength}–${PASSWORD_MAX_LENGTH} 位` +
  (classes > 1 ? `，且至少包含小写字母、大写字母、数字、符号中的 ${classes} 种` : '');
