import { apiGet, apiRequest } from '@/lib/api-client';
import { downloadFile } from '@/lib/client/download';
import type { StoredValue } from '@/lib/fields/type-definition';
import type { ClassRouteNode, NewsItem, NewsListAnswer } from './news-types';

/** Filters by query parameter ('title', 'level', 'price_start' …); '' means none. */
export type NewsFilters = Readonly<Record<string, string>>;

const requestNewsList = ({
  classId,
  page,
  limit,
  filters,
  isQuiet = false,
}: {
  classId: number;
  page: number;
  limit: number;
  filters: NewsFilters;
  isQuiet?: boolean;
}) =>
  apiGet<NewsListAnswer>({
    path: '/news_manage/get_news_list',
    query: { ...filters, class_id: classId, page, limit },
    isQuiet,
  });

// Page 1 of a category's unfiltered list, asked for while the category's info is still loading
// (its view needs the info first), so the rows do not wait for two round trips one after the other.
const FIRST_PAGE_FRESH_MS = 3000;
const firstPages = new Map<string, { at: number; answer: Promise<NewsListAnswer> }>();

/** Starts page 1 of `classId`'s list now; the list's own first fetchNewsList takes it (once). */
export const prefetchFirstPage = ({ classId, limit }: { classId: number; limit: number }) => {
  const answer = requestNewsList({ classId, page: 1, limit, filters: {}, isQuiet: true });
  answer.catch(() => undefined);
  firstPages.set(`${classId}:${limit}`, { at: Date.now(), answer });
};

export const fetchNewsList = (options: {
  classId: number;
  page: number;
  limit: number;
  filters: NewsFilters;
}) => {
  const key = `${options.classId}:${options.limit}`;
  const early =
    options.page === 1 && Object.keys(options.filters).length === 0 ? firstPages.get(key) : undefined;
  firstPages.delete(key);
  // A failed early request is asked again, loudly (the API client toasts the reason).
  if (early && Date.now() - early.at < FIRST_PAGE_FRESH_MS)
    return early.answer.catch(() => requestNewsList(options));
  return requestNewsList(options);
};

export const fetchNewsOne = ({ id }: { id: number }) =>
  apiGet<NewsItem>({ path: '/news_manage/get_news_one', query: { id } });

export const requestSaveNewsInfo = ({ body }: { body: Record<string, StoredValue | number | undefined> }) =>
  apiRequest<{ id: number }>({ path: '/news_manage/save_news_info', method: 'POST', body });

export const requestDeleteNews = ({ ids }: { ids: readonly number[] }) =>
  apiRequest<{ count: number }>({
    path: '/news_manage/del_news',
    method: 'DELETE',
    body: ids.length === 1 ? { id: ids[0] } : { ids },
  });

export const requestLockNews = ({ id, isLock }: { id: number; isLock: boolean }) =>
  apiRequest<null>({ path: '/news_manage/lock_news', method: 'POST', body: { id, is_lock: isLock ? 1 : 0 } });

export const requestMoveNews = ({ ids, classId }: { ids: readonly number[]; classId: number }) =>
  apiRequest<{ count: number }>({
    path: '/news_manage/move_news',
    method: 'POST',
    body: { ids, class_id: classId },
  });

export const fetchClassRouter = () => apiGet<ClassRouteNode[]>({ path: '/class_manage/get_class_router' });

/** Every item matching the filters, all pages, as the server's .xlsx. */
export const downloadNewsExport = ({
  classId,
  filters,
  name,
}: {
  classId: number;
  filters: NewsFilters;
  name: string;
}) =>
  downloadFile({
    path: '/news_manage/export_news',
    query: { ...filters, class_id: classId },
    fallbackName: `${name}-导出.xlsx`,
  });
