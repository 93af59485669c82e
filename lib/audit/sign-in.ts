import 'server-only';
import { getDb } from '@/lib/db/client';
import type { AuditEntry } from './record';
import { recordAudit } from './record';

// The sign-in entries of the 操作日志, so that lib/auth/login.ts and logout.ts need one line each.
// A sign-in is recorded by createSession and a sign-out by revokeSession, in the statement that
// creates or ends the session (lib/auth/session.ts).

export const FAILED_SIGN_IN = {
  wrongPassword: '密码错误',
  unknownUser: '用户名不存在',
  disabled: '账号已停用',
  // The password was right: worth seeing in the log, since someone else may know it.
  wrongCode: '两步验证码错误',
} as const;

/**
 * A refused sign-in: the account tried (its id when it exists) and why. Its own statement: the
 * failure changes nothing else that this entry could be out of step with.
 */
export const recordFailedSignIn = async ({
  username,
  userId,
  reason,
}: {
  username: string;
  userId: number | null;
  reason: (typeof FAILED_SIGN_IN)[keyof typeof FAILED_SIGN_IN];
}) =>
  recordAudit(await getDb(), {
    action: 'login_failed',
    targetType: 'user',
    targetId: userId,
    user: { id: userId, username },
    detail: { name: username, reason },
  });

/** The entry of a sign-out by `user` (the caller is not signed in any more when it is written). */
export const signOutEntry = (user: { id: number; username: string }): AuditEntry => ({
  action: 'logout',
  targetType: 'user',
  targetId: user.id,
  user,
  detail: { name: user.username },
});
