import 'server-only';
import { getDb, getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { hashToken, newToken } from './token';

const minutes = (n: number) => n * 60_000;
const IDLE_MS = minutes(Number(process.env.SESSION_IDLE_MINUTES) || 240);
const ABSOLUTE_MS = minutes(60 * (Number(process.env.SESSION_MAX_HOURS) || 168));
// lastSeenAt is refreshed at most this often, so reads do not turn into writes on every call.
const TOUCH_EVERY_MS = 60_000;

export type SessionUser = {
  id: number;
  username: string;
  name: string;
  avatar: string;
  introduction: string;
  roles: string[];
};

export type AuthSession = { sessionId: number; user: SessionUser };

type SessionRow = {
  session_id: number; last_seen_at: Date; expires_at: Date; revoked_at: Date | null; revoke_reason: string | null;
  id: number; username: string; name: string; avatar: string; introduction: string; roles: string[] | null; is_disabled: boolean;
};

export const RevokeReason = { logout: 'logout', passwordChanged: 'password_changed', disabled: 'disabled' } as const;

export const SESSION_MESSAGES = {
  missing: '请先登录',
  invalid: '登录状态无效，请重新登录',
  ended: '您已在其他地方退出登录或修改了密码，请重新登录',
  disabled: '该账号已被停用，请联系管理员',
  expired: '登录已过期，请重新登录',
} as const;

export const createSession = async ({ userId, ip, userAgent }: { userId: number; ip: string; userAgent: string }) => {
  const db = await getDb();
  const token = newToken();
  const now = Date.now();
  await db.adminSession.create({
    data: {
      userId,
      tokenHash: hashToken(token),
      ip: ip.slice(0, 64),
      userAgent: userAgent.slice(0, 300),
      expiresAt: new Date(now + ABSOLUTE_MS),
    },
  });
  return { token };
};

/** Resolves a token to its live session or throws the code the client acts on (50008/50012/50014). */
export const authenticate = async ({ token }: { token: string | null | undefined }): Promise<AuthSession> => {
  if (!token) throw new AppError({ code: ErrorCode.tokenInvalid, message: SESSION_MESSAGES.missing });
  const sql = await getSql();
  // Every manage call runs this: one raw round trip on the driver (see bench/).
  const rows = await sql.query<SessionRow>(Prisma.sql`
    SELECT s.id AS session_id, s.last_seen_at, s.expires_at, s.revoked_at, s.revoke_reason,
           u.id, u.username, u.name, u.avatar, u.introduction, u.roles, u.is_disabled
    FROM admin_session s JOIN admin_user u ON u.id = s.user_id
    WHERE s.token_hash = ${hashToken(token)}`, { prepare: true });
  const row = rows[0];
  const session = row && {
    id: row.session_id,
    lastSeenAt: new Date(row.last_seen_at),
    expiresAt: new Date(row.expires_at),
    revokedAt: row.revoked_at,
    revokeReason: row.revoke_reason,
    user: { id: row.id, username: row.username, name: row.name, avatar: row.avatar, introduction: row.introduction, roles: row.roles ?? [], isDisabled: row.is_disabled },
  };
  if (!session || (session.revokedAt && session.revokeReason === RevokeReason.logout)) {
    throw new AppError({ code: ErrorCode.tokenInvalid, message: SESSION_MESSAGES.invalid });
  }
  if (session.revokedAt) {
    const message = session.revokeReason === RevokeReason.disabled ? SESSION_MESSAGES.disabled : SESSION_MESSAGES.ended;
    throw new AppError({ code: ErrorCode.sessionEnded, message });
  }
  if (session.user.isDisabled) throw new AppError({ code: ErrorCode.sessionEnded, message: SESSION_MESSAGES.disabled });
  const now = Date.now();
  if (session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() + IDLE_MS <= now) {
    throw new AppError({ code: ErrorCode.tokenExpired, message: SESSION_MESSAGES.expired });
  }
  if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    const db = await getDb();
    await db.adminSession.update({ where: { id: session.id }, data: { lastSeenAt: new Date(now) } });
  }
  const { isDisabled: _disabled, ...user } = session.user;
  return { sessionId: session.id, user };
};

export const revokeSession = async ({ sessionId, reason }: { sessionId: number; reason: string }) => {
  const db = await getDb();
  await db.adminSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date(), revokeReason: reason } });
};

/** Ends every live session of a user except `keepSessionId` (password change, account disabled). */
export const revokeUserSessions = async ({ userId, reason, keepSessionId }: { userId: number; reason: string; keepSessionId?: number }) => {
  const db = await getDb();
  await db.adminSession.updateMany({
    where: { userId, revokedAt: null, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
    data: { revokedAt: new Date(), revokeReason: reason },
  });
};
