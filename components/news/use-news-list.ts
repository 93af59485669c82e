'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useFirstScreenPage } from '@/components/layout/first-screen-context';
import { useSiteSettings } from '@/components/layout/site-settings-context';
import { PAGE_SIZE_OPTIONS } from '@/lib/settings/site-settings';
import { fetchNewsList, type NewsFilters } from '@/lib/client/api/news';
import type { NewsItem } from '@/lib/news/item-types';

// The list opens on page 1 with the page size of 系统设置 (10 unless changed).
export const PAGE_SIZES = [...PAGE_SIZE_OPTIONS];

/** The page shown (0-based) and its size. */
export type PageModel = { page: number; pageSize: number };

const noneSelected = (): ReadonlySet<number> => new Set();

const onlyFilled = (values: NewsFilters): NewsFilters =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));

/**
 * The list's state: the search form's draft, the filters in force, the page (server-side paging),
 * the rows and total of the page shown, and the selection on it.
 */
export const useNewsList = ({ classId }: { classId: number }) => {
  const [draft, setDraft] = useState<NewsFilters>({});
  const [filters, setFilters] = useState<NewsFilters>({});
  // The process status bar's choice (type 4/5): a step value, '0' for 未开始, '' for 全部.
  const [process, setProcessValue] = useState('');
  const { page_size: pageSize } = useSiteSettings();
  const [pagination, setPagination] = useState<PageModel>({ page: 0, pageSize });
  // Page 1 sent by the server with a full page load: shown at the first render, not asked again.
  const seeded = useFirstScreenPage({ classId, limit: pageSize });
  const [rows, setRows] = useState<NewsItem[]>(seeded?.data ?? []);
  const [total, setTotal] = useState(seeded?.total ?? 0);
  const [isLoading, setIsLoading] = useState(seeded === null);
  // The last load failed (offline, server error): the table says so and offers 重试, not 暂无数据.
  const [hasFailed, setHasFailed] = useState(false);
  const isSeedShown = useRef(seeded !== null);
  const [selection, setSelection] = useState<ReadonlySet<number>>(noneSelected);
  const [reloadKey, setReloadKey] = useState(0);
  // Only the latest request may draw: a slow page must not replace a newer one.
  const latest = useRef(0);

  useEffect(() => {
    if (isSeedShown.current) {
      isSeedShown.current = false;
      return;
    }
    const request = ++latest.current;
    setIsLoading(true);
    const query = process === '' ? filters : { ...filters, process };
    fetchNewsList({ classId, page: pagination.page + 1, limit: pagination.pageSize, filters: query })
      .then((answer) => {
        if (request !== latest.current) return;
        const lastPage = Math.max(0, Math.ceil(answer.total / pagination.pageSize) - 1);
        // The page emptied under us (its items were deleted or moved): show the last one there is.
        if (answer.data.length === 0 && pagination.page > lastPage) {
          setPagination((current) => ({ ...current, page: lastPage }));
          return;
        }
        setRows(answer.data);
        setTotal(answer.total);
        setHasFailed(false);
        const shown = new Set(answer.data.map((row) => row.id));
        setSelection((current) => new Set([...current].filter((id) => shown.has(id))));
      })
      .catch(() => {
        // The API client has shown why; keep what was on screen.
        if (request === latest.current) setHasFailed(true);
      })
      .finally(() => {
        if (request === latest.current) setIsLoading(false);
      });
  }, [classId, filters, process, pagination, reloadKey]);

  const setDraftValues = useCallback(
    (patch: NewsFilters) => setDraft((current) => ({ ...current, ...patch })),
    [],
  );

  const search = useCallback(() => {
    setFilters(onlyFilled(draft));
    setPagination((current) => ({ ...current, page: 0 }));
    setSelection(noneSelected());
    setReloadKey((key) => key + 1);
  }, [draft]);

  const resetSearch = useCallback(() => {
    setDraft({});
    setFilters({});
    setPagination((current) => ({ ...current, page: 0 }));
    setSelection(noneSelected());
  }, []);

  const setProcess = useCallback((value: string) => {
    setProcessValue(value);
    setPagination((current) => ({ ...current, page: 0 }));
    setSelection(noneSelected());
  }, []);

  const changePagination = useCallback((model: PageModel) => {
    setPagination((current) =>
      model.pageSize !== current.pageSize ? { page: 0, pageSize: model.pageSize } : model,
    );
    setSelection(noneSelected());
  }, []);

  /** Reloads the page shown; `toFirstPage` after adding, where the new item appears. */
  const refresh = useCallback(({ toFirstPage = false }: { toFirstPage?: boolean } = {}) => {
    if (toFirstPage) setPagination((current) => ({ ...current, page: 0 }));
    setReloadKey((key) => key + 1);
  }, []);

  const clearSelection = useCallback(() => setSelection(noneSelected()), []);
  const selectedIds = [...selection];

  return {
    draft,
    setDraftValues,
    filters,
    process,
    setProcess,
    search,
    resetSearch,
    pagination,
    changePagination,
    rows,
    total,
    isLoading,
    hasFailed,
    refresh,
    selection,
    setSelection,
    selectedIds,
    clearSelection,
  };
};

export type NewsListState = ReturnType<typeof useNewsList>;
