import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { recordRevisions } from '@/lib/revisions/record-revision';
import type { ClassRights } from '@/lib/auth/class-rights';
import { getDb } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { withLockedItem } from './locked-item';
import { assertNoLaterRecords, countByStep, RECORD_NOT_FOUND } from './save-process';
import { isProcessClass, recomputeProcess } from './steps';

const notFound = () => new AppError({ code: ErrorCode.notFound, message: RECORD_NOT_FOUND });

/**
 * Deletes a record, refused while a later step still has records and this is the last record of
 * its step; then sets the item's process from what is left, under the item's row lock.
 */
export const deleteProcess = async ({ id, rights }: { id: number; rights: ClassRights }) => {
  const db = await getDb();
  const [record] = await db.$queryRaw<
    { news_id: number }[]
  >`SELECT news_id FROM news_process WHERE id = ${id}`;
  if (!record) throw notFound();
  return withLockedItem(
    record.news_id,
    async (tx, item) => {
      const records = await tx.$queryRaw<{ id: number; process: number; title: string }[]>`
      SELECT id, process, title FROM news_process WHERE news_id = ${item.id}`;
      const target = records.find((row) => row.id === id);
      // Deleted by someone else since it was found.
      if (!target) throw notFound();
      assertNoLaterRecords(item.steps, target.process, countByStep(records.filter((row) => row.id !== id)));
      await tx.$executeRaw`DELETE FROM news_process WHERE id = ${id}`;
      if (isProcessClass(item.classType))
        await recomputeProcess(tx, Prisma.sql`n.id = ${item.id}`, item.steps);
      await recordAudit(tx, {
        action: 'delete',
        targetType: 'process',
        targetId: id,
        detail: { name: target.title, news_id: item.id, values: { process: target.process } },
      });
      await recordRevisions(tx, { ids: [item.id], action: 'process' });
      return null;
    },
    rights,
  );
};
