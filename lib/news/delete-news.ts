import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { assertWithinRights, type ClassRights } from '@/lib/auth/class-rights';
import { getDb } from '@/lib/db/client';
import { moveToBin } from '@/lib/recycle/move-to-bin';
import { recordRevisions } from '@/lib/revisions/record-revision';
import { assertUnlocked } from './lock-rules';

/**
 * Deletes one or several items to the 回收站 (lib/recycle/), all or none: a locked item, or one
 * outside the caller's categories (checked under the rows' locks, so a move meanwhile cannot slip
 * past), blocks the whole batch. Each item gets its revision (`delete`, its state as it left) and
 * its 操作日志 entry (`delete`, marked 移入回收站) in the same transaction.
 */
export const deleteNews = async ({ ids, rights }: { ids: number[]; rights: ClassRights }) => {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ class_id: number }[]>`
      SELECT class_id FROM news WHERE id = ANY(${ids}) FOR UPDATE`;
    assertWithinRights({ rights, classIds: locked.map((row) => row.class_id) });
    const rows = await assertUnlocked({ tx, ids });
    await recordRevisions(tx, { ids: rows.map((row) => row.id), action: 'delete' });
    const count = await moveToBin(tx, ids);
    await recordAudit(
      tx,
      rows.map((row) => ({
        action: 'delete' as const,
        targetType: 'news' as const,
        targetId: row.id,
        detail: {
          name: row.title,
          values: { class_id: row.classId },
          recycle_bin: true,
          ...(ids.length > 1 ? { batch: ids.length } : {}),
        },
      })),
    );
    return { count };
  });
};
