import { z } from '@/lib/validation/z';
import { LOGIN_RULES } from './login-rules';
import { ZNewPassword } from './password-rule';

const { username, password } = LOGIN_RULES;
export const ZLoginInput = z.object({
  username: z
    .string({ error: username.required })
    .trim()
    .min(1, username.required)
    .max(username.max, username.tooLong),
  password: z
    .string({ error: password.required })
    .min(1, password.required)
    .max(password.max, password.tooLong),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;

/** A code from the authenticator (6 digits) or a recovery code (xxxx-xxxx-xxxx). */
export const ZTwoFactorCode = z
  .string({ error: '请输入验证码' })
  .trim()
  .min(1, '请输入验证码')
  .max(32, '验证码不正确');

export const ZLoginTwoFactorInput = z.object({
  ticket: z
    .string({ error: '登录验证已过期，请重新输入密码' })
    .min(1, '登录验证已过期，请重新输入密码')
    .max(4000, '登录验证已过期，请重新输入密码'),
  code: ZTwoFactorCode,
});
export type TLoginTwoFactorInput = z.infer<typeof ZLoginTwoFactorInput>;

export const ZTwoFactorCodeInput = z.object({ code: ZTwoFactorCode });

export const ZChangePasswordInput = z
  .object({
    old_password: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(128, '原密码不正确'),
    new_password: ZNewPassword,
  })
  .refine((input) => input.old_password !== input.new_password, {
    message: '新密码不能与原密码相同',
    path: ['new_password'],
  });
export type TChangePasswordInput = z.infer<typeof ZChangePasswordInput>;
