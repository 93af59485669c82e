'use client';

import { useCallback, useState } from 'react';
import { usePagedRows } from '@/components/common/use-paged-rows';
import { fetchAuditLog, type AuditLogFilters } from '@/lib/client/api/audit';

export const NO_FILTERS: AuditLogFilters = { user: '', action: '', target: '' };

/**
 * One page of the 操作日志 for the applied filters; `draft` is the form until 搜索 applies it.
 * Failures are shown by the API client; the rows of the last good answer stay.
 */
export const useAuditLog = () => {
  const [draft, setDraft] = useState<AuditLogFilters>(NO_FILTERS);
  const paged = usePagedRows({ initialQuery: NO_FILTERS, fetchRows: fetchAuditLog });
  const { setQuery, setPage, reload } = paged;

  const changeDraft = useCallback(
    (values: Partial<AuditLogFilters>) => setDraft((current) => ({ ...current, ...values })),
    [],
  );
  const search = useCallback(() => {
    setQuery({ ...draft, user: draft.user.trim() });
    setPage(1);
    reload();
  }, [draft, setQuery, setPage, reload]);
  const reset = useCallback(() => {
    setDraft(NO_FILTERS);
    setQuery(NO_FILTERS);
    setPage(1);
  }, [setQuery, setPage]);

  const { page, limit, changeLimit, rows, total, isLoading } = paged;
  return {
    draft,
    changeDraft,
    filters: paged.query,
    search,
    reset,
    page,
    setPage,
    limit,
    changeLimit,
    rows,
    total,
    isLoading,
    reload,
  };
};

export type AuditLogState = ReturnType<typeof useAuditLog>;
