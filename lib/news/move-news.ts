import 'server-only';
import { auditChanges } from '@/lib/audit/changes';
import { recordAudit } from '@/lib/audit/record';
import { recordRevisions } from '@/lib/revisions/record-revision';
import { assertWithinRights, type ClassRights } from '@/lib/auth/class-rights';
import { getDb } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { isProcessClass, processSteps, recomputeProcess } from '@/lib/process/steps';
import { markCheckedIfEmpty, recheckItems } from '@/lib/sensitive/item-hits';
import { currentWordList } from '@/lib/sensitive/word-list';
import { loadListClass } from './load-class';
import { assertUnlocked } from './lock-rules';

/**
 * Moves items to another category of the same type, remembering where they came from (old_class).
 * Their stored values are kept whole, even for fields the target schema lacks. Their 敏感词 words
 * are checked again under the target's fields (lib/sensitive/item-hits.ts).
 */
export const moveNews = async ({
  ids,
  classId,
  actorId,
  rights,
}: {
  ids: number[];
  classId: number;
  actorId: number;
  rights: ClassRights;
}) => {
  const target = await loadListClass({ classId });
  // Read before the transaction: the lists' own read must not wait for the connection it holds.
  const list = await currentWordList();
  const db = await getDb();
  return db.$transaction(async (tx) => {
    // The target's steps stay as read until commit (the category row before the items' rows, the
    // order every process change takes them in: lib/process/locked-item.ts).
    const [targetRow] = await tx.$queryRaw<{ class_type: string; content_fields: unknown }[]>`
      SELECT class_type, content_fileds AS content_fields FROM news_class WHERE id = ${target.id} FOR SHARE`;
    const locked = await tx.$queryRaw<{ class_id: number }[]>`
      SELECT class_id FROM news WHERE id = ANY(${ids}) FOR UPDATE`;
    // The caller's rights on both sides, under the locks: an item moved meanwhile is seen where it is.
    assertWithinRights({ rights, classIds: [target.id, ...locked.map((row) => row.class_id)] });
    const rows = await assertUnlocked({ tx, ids });
    const sources = await tx.newsClass.findMany({
      where: { id: { in: [...new Set(rows.map((row) => row.classId))] } },
      select: { id: true, name: true, classType: true },
    });
    if (sources.some((source) => source.classType !== target.classType)) {
      throw new AppError({ code: ErrorCode.badRequest, message: '只能移动到相同类型的栏目' });
    }
    await markCheckedIfEmpty(tx, { classId: target.id, version: list.version });
    const moved = await tx.$executeRaw`
      UPDATE news SET old_class = class_id, class_id = ${target.id}, updated_by = ${actorId}, updated_at = now()
      WHERE id = ANY(${ids}) AND class_id <> ${target.id}`;
    // In a process category an item stands at the furthest of the target's steps it has records at.
    if (targetRow && isProcessClass(targetRow.class_type))
      await recomputeProcess(
        tx,
        Prisma.sql`n.id = ANY(${ids}::int[])`,
        processSteps({
          classType: targetRow.class_type,
          contentFields: targetRow.content_fields,
        }),
      );
    const sourceName = new Map(sources.map((source) => [source.id, source.name]));
    const movedRows = rows.filter((row) => row.classId !== target.id);
    await recheckItems(tx, { list, ids: movedRows.map((row) => row.id) });
    await recordRevisions(tx, { ids: movedRows.map((row) => row.id), action: 'move' });
    await recordAudit(
      tx,
      movedRows.map((row) => ({
        action: 'move' as const,
        targetType: 'news' as const,
        targetId: row.id,
        detail: {
          name: row.title,
          changes: auditChanges(
            { class_id: row.classId, class_name: sourceName.get(row.classId) },
            { class_id: target.id, class_name: target.name },
          ),
        },
      })),
    );
    return { count: moved };
  });
};
