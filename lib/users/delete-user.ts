import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { RevokeReason } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { dropEndedSessionsOfDeletedUsers, forgetAfterCommit, revokeSessionsInTx } from './end-user-sessions';
import type { AuthSession } from '@/lib/auth/session';
import { assertMayManageUser, managerScopeOf } from './role-boundaries';
import { loggedFields } from './save-user';
import { assertChangeAllowed, lockForChange } from './user-guard';

/**
 * Deletes a user. Their sessions stay as revoked rows (user_id NULL) until they expire, so their
 * next call gets 50012; expired ones of users deleted earlier go now.
 */
export const deleteUser = async ({ id, actor }: { id: number; actor: AuthSession }) => {
  const scope = await managerScopeOf(actor);
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const { user, activeAdminIds } = await lockForChange({ tx, id });
    assertMayManageUser({ scope, target: user });
    assertChangeAllowed({ actorId: actor.user.id, user, activeAdminIds, after: 'deleted' });
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
