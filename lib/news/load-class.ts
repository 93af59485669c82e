import 'server-only';
import { readContentFileds } from '@/lib/categories/content-fileds';
import { CLASS_NOT_FOUND } from '@/lib/categories/find-class-one';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';

/** The category an item call is about, with its schema; items live only in list categories. */
export const loadListClass = async ({ classId }: { classId: number }) => {
  const db = await getDb();
  const row = await db.newsClass.findUnique({ where: { id: classId }, select: { id: true, name: true, classType: true, contentFileds: true } });
  if (!row) throw new AppError({ code: ErrorCode.notFound, message: CLASS_NOT_FOUND });
  if (row.classType === '1') throw new AppError({ code: ErrorCode.badRequest, message: '单页栏目没有内容列表' });
  return { id: row.id, name: row.name, classType: row.classType, schema: readContentFileds(row.contentFileds) };
};
