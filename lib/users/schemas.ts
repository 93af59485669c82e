import { z } from '@/lib/validation/z';
import { ROLES } from '@/lib/auth/roles';
import type { SessionUser } from '@/lib/auth/session';
import { zId, zLimit, zPage } from '@/lib/validation/integers';

export const USER_LIST_MAX_LIMIT = 100;

/** A user, session or category id (the shared id rule: a positive int4, as a number or plain digits). */
const ZId = zId();

export const ZUserListQuery = z.object({
  page: zPage(),
  limit: zLimit({ max: USER_LIST_MAX_LIMIT, fallback: 20 }),
  keyword: z.string().trim().max(64, '搜索条件过长').optional(),
});
export type TUserListQuery = z.infer<typeof ZUserListQuery>;

export const USERNAME_RULE_TEXT = '用户名 2–64 位，只能包含字母、数字和 _ . @ -';

const ZAvatar = z
  .string({ error: '头像地址不正确' })
  .trim()
  .max(500, '头像地址过长')
  .refine((value) => value === '' || /^(\/(?!\/)|https?:\/\/)\S*$/.test(value), '头像地址不正确');

export const ZSaveUserInput = z.object({
  id: ZId.optional(),
  username: z
    .string({ error: '请输入用户名' })
    .trim()
    .min(1, '请输入用户名')
    .min(2, USERNAME_RULE_TEXT)
    .max(64, USERNAME_RULE_TEXT)
    .regex(/^[A-Za-z0-9_.@-]+$/, USERNAME_RULE_TEXT),
  name: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(64, '姓名不能超过 64 个字'),
  avatar: ZAvatar.optional(),
  introduction: z.string({ error: '简介不正确' }).trim().max(500, '简介不能超过 500 个字').optional(),
  roles: z
    .array(z.enum(ROLES, { error: '角色不正确' }), { error: '请选择角色' })
    .min(1, '请至少选择一个角色')
    .max(ROLES.length * 2, '角色不正确')
    .transform((roles) => [...new Set(roles)]),
  class_ids: z
    .array(ZId, { error: '栏目权限不正确' })
    .max(1000, '栏目权限最多选择 1000 个栏目')
    .transform((ids) => [...new Set(ids)])
    .optional(),
  is_disabled: z.boolean({ error: '启用状态不正确' }).optional(),
  // Only on create; the policy itself is checked by assertPasswordPolicy (the policy of 系统设置) in the service.
  password: z.string({ error: '请输入密码' }).max(128, '密码过长').optional(),
});
export type TSaveUserInput = z.infer<typeof ZSaveUserInput>;

export const ZUserIdInput = z.object({ id: ZId });

export const ZResetPasswordInput = z.object({
  id: ZId,
  password: z.string({ error: '请输入新密码' }).min(1, '请输入新密码').max(128, '密码过长'),
});

export const ZSessionIdInput = z.object({ id: ZId });

/** A user as the list answers it: never a password or hash. Times are 10-digit seconds. */
export type UserRow = Omit<SessionUser, 'classIds' | 'hasTwoFactor'> & {
  class_ids: number[];
  is_disabled: boolean;
  /** Two-factor sign-in is on (an admin may reset it: 重置两步验证). */
  two_factor: boolean;
  last_login_at: number | null;
  last_login_ip: string;
  created_at: number;
};

export type MySession = {
  id: number;
  device: string;
  user_agent: string;
  ip: string;
  created_at: number;
  last_seen_at: number;
  is_current: boolean;
};

/** 个人中心's 登录设备, a page at a time (a user has at most MAX_LIVE_SESSIONS live sessions). */
export const ZMySessionsQuery = z.object({
  page: zPage(),
  limit: zLimit({ max: 100, fallback: 10 }),
});
export type TMySessionsQuery = z.infer<typeof ZMySessionsQuery>;

export type ClassOption = { id: number; name: string; children: ClassOption[] };
