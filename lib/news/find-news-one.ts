import 'server-only';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { loadListClass } from './load-class';
import { toNewsItem } from './to-api';

export const NEWS_NOT_FOUND = '内容不存在';

export const findNewsOne = async ({ id }: { id: number }) => {
  const db = await getDb();
  const row = await db.news.findUnique({ where: { id } });
  if (!row) throw new AppError({ code: ErrorCode.notFound, message: NEWS_NOT_FOUND });
  const category = await loadListClass({ classId: row.classId });
  return toNewsItem({ row, fields: category.schema.list });
};
