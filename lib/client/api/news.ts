import { apiGet, apiRequest } from '@/lib/client/api/core';
import { downloadFile } from '@/lib/client/api/download';
import type { StoredValue } from '@/lib/fields/type-definition';
import type { ClassInfo } from '@/lib/categories/to-api';
import type { NewsItem, NewsListAnswer } from '@/lib/news/item-types';
import { SENSITIVE_REFUSAL_CODES, type SensitiveSaveAnswer } from '@/lib/sensitive/levels';

/** Filters by query parameter ('title', 'level', 'price_start' …); '' means none. */
export type NewsFilters = Readonly<Record<string, string>>;

const fetchNewsListNow = ({
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

// A category's first screen (its info, and page 1 of its unfiltered list) is asked for as soon as
// its path is active (components/layout/AppMain.tsx), beside the view's chunk rather than after it
// has loaded and mounted; the view's own first requests take these answers (once, while fresh).
// Fresh while the request runs and for EARLY_FRESH_MS after its answer came (not after it was
// sent: a slow answer is as new as a fast one when it arrives).
const EARLY_FRESH_MS = 3000;
type Early<T> = { answeredAt: number | null; answer: Promise<T>; isTaken: boolean };
const earlyInfos = new Map<number, Early<ClassInfo>>();
const firstPages = new Map<string, Early<NewsListAnswer>>();

const isFresh = (early: Early<unknown> | undefined): early is Early<unknown> =>
  early !== undefined && (early.answeredAt === null || Date.now() - early.answeredAt < EARLY_FRESH_MS);

/**
 * Starts `request` unless one for `key` started within EARLY_FRESH_MS — taken or not: the shell and
 * the view may both ask, in either order, and one request answers both.
 */
const startEarly = <K, T>(map: Map<K, Early<T>>, key: K, request: () => Promise<T>) => {
  if (isFresh(map.get(key))) return;
  const answer = request();
  const early: Early<T> = { answeredAt: null, answer, isTaken: false };
  const answered = () => {
    early.answeredAt = Date.now();
  };
  answer.then(answered, answered);
  map.set(key, early);
};

/** The early answer for `key` if fresh and not taken yet (a failed one is asked again, loudly), else a new request. */
const takeEarly = <K, T>(map: Map<K, Early<T>>, key: K, request: () => Promise<T>) => {
  const early = map.get(key);
  if (!early || early.isTaken || !isFresh(early)) return request();
  early.isTaken = true;
  return early.answer.catch(() => request());
};

const fetchClassInfoNow = ({ classId, isQuiet = false }: { classId: number; isQuiet?: boolean }) =>
  apiGet<ClassInfo>({ path: '/news_manage/get_calss_info', query: { id: classId }, isQuiet });

/** Starts page 1 of `classId`'s list now; the list's own first fetchNewsList takes it (once). */
export const prefetchFirstPage = ({ classId, limit }: { classId: number; limit: number }) =>
  startEarly(firstPages, `${classId}:${limit}`, () =>
    fetchNewsListNow({ classId, page: 1, limit, filters: {}, isQuiet: true }),
  );

/** Starts what a category's first screen needs: its info and, for a list (not type 1), page 1. */
export const prefetchCategory = ({
  classId,
  isList,
  limit,
}: {
  classId: number;
  isList: boolean;
  limit: number;
}) => {
  startEarly(earlyInfos, classId, () => fetchClassInfoNow({ classId, isQuiet: true }));
  if (isList) prefetchFirstPage({ classId, limit });
};

/**
 * news_manage/get_calss_info: a category's info, for the content list and the single-page form. Takes
 * the early answer when there is one, unless `isFresh` (a re-read after a save must see the save).
 */
export const fetchClassInfo = ({
  classId,
  isQuiet = false,
  isFresh = false,
}: {
  classId: number;
  isQuiet?: boolean;
  isFresh?: boolean;
}) =>
  isFresh
    ? fetchClassInfoNow({ classId, isQuiet })
    : takeEarly(earlyInfos, classId, () => fetchClassInfoNow({ classId, isQuiet }));

export const fetchNewsList = (options: {
  classId: number;
  page: number;
  limit: number;
  filters: NewsFilters;
}) =>
  options.page === 1 && Object.keys(options.filters).length === 0
    ? takeEarly(firstPages, `${options.classId}:${options.limit}`, () => fetchNewsListNow(options))
    : fetchNewsListNow(options);

export const fetchNewsOne = ({ id }: { id: number }) =>
  apiGet<NewsItem>({ path: '/news_manage/get_news_one', query: { id } });

/** save_news_info; its 敏感词 refusals (40010 / 40011) are the form's to show. */
export const requestSaveNewsInfo = ({ body }: { body: Record<string, StoredValue | number | undefined> }) =>
  apiRequest<{ id: number } & SensitiveSaveAnswer>({
    path: '/news_manage/save_news_info',
    method: 'POST',
    body,
    ownCodes: SENSITIVE_REFUSAL_CODES,
  });

/** news_manage/save_class_info: a single page's values (type 1); 敏感词 refusals as above. */
export const requestSaveClassInfo = ({
  id,
  values,
}: {
  id: number;
  values: Record<string, StoredValue | number | undefined>;
}) =>
  apiRequest<SensitiveSaveAnswer>({
    path: '/news_manage/save_class_info',
    method: 'POST',
    body: { ...values, id },
    ownCodes: SENSITIVE_REFUSAL_CODES,
  });

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
