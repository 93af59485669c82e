import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { RevokeReason } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { dropEndedSessionsOfDeletedUsers, forgetAfterCommit, revokeSessionsInTx } from './end-user-sessions';
import { loggedFields } from './save-user';
import { assertChangeAllowed, lockForChange } from './user-guard';

/**
 * Deletes a user. Their sessions stay as revoked rows (user_id NULL) until they expire, so their
 * next call gets 50012; expired ones of users deleted earlier go now.
 */
export const deleteUser = async ({ id, actorId }: { id: number; actorId: number }) => {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const { user, activeAdminIds } = await lockForChange({ tx, id });
    assertChangeAllowed({ actorId, user, activeAdminIds, after: 'deleted' });
    await revokeSessionsInTx({ tx, userId: id, reason: RevokeReason.userDeleted });
    await tx.adminUser.delete({ where: { id } });
    await dropEndedSessionsOfDeletedUsers(tx);
    await recordAudit(tx, {
      action: 'delete',
      targetType: 'user',
      targetId: id,
      detail: { name: user.username, values: loggedFields(user) },
    });
  });
  forgetAfterCommit({ userId: id });
  return null;
};
