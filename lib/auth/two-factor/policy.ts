import 'server-only';
import { readSystemSettings } from '@/lib/settings/system-settings';

/** Whether 系统设置 makes a user with these roles sign in with two-factor (two_factor_roles). */
export const isTwoFactorRequired = async ({ roles }: { roles: readonly string[] }) => {
  const { two_factor_roles } = await readSystemSettings();
  return roles.some((role) => (two_factor_roles as readonly string[]).includes(role));
};

export const TWO_FACTOR_REQUIRED_MESSAGE = '您的角色要求开启两步验证，请先在个人中心完成设置';
