import 'server-only';
import { RevokeReason } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { forgetAfterCommit, revokeSessionsInTx } from './end-user-sessions';
import { assertChangeAllowed, lockForChange } from './user-guard';

/** Deletes a user. Their sessions stay as revoked rows (user_id NULL), so their next call gets 50012. */
export const deleteUser = async ({ id, actorId }: { id: number; actorId: number }) => {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const { user, activeAdminIds } = await lockForChange({ tx, id });
    assertChangeAllowed({ actorId, user, activeAdminIds, after: 'deleted' });
    await revokeSessionsInTx({ tx, userId: id, reason: RevokeReason.userDeleted });
    await tx.adminUser.delete({ where: { id } });
  });
  forgetAfterCommit({ userId: id });
  return null;
};
