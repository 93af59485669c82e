import 'server-only';
import { getDb } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { isProcessClass, processSteps, recomputeProcess } from '@/lib/process/steps';
import { loadListClass } from './load-class';
import { assertUnlocked } from './lock-rules';

/**
 * Moves items to another category of the same type, remembering where they came from (old_class).
 * Their stored values are kept whole, even for fields the target schema lacks.
 */
export const moveNews = async ({
  ids,
  classId,
  actorId,
}: {
  ids: number[];
  classId: number;
  actorId: number;
}) => {
  const target = await loadListClass({ classId });
  const db = await getDb();
  return db.$transaction(async (tx) => {
    // The target's steps stay as read until commit (the category row before the items' rows, the
    // order every process change takes them in: lib/process/locked-item.ts).
    const [targetRow] = await tx.$queryRaw<{ class_type: string; content_fileds: unknown }[]>`
      SELECT class_type, content_fileds FROM news_class WHERE id = ${target.id} FOR SHARE`;
    await tx.$queryRaw`SELECT id FROM news WHERE id = ANY(${ids}) FOR UPDATE`;
    await assertUnlocked({ tx, ids });
    const sources = await tx.news.findMany({
      where: { id: { in: ids } },
      select: { classId: true },
      distinct: ['classId'],
    });
    const sourceTypes = await tx.newsClass.findMany({
      where: { id: { in: sources.map((s) => s.classId) } },
      select: { classType: true },
    });
    if (sourceTypes.some((source) => source.classType !== target.classType)) {
      throw new AppError({ code: ErrorCode.badRequest, message: '只能移动到相同类型的栏目' });
    }
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
          contentFileds: targetRow.content_fileds,
        }),
      );
    return { count: moved };
  });
};
