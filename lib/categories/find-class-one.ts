import 'server-only';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { toClassDetail } from './to-api';

export const CLASS_NOT_FOUND = '栏目不存在';

export const findClassOne = async ({ id }: { id: number }) => {
  const db = await getDb();
  const row = await db.newsClass.findUnique({ where: { id } });
  if (!row) throw new AppError({ code: ErrorCode.notFound, message: CLASS_NOT_FOUND });
  return toClassDetail(row);
};
