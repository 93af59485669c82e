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
