import { z } from '@/lib/validation/z';
import { isFileUrl } from '@/lib/fields/file-url';
import { DEFAULT_PASSWORD_POLICY } from '@/lib/auth/password-rule';
import { integerOf, zInteger } from '@/lib/validation/integers';
import { ROLES } from '@/lib/auth/roles';
import { DEFAULT_PRODUCT_TITLE, PAGE_SIZE_OPTIONS, type SiteSettings } from './site-settings';

// The settings of 系统设置: one JSON row in system_setting (key 'system'). Shared by the server
// (validation on save) and the form (the same rules before sending). No server-only imports here.

export { DEFAULT_PRODUCT_TITLE, PAGE_SIZE_OPTIONS };
export type { SiteSettings };

const int = ({ label, min, max }: { label: string; min: number; max: number }) =>
  zInteger({
    min,
    max,
    message: `${label}必须是整数`,
    tooSmall: `${label}不能小于 ${min}`,
    tooBig: `${label}不能大于 ${max}`,
  });

const text = ({ label, max }: { label: string; max: number }) =>
  z
    .string({ error: `${label}必须是文字` })
    .trim()
    .max(max, `${label}不能超过 ${max} 个字`)
    .refine(
      (value) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(value),
      `${label}含有不可见的控制字符`,
    );

export const ZSystemSettings = z.strictObject(
  {
    title: text({ label: '系统名称', max: 30 }).pipe(z.string().min(1, '请填写系统名称')),
    logo: z
      .string({ error: 'Logo 必须是图片地址' })
      .trim()
      .refine((value) => value === '' || isFileUrl(value), 'Logo 地址不正确'),
    login_subtitle: text({ label: '登录页副标题', max: 100 }),
    footer: text({ label: '页脚', max: 200 }),
    session_idle_minutes: int({ label: '空闲超时（分钟）', min: 5, max: 10_080 }),
    session_max_hours: int({ label: '登录有效期（小时）', min: 1, max: 8_760 }),
    password_min_length: int({ label: '密码最短长度', min: 8, max: 64 }),
    password_classes: int({ label: '密码须含字符种类', min: 1, max: 4 }),
    login_max_failures: int({ label: '允许连续失败次数', min: 3, max: 20 }),
    login_window_minutes: int({ label: '失败计数时间窗（分钟）', min: 1, max: 1_440 }),
    // Users holding any of these roles must sign in with two-factor (lib/auth/two-factor/policy.ts).
    two_factor_roles: z
      .array(z.enum(ROLES, { error: '须开启两步验证的角色不正确' }), { error: '须开启两步验证的角色不正确' })
      .max(ROLES.length * 2, '须开启两步验证的角色不正确')
      .transform((roles) => [...new Set(roles)]),
    page_size: z
      .unknown()
      .transform((value) => integerOf(value))
      .refine(
        (value): value is number =>
          value !== null && (PAGE_SIZE_OPTIONS as readonly number[]).includes(value),
        `默认每页条数只能是 ${PAGE_SIZE_OPTIONS.join('、')}`,
      ),
    error_log: z.boolean({ error: '错误日志开关只能是开或关' }),
    // 历史版本 kept per item (0 = all) and days an item stays in the 回收站 (0 = until purged by hand).
    revision_keep: int({ label: '每条内容保留的历史版本数', min: 0, max: 1_000 }),
    recycle_days: int({ label: '回收站保留天数', min: 0, max: 3_650 }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `未知的设置项：${issue.keys.join('、')}` : undefined,
  },
);
export type SystemSettings = z.infer<typeof ZSystemSettings>;

/** What a fresh install behaves like; SESSION_IDLE_MINUTES / SESSION_MAX_HOURS only seed these. */
export const defaultSystemSettings = (env: Record<string, string | undefined> = {}): SystemSettings => {
  const seed = (raw: string | undefined, fallback: number, min: number, max: number) => {
    const value = Number(raw);
    return Number.isInteger(value) && value >= min && value <= max ? value : fallback;
  };
  return {
    title: DEFAULT_PRODUCT_TITLE,
    logo: '',
    login_subtitle: '',
    footer: '',
    session_idle_minutes: seed(env.SESSION_IDLE_MINUTES, 240, 5, 10_080),
    session_max_hours: seed(env.SESSION_MAX_HOURS, 168, 1, 8_760),
    password_min_length: DEFAULT_PASSWORD_POLICY.minLength,
    password_classes: DEFAULT_PASSWORD_POLICY.classes,
    login_max_failures: 5,
    login_window_minutes: 15,
    two_factor_roles: [],
    page_size: 10,
    error_log: true,
    revision_keep: 50,
    recycle_days: 30,
  };
};

/**
 * A stored row read leniently: each key that is still valid is kept, any other (a key from an
 * older version, a hand edit gone wrong) falls back to its default, so a bad row never breaks
 * sign-in.
 */
export const mergeStoredSettings = ({ stored, defaults }: { stored: unknown; defaults: SystemSettings }) => {
  const result: Record<string, unknown> = { ...defaults };
  if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
    for (const [key, schema] of Object.entries(ZSystemSettings.shape)) {
      if (!(key in stored)) continue;
      const parsed = (schema as z.ZodType).safeParse((stored as Record<string, unknown>)[key]);
      if (parsed.success) result[key] = parsed.data;
    }
  }
  return result as SystemSettings;
};

export const toSiteSettings = (settings: SystemSettings): SiteSettings => ({
  title: settings.title,
  logo: settings.logo,
  login_subtitle: settings.login_subtitle,
  footer: settings.footer,
  page_size: settings.page_size,
  error_log: settings.error_log,
  password_min_length: settings.password_min_length,
  password_classes: settings.password_classes,
  recycle_days: settings.recycle_days,
});
