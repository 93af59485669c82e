import 'server-only';
import { forgetSessions } from '@/lib/auth/session';
import type { Prisma } from '@/lib/generated/prisma/client';

/**
 * Revokes a user's live sessions inside the transaction that makes the change, so the change and
 * the end of the sessions commit together. Call `forgetAfterCommit` once the transaction is done:
 * the per-process session cache then drops them, and the user's next call answers 50012.
 */
export const revokeSessionsInTx = async ({
  tx,
  userId,
  reason,
  keepSessionId,
}: {
  tx: Prisma.TransactionClient;
  userId: number;
  reason: string;
  keepSessionId?: number;
}) => {
  await tx.adminSession.updateMany({
    where: { userId, revokedAt: null, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
    data: { revokedAt: new Date(), revokeReason: reason },
  });
};

export const forgetAfterCommit = ({ userId }: { userId: number }) => forgetSessions({ userId });

/**
 * A deleted user's sessions stay as revoked rows (user_id NULL) so that their token answers 50012
 * 「该账号已被删除」 rather than an unknown token; once past their expiry they would answer nothing
 * else, and are deleted. Runs with every user deletion and at start-up, so such rows never pile up.
 */
export const dropEndedSessionsOfDeletedUsers = async (tx: Pick<Prisma.TransactionClient, '$executeRaw'>) =>
  tx.$executeRaw`DELETE FROM admin_session WHERE user_id IS NULL AND expires_at < now()`;
