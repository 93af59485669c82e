import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { forgetSessions, RevokeReason, sessionLiveness } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { deviceName } from './device-name';
import type { MySession } from './schemas';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The signed-in user's live sessions, most recently used first; `is_current` marks this one. */
export const findMySessions = async ({ userId, sessionId }: { userId: number; sessionId: number }) => {
  const db = await getDb();
  const rows = await db.adminSession.findMany({
    where: { userId, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: [{ lastSeenAt: 'desc' }, { id: 'desc' }],
    select: { id: true, ip: true, userAgent: true, createdAt: true, lastSeenAt: true, expiresAt: true },
    take: 200,
  });
  const isLive = await sessionLiveness();
  return rows.filter(isLive).map((row): MySession => ({
    id: row.id,
    device: deviceName(row.userAgent),
    user_agent: row.userAgent,
    ip: row.ip,
    created_at: seconds(row.createdAt),
    last_seen_at: seconds(row.lastSeenAt),
    is_current: row.id === sessionId,
  }));
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
