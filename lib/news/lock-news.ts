import 'server-only';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { NEWS_NOT_FOUND } from './find-news-one';

export const lockNews = async ({ id, isLock, actorId }: { id: number; isLock: boolean; actorId: number }) => {
  const db = await getDb();
  const { count } = await db.news.updateMany({ where: { id }, data: { isLock, updatedBy: actorId } });
  if (count === 0) throw new AppError({ code: ErrorCode.notFound, message: NEWS_NOT_FOUND });
  return null;
};
