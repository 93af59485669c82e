// The limits and wording of the sign-in fields, shared by the API's schema (lib/auth/schemas.ts)
// and the login page, which checks them without zod so that its bundle stays small.

export const LOGIN_RULES = {
  username: { max: 64, required: '请输入用户名', tooLong: '用户名过长' },
  password: { max: 128, required: '请输入密码', tooLong: '密码过长' },
} as const;

export type LoginFields = { username: string; password: string };
export type LoginFieldErrors = Partial<Record<keyof LoginFields, string>>;

/** The input as the API's schema takes it (username trimmed), or the first problem of each field. */
export const checkLoginInput = (
  input: LoginFields,
): { data: LoginFields; errors: null } | { data: null; errors: LoginFieldErrors } => {
  const data = { username: input.username.trim(), password: input.password };
  const errors: LoginFieldErrors = {};
  for (const field of ['username', 'password'] as const) {
    const rule = LOGIN_RULES[field];
    if (!data[field]) errors[field] = rule.required;
    else if (data[field].length > rule.max) errors[field] = rule.tooLong;
  }
  return Object.keys(errors).length ? { data: null, errors } : { data, errors: null };
};
