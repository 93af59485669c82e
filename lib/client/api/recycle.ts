import { apiGet, apiRequest } from '@/lib/client/api/core';
import type { RecyclePage } from '@/lib/news/recycle-types';

/** One page of the 回收站, newest deletion first; `classId` narrows to a category, `title` searches. */
export const fetchRecycleList = ({
  classId,
  page,
  limit,
  title,
  isQuiet = false,
}: {
  classId?: number;
  page: number;
  limit: number;
  title?: string;
  isQuiet?: boolean;
}) =>
  apiGet<RecyclePage>({
    path: '/news_manage/get_recycle_list',
    query: { class_id: classId, page, limit, title },
    isQuiet,
  });

/** Puts items back where they were (or into `classId` when theirs is gone); all or nothing. */
export const requestRestoreNews = ({ ids, classId }: { ids: readonly number[]; classId?: number }) =>
  apiRequest<{ count: number }>({
    path: '/news_manage/restore_news',
    method: 'POST',
    body: { ids, ...(classId ? { class_id: classId } : {}) },
  });

/** Removes bin items for good (role news_purge); all or nothing. */
export const requestPurgeNews = ({ ids }: { ids: readonly number[] }) =>
  apiRequest<{ count: number }>({ path: '/news_manage/purge_news', method: 'DELETE', body: { ids } });
