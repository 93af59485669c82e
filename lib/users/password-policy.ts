import 'server-only';
import { assertPasswordPolicy } from '@/lib/auth/password-policy';

/**
 * THE password check for passwords a user manager sets (create, reset): the policy of 系统设置
 * (minimum length, character kinds), refused with 400 and the policy in words.
 */
export const checkNewPassword = async (password: string | undefined) => assertPasswordPolicy(password ?? '');
