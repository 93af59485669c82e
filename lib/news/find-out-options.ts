import 'server-only';
import { z } from 'zod';
import { ZId } from '@/lib/categories/schemas';
import { getDb } from '@/lib/db/client';
import { loadListClass } from './load-class';

export const ZOutOptionsQuery = z.object({
  class_id: ZId,
  keyword: z.string().trim().max(100, '关键词过长').optional(),
  limit: z.coerce.number().int().positive().max(500, '最多 500 项').default(200),
});

/** Options for an out_auto (relation) field: the items of another category as {label: title, value: id}. */
export const findOutOptions = async ({ class_id: classId, keyword, limit }: z.infer<typeof ZOutOptionsQuery>) => {
  const category = await loadListClass({ classId });
  const db = await getDb();
  const rows = await db.news.findMany({
    where: { classId: category.id, ...(keyword ? { title: { contains: keyword, mode: 'insensitive' } } : {}) },
    orderBy: [{ newTime: 'desc' }, { id: 'desc' }],
    take: limit,
    select: { id: true, title: true },
  });
  return rows.map((row) => ({ label: row.title, value: row.id }));
};
