import 'server-only';
import { z } from '@/lib/validation/z';
import { getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { INT4_MAX, zId, zInteger, zOptionalId } from '@/lib/validation/integers';
import { buildNewsFilters } from './build-filters';
import { loadListClass } from './load-class';

const MAX_IDS = 100;

export const ZOutOptionsQuery = z.object({
  class_id: zId({ message: '栏目 id 不正确', missing: '请指定栏目' }),
  keyword: z.string().trim().max(100, '关键词过长').optional(),
  // Values to show labels for (a list page's cells, a form's stored value): "3,17,42".
  ids: z
    .string()
    .trim()
    .regex(/^\d{1,10}(,\d{1,10})*$/, '选项编号不正确')
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id > 0 && id <= INT4_MAX), '选项编号不正确')
    .refine((ids) => ids.length <= MAX_IDS, `一次最多 ${MAX_IDS} 个编号`)
    .optional(),
  limit: zInteger({ min: 1, max: 500, message: '条数必须是正整数', tooBig: '最多 500 项' }).default(200),
  // The form asking: the category being edited and the key of its relation field (of a child_info
  // group's field too). With them an editor limited to that category reads the options of the
  // category the field points to (lib/news/out-options-rights.ts).
  for_class_id: zOptionalId({ message: '栏目 id 不正确' }),
  field: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,63}$/, '字段标识不正确')
    .optional(),
});

/**
 * Options for an out_auto (relation) field: the items of another category as {label: title,
 * value: id}, newest first — the newest `limit`, those whose title contains `keyword` (the title
 * gram index, as the list's title search), or exactly the items `ids` names. A relation to a big
 * category is searched on the server, and the labels of stored values are found by id.
 */
export const findOutOptions = async ({
  class_id: classId,
  keyword,
  ids,
  limit,
}: Pick<z.infer<typeof ZOutOptionsQuery>, 'class_id' | 'keyword' | 'ids' | 'limit'>) => {
  const category = await loadListClass({ classId });
  const where = ids
    ? Prisma.sql`class_id = ${category.id} AND id = ANY(${ids}::int[])`
    : buildNewsFilters({ classId: category.id, query: { title: keyword }, fields: [] }).where;
  const sql = await getSql();
  const rows = await sql.query<{ id: number; title: string }>(Prisma.sql`
    SELECT id, title FROM news WHERE ${where} ORDER BY new_time DESC, id DESC LIMIT ${ids ? ids.length : limit}`);
  return rows.map((row) => ({ label: row.title, value: row.id }));
};
