import { z } from 'zod';

// Shared by the change-password form and the server. bcrypt reads at most 72 bytes.
export const PASSWORD_RULE_TEXT = '密码长度 8–64 位，且须同时包含字母和数字';

export const ZNewPassword = z
  .string({ error: '请输入新密码' })
  .min(8, PASSWORD_RULE_TEXT)
  .max(64, PASSWORD_RULE_TEXT)
  .refine((value) => /[A-Za-z]/.test(value) && /\d/.test(value), PASSWORD_RULE_TEXT)
  .refine((value) => new TextEncoder().encode(value).length <= 72, '密码过长');
