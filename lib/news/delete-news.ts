import 'server-only';
import { getDb } from '@/lib/db/client';
import { assertUnlocked } from './lock-rules';

/** Deletes one or several items, all or none; a locked item blocks the whole batch. */
export const deleteNews = async ({ ids }: { ids: number[] }) => {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM news WHERE id = ANY(${ids}) FOR UPDATE`;
    await assertUnlocked({ tx, ids });
    const { count } = await tx.news.deleteMany({ where: { id: { in: ids } } });
    return { count };
  });
};
