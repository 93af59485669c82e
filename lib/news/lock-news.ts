import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { recordRevisions } from '@/lib/revisions/record-revision';
import { assertWithinRights, type ClassRights } from '@/lib/auth/class-rights';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { NEWS_NOT_FOUND } from './find-news-one';

/** Locks or unlocks an item of the caller's categories (checked under the row lock), with its entry. */
export const lockNews = async ({
  id,
  isLock,
  actorId,
  rights,
}: {
  id: number;
  isLock: boolean;
  actorId: number;
  rights: ClassRights;
}) => {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ class_id: number; title: string }[]>`
      SELECT class_id, title FROM news WHERE id = ${id} FOR UPDATE`;
    if (!row) throw new AppError({ code: ErrorCode.notFound, message: NEWS_NOT_FOUND });
    assertWithinRights({ rights, classIds: [row.class_id] });
    await tx.news.update({ where: { id }, data: { isLock, updatedBy: actorId } });
    await recordAudit(tx, {
      action: isLock ? 'lock' : 'unlock',
      targetType: 'news',
      targetId: id,
      detail: { name: row.title },
    });
    await recordRevisions(tx, { ids: [id], action: isLock ? 'lock' : 'unlock' });
  });
  return null;
};
