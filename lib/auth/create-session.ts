import 'server-only';
import { auditInsertFrom } from '@/lib/audit/record';
import { getDb } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { readSystemSettings } from '@/lib/settings/system-settings';
import { deviceName } from '@/lib/users/device-name';
import { forgetSessions, minutes, RevokeReason } from './session';
import { hashToken, newToken } from './token';

// Signing in: a new session, within the cap of live sessions per user. Reading and ending sessions
// (authenticate, revokeSession, the per-process cache) stay in session.ts.

/** Live sessions one user may hold: a sign-in beyond this ends the least recently used one. */
export const MAX_LIVE_SESSIONS = 100;

/**
 * SQL true for a row `s` of admin_session that authenticate would accept now: not revoked, not past
 * its expiry nor the 系统设置 lifetimes in force (最长有效期 from its sign-in, 空闲超时 from its last use).
 */
export const liveSessionSql = async () => {
  const { session_idle_minutes, session_max_hours } = await readSystemSettings();
  const now = Date.now();
  return Prisma.sql`s.revoked_at IS NULL AND s.expires_at > ${new Date(now)}
    AND s.created_at > ${new Date(now - minutes(60 * session_max_hours))}
    AND s.last_seen_at > ${new Date(now - minutes(session_idle_minutes))}`;
};

// pg_advisory_xact_lock(SIGN_IN_LOCK, user id): one user's sign-ins take their turn (two-key form,
// a key space apart from the migrator's single-key lock).
const SIGN_IN_LOCK = 72707370;

/**
 * Creates a session and records the sign-in; when the user already holds MAX_LIVE_SESSIONS live
 * sessions, ends the least recently used ones (50012 登录设备过多…, one end_session entry each) so that
 * the new one makes MAX_LIVE_SESSIONS. One statement does all of it, in a transaction that first
 * takes the user's sign-in lock: parallel sign-ins of one user count each other's sessions (each
 * statement reads after the one before it committed), so they never leave more than the cap.
 */
export const createSession = async ({
  userId,
  ip,
  userAgent,
}: {
  userId: number;
  ip: string;
  userAgent: string;
}) => {
  const db = await getDb();
  const token = newToken();
  const now = Date.now();
  const { session_max_hours } = await readSystemSettings();
  const expiresAt = new Date(now + minutes(60 * session_max_hours));
  const live = await liveSessionSql();
  const signIn = auditInsertFrom({
    entry: { action: 'login', targetType: 'user', detail: { device: deviceName(userAgent) } },
    from: Prisma.sql`created JOIN admin_user u ON u.id = created.user_id`,
    sql: {
      userId: Prisma.sql`u.id`,
      username: Prisma.sql`u.username`,
      targetId: Prisma.sql`u.id`,
      detail: Prisma.sql`jsonb_build_object('name', u.username, 'session_id', created.id)`,
    },
  });
  const replaced = auditInsertFrom({
    entry: {
      action: 'end_session',
      targetType: 'session',
      detail: { reason: '登录设备过多，被新的登录替换' },
    },
    from: Prisma.sql`ended JOIN admin_user u ON u.id = ${userId}`,
    sql: { userId: Prisma.sql`u.id`, username: Prisma.sql`u.username`, targetId: Prisma.sql`ended.id` },
  });
  const ended = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SIGN_IN_LOCK}::int, ${userId}::int)`;
    // The UPDATE sees the sessions as they were before this statement's INSERT: it keeps the
    // MAX_LIVE_SESSIONS - 1 most recently used, and the new one makes MAX_LIVE_SESSIONS.
    const [row] = await tx.$queryRaw<{ ended: number[] }[]>`
      WITH created AS (
        INSERT INTO admin_session (user_id, token_hash, ip, user_agent, expires_at)
        VALUES (${userId}, ${hashToken(token)}, ${ip.slice(0, 64)}, ${userAgent.slice(0, 300)}, ${expiresAt})
        RETURNING id, user_id),
      ended AS (
        UPDATE admin_session SET revoked_at = now(), revoke_reason = ${RevokeReason.sessionLimit}
        WHERE id IN (
          SELECT s.id FROM admin_session s WHERE s.user_id = ${userId} AND ${live}
          ORDER BY s.last_seen_at DESC, s.id DESC OFFSET ${MAX_LIVE_SESSIONS - 1})
        RETURNING id),
      logged AS (${signIn}),
      replaced AS (${replaced})
      SELECT coalesce((SELECT array_agg(id) FROM ended), '{}') AS ended`;
    return row.ended;
  });
  for (const sessionId of ended) forgetSessions({ sessionId });
  return { token };
};
