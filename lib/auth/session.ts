import 'server-only';
import { auditInsertFrom, type AuditEntry } from '@/lib/audit/record';
import { BoundedMap } from '@/lib/cache/bounded-map';
import { getDb, getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { readSystemSettings } from '@/lib/settings/system-settings';
import { hashToken } from './token';

export const minutes = (n: number) => n * 60_000;
// lastSeenAt is refreshed at most this often, so reads do not turn into writes on every call.
const TOUCH_EVERY_MS = 60_000;

export type SessionUser = {
  id: number;
  username: string;
  name: string;
  avatar: string;
  introduction: string;
  roles: string[];
  /** The categories the user is limited to (with their descendants); empty = all. */
  classIds: number[];
  /** Two-factor sign-in is on for this user. */
  hasTwoFactor: boolean;
};

export type AuthSession = { sessionId: number; user: SessionUser };

type SessionRow = {
  session_id: number;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  revoke_reason: string | null;
  // NULL when the user has been deleted (the session row outlives it, see the schema).
  id: number | null;
  username: string;
  name: string;
  avatar: string;
  introduction: string;
  roles: string[] | null;
  class_ids: number[] | null;
  is_disabled: boolean;
  has_two_factor: boolean | null;
};

export const RevokeReason = {
  logout: 'logout',
  passwordChanged: 'password_changed',
  disabled: 'disabled',
  userDeleted: 'user_deleted',
  /** Roles or category rights changed by a user manager: the session must sign in again. */
  rightsChanged: 'rights_changed',
  passwordReset: 'password_reset',
  /** Two-factor reset by a user manager (重置两步验证). */
  twoFactorReset: 'two_factor_reset',
  /** Ended by its owner in 个人中心. */
  endedByOwner: 'ended_by_owner',
  /** Ended by a new sign-in of its user, who already held MAX_LIVE_SESSIONS live sessions. */
  sessionLimit: 'session_limit',
} as const;

export const SESSION_MESSAGES = {
  missing: '请先登录',
  invalid: '登录状态无效，请重新登录',
  ended: '您已在其他地方退出登录或修改了密码，请重新登录',
  disabled: '该账号已被停用，请联系管理员',
  expired: '登录已过期，请重新登录',
  deleted: '该账号已被删除，请联系管理员',
} as const;

/** What a session revoked for `reason` answers (50012); reasons not listed answer SESSION_MESSAGES.ended. */
const ENDED_MESSAGES: Record<string, string> = {
  [RevokeReason.disabled]: SESSION_MESSAGES.disabled,
  [RevokeReason.userDeleted]: SESSION_MESSAGES.deleted,
  [RevokeReason.rightsChanged]: '您的角色或栏目权限已被修改，请重新登录',
  [RevokeReason.passwordReset]: '您的密码已被管理员重置，请重新登录',
  [RevokeReason.twoFactorReset]: '您的两步验证已被管理员重置，请重新登录',
  [RevokeReason.endedByOwner]: '此登录已在个人中心被结束，请重新登录',
  [RevokeReason.sessionLimit]: '登录设备过多，此会话已被新的登录替换，请重新登录',
};

/**
 * Session rows read in the last SESSION_CACHE_MS (default 1000) by this process, by token hash.
 * Every check still runs in full on the cached row (revoked, disabled, idle, expired); only the
 * read is saved, which on the hot list path is one of its two round trips. Whatever this process
 * changes (logout, password change, revocation, user edits through forgetSessions) drops the
 * entries at once; a change made by another process or by hand in the database is seen within
 * SESSION_CACHE_MS. 0 turns the cache off. Cache: 10,000 sessions (least recently used evicted),
 * each kept SESSION_CACHE_MS from its read (the env value is read on every use).
 */
const cacheMs = () => Number(process.env.SESSION_CACHE_MS ?? 1000) || 0;
// On globalThis: the API's route bundles and Next's page bundles each load their own copy of this
// module. With a cache per copy, a sign-out or a two-factor set-up through the API would leave the
// pages' copy serving the old row for up to SESSION_CACHE_MS (the page guard then sent the user
// back to 个人中心, or /login back into the app).
type SessionCacheState = {
  rows: BoundedMap<string, SessionRow>;
  // Bumped by every forget: a read that was in flight across one must not cache what it saw.
  generation: number;
};
const store = globalThis as typeof globalThis & { __cmsSessionCache?: SessionCacheState };
const cacheState = (store.__cmsSessionCache ??= {
  rows: new BoundedMap<string, SessionRow>({ max: 10_000, ttlMs: cacheMs }),
  generation: 0,
});
const sessionCache = cacheState.rows;

/** Drops cached session rows: of one session, of one user's sessions, or all of them. */
export const forgetSessions = (which: { sessionId?: number; userId?: number } = {}) => {
  cacheState.generation += 1;
  if (which.sessionId === undefined && which.userId === undefined) {
    sessionCache.clear();
    return;
  }
  sessionCache.deleteWhere((row) => row.session_id === which.sessionId || row.id === which.userId);
};

const readSessionRow = async (tokenHash: string) => {
  const ttl = cacheMs();
  const cached = ttl > 0 ? sessionCache.get(tokenHash) : undefined;
  if (cached) return cached;
  const sql = await getSql();
  const readGeneration = cacheState.generation;
  const [row] = await sql.query<SessionRow>(
    Prisma.sql`
    SELECT s.id AS session_id, s.created_at, s.last_seen_at, s.expires_at, s.revoked_at, s.revoke_reason,
           u.id, u.username, u.name, u.avatar, u.introduction, u.roles, u.class_ids, u.is_disabled,
           u.totp_enabled_at IS NOT NULL AS has_two_factor
    FROM admin_session s LEFT JOIN admin_user u ON u.id = s.user_id
    WHERE s.token_hash = ${tokenHash}`,
    { prepare: true },
  );
  // Unknown tokens are not remembered: a stream of made-up tokens must not fill the memory.
  if (row && ttl > 0 && readGeneration === cacheState.generation) sessionCache.set(tokenHash, row);
  return row;
};

/** Resolves a token to its live session or throws the code the client acts on (50008/50012/50014). */
export const authenticate = async ({ token }: { token: string | null | undefined }): Promise<AuthSession> => {
  if (!token) throw new AppError({ code: ErrorCode.tokenInvalid, message: SESSION_MESSAGES.missing });
  const row = await readSessionRow(hashToken(token));
  const session = row && {
    id: row.session_id,
    lastSeenAt: new Date(row.last_seen_at),
    expiresAt: new Date(row.expires_at),
    revokedAt: row.revoked_at,
    revokeReason: row.revoke_reason,
    user: {
      id: row.id,
      username: row.username,
      name: row.name,
      avatar: row.avatar,
      introduction: row.introduction,
      roles: row.roles ?? [],
      classIds: row.class_ids ?? [],
      hasTwoFactor: Boolean(row.has_two_factor),
      isDisabled: row.is_disabled,
    },
  };
  if (!session || (session.revokedAt && session.revokeReason === RevokeReason.logout)) {
    throw new AppError({ code: ErrorCode.tokenInvalid, message: SESSION_MESSAGES.invalid });
  }
  if (session.revokedAt) {
    const message = ENDED_MESSAGES[session.revokeReason ?? ''] ?? SESSION_MESSAGES.ended;
    throw new AppError({ code: ErrorCode.sessionEnded, message });
  }
  if (session.user.id === null)
    throw new AppError({ code: ErrorCode.sessionEnded, message: SESSION_MESSAGES.deleted });
  if (session.user.isDisabled)
    throw new AppError({ code: ErrorCode.sessionEnded, message: SESSION_MESSAGES.disabled });
  // The lifetimes of 系统设置 apply at once, to sessions that already exist too.
  const { session_idle_minutes, session_max_hours } = await readSystemSettings();
  const now = Date.now();
  const endsAt = Math.min(
    session.expiresAt.getTime(),
    new Date(row.created_at).getTime() + minutes(60 * session_max_hours),
  );
  if (endsAt <= now || session.lastSeenAt.getTime() + minutes(session_idle_minutes) <= now) {
    throw new AppError({ code: ErrorCode.tokenExpired, message: SESSION_MESSAGES.expired });
  }
  if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    const db = await getDb();
    await db.adminSession.update({ where: { id: session.id }, data: { lastSeenAt: new Date(now) } });
    row.last_seen_at = new Date(now);
  }
  const { isDisabled: _disabled, id: userId, ...user } = session.user;
  return { sessionId: session.id, user: { ...user, id: userId } };
};

/** Ends one session; with `audit`, the entry is written in the same statement, only if it ended it. */
export const revokeSession = async ({
  sessionId,
  reason,
  audit,
}: {
  sessionId: number;
  reason: string;
  audit?: AuditEntry;
}) => {
  const db = await getDb();
  const logged = audit
    ? Prisma.sql`, logged AS (${auditInsertFrom({ entry: audit, from: Prisma.sql`ended` })})`
    : Prisma.empty;
  await db.$queryRaw`
    WITH ended AS (
      UPDATE admin_session SET revoked_at = now(), revoke_reason = ${reason}
      WHERE id = ${sessionId} AND revoked_at IS NULL RETURNING id)
    ${logged}
    SELECT id FROM ended`;
  forgetSessions({ sessionId });
};
