import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { CLASS_NOT_FOUND } from './find-class-one';

export const deleteClass = async ({ id }: { id: number }) => {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    // The row locked first: a restore from the 回收站 (or a process change) holding it FOR SHARE
    // finishes before the count below, which then sees its items; one that comes after finds the
    // category gone. Items in the 回收站 do not count: they are not in news, and restoring one
    // whose category is gone needs a target category.
    const [row] = await tx.$queryRaw<
      { id: number; name: string; key: string; parentId: number | null; classType: string }[]
    >`SELECT id, name, key, parent_id AS "parentId", class_type AS "classType" FROM news_class WHERE id = ${id} FOR UPDATE`;
    if (!row) throw new AppError({ code: ErrorCode.notFound, message: CLASS_NOT_FOUND });
    const children = await tx.newsClass.count({ where: { parentId: id } });
    if (children > 0)
      throw new AppError({
        code: ErrorCode.badRequest,
        message: `该栏目下还有 ${children} 个子栏目，请先删除或移走子栏目`,
      });
    const items = await tx.news.count({ where: { classId: id } });
    if (items > 0)
      throw new AppError({
        code: ErrorCode.badRequest,
        message: `该栏目下还有 ${items} 条内容，请先删除或移走这些内容`,
      });
    await tx.newsClass.delete({ where: { id } });
    await recordAudit(tx, {
      action: 'delete',
      targetType: 'class',
      targetId: id,
      detail: {
        name: row.name,
        values: { parent_id: row.parentId, key: row.key, class_type: row.classType },
      },
    });
    return null;
  });
};
