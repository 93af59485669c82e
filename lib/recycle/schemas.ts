import { z } from '@/lib/validation/z';
import { zLimit, zOptionalId, zPage } from '@/lib/validation/integers';
import { ZNewsIds } from '@/lib/news/schemas';

export const RECYCLE_LIST_MAX_LIMIT = 100;

/** get_recycle_list: the bin's items, of one category or all the caller may see. */
export const ZRecycleListQuery = z.object({
  class_id: zOptionalId({ message: '栏目 id 不正确' }),
  page: zPage(),
  limit: zLimit({ max: RECYCLE_LIST_MAX_LIMIT, fallback: 10 }),
  title: z.string().trim().max(200, '搜索条件过长').optional(),
});
export type TRecycleListQuery = z.infer<typeof ZRecycleListQuery>;

/** restore_news: items of the bin, back into their category or into `class_id`. */
export const ZRestoreNewsInput = z.object({
  ids: ZNewsIds.transform((ids) => [...new Set(ids)]),
  class_id: zOptionalId({ message: '栏目 id 不正确' }),
});

/** purge_news: items of the bin, removed for good. */
export const ZPurgeNewsInput = z.object({ ids: ZNewsIds.transform((ids) => [...new Set(ids)]) });
