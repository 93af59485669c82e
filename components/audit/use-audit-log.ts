'use client';

import { useCallback, useEffect, useState } from 'react';
import type { AuditLogRow } from '@/lib/audit/actions';
import { fetchAuditLog, type AuditLogFilters } from './audit-api';

export const NO_FILTERS: AuditLogFilters = { user: '', action: '', target: '' };

/**
 * One page of the 操作日志 for the applied filters; `draft` is the form until 搜索 applies it.
 * Failures are shown by the API client; the rows of the last good answer stay.
 */
export const useAuditLog = () => {
  const [draft, setDraft] = useState<AuditLogFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditLogFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const [rows, setRows] = useState<AuditLogRow[]>([]);
  const [total, setTotal] = useState(0);
  const [isLoading, setIsLoading] = useState(true);
  const [stamp, setStamp] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    setIsLoading(true);
    fetchAuditLog({ ...filters, page, limit })
      .then((answer) => {
        if (!isCurrent) return;
        setRows(answer.data);
        setTotal(answer.total);
      })
      .catch(() => undefined)
      .finally(() => isCurrent && setIsLoading(false));
    return () => {
      isCurrent = false;
    };
  }, [filters, page, limit, stamp]);

  const changeDraft = useCallback(
    (values: Partial<AuditLogFilters>) => setDraft((current) => ({ ...current, ...values })),
    [],
  );
  const search = useCallback(() => {
    setFilters({ ...draft, user: draft.user.trim() });
    setPage(1);
    setStamp((n) => n + 1);
  }, [draft]);
  const reset = useCallback(() => {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
    setPage(1);
  }, []);
  const changeLimit = useCallback((next: number) => {
    setLimit(next);
    setPage(1);
  }, []);
  const reload = useCallback(() => setStamp((n) => n + 1), []);

  return {
    draft,
    changeDraft,
    filters,
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
