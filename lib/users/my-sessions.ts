import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { liveSessionSql } from '@/lib/auth/create-session';
import { forgetSessions, RevokeReason } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { deviceName } from './device-name';
import type { MySession, TMySessionsQuery } from './schemas';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

type SessionRow = {
  id: number;
  ip: string;
  user_agent: string;
  created_at: Date;
  last_seen_at: Date;
  total: bigint | number;
};

/**
 * One page of the signed-in user's live sessions (at most MAX_LIVE_SESSIONS exist): this one first,
 * then the most recently used; `is_current` marks this one, `total` counts them all.
 */
export const findMySessions = async ({
  userId,
  sessionId,
  page,
  limit,
}: { userId: number; sessionId: number } & TMySessionsQuery) => {
  const db = await getDb();
  const live = await liveSessionSql();
  const rows = await db.$queryRaw<SessionRow[]>`
    SELECT s.id, s.ip, s.user_agent, s.created_at, s.last_seen_at, count(*) OVER () AS total
    FROM admin_session s
    WHERE s.user_id = ${userId} AND ${live}
    ORDER BY s.id = ${sessionId} DESC, s.last_seen_at DESC, s.id DESC
    LIMIT ${limit} OFFSET ${(page - 1) * limit}`;
  // A page past the end has no row to carry the count.
  const total = rows.length
    ? Number(rows[0].total)
    : Number(
        (
          await db.$queryRaw<{ n: bigint }[]>`
            SELECT count(*) AS n FROM admin_session s WHERE s.user_id = ${userId} AND ${live}`
        )[0]?.n ?? 0,
      );
  const data = rows.map((row): MySession => ({
    id: row.id,
    device: deviceName(row.user_agent),
    user_agent: row.user_agent,
    ip: row.ip,
    created_at: seconds(row.created_at),
    last_seen_at: seconds(row.last_seen_at),
    is_current: row.id === sessionId,
  }));
  return { data, total };
};

/** Ends one of the user's own other sessions. Someone else's id is answered like an unknown one. */
export const endMySession = async ({
  id,
  userId,
  sessionId,
}: {
  id: number;
  userId: number;
  sessionId: number;
}) => {
  if (id === sessionId) {
    throw new AppError({ code: ErrorCode.badRequest, message: '当前登录请通过「退出登录」结束' });
  }
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const { count } = await tx.adminSession.updateMany({
      where: { id, userId, revokedAt: null },
      data: { revokedAt: new Date(), revokeReason: RevokeReason.endedByOwner },
    });
    if (count === 0) throw new AppError({ code: ErrorCode.notFound, message: '该登录不存在或已结束' });
    await recordAudit(tx, { action: 'end_session', targetType: 'session', targetId: id });
  });
  forgetSessions({ sessionId: id });
  return null;
};
