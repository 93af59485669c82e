import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { CLASS_NOT_FOUND } from './find-class-one';

export const deleteClass = async ({ id }: { id: number }) => {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const row = await tx.newsClass.findUnique({
      where: { id },
      select: { id: true, name: true, key: true, parentId: true, classType: true },
    });
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
