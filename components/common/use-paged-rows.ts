'use client';

import { useCallback, useEffect, useState } from 'react';

type Paging = { page: number; limit: number };

/**
 * One page of rows of a paged list call for `query`: the page, its size, the rows and total of the
 * last good answer (failures are shown by the API client; `hasFailed` until one succeeds), loading,
 * and `reload`. `fetchRows` must keep its identity (a module function). With `stepBackWhenEmpty`,
 * an empty page past the first — a deletion emptied the last page — moves to the new last page.
 */
export const usePagedRows = <Query extends object, Row>({
  initialQuery,
  fetchRows,
  stepBackWhenEmpty = false,
}: {
  initialQuery: Query;
  fetchRows: (query: Query & Paging) => Promise<{ data: Row[]; total: number }>;
  stepBackWhenEmpty?: boolean;
}) => {
  const [query, setQuery] = useState(initialQuery);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [isLoading, setIsLoading] = useState(true);
  const [hasFailed, setHasFailed] = useState(false);
  const [stamp, setStamp] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    setIsLoading(true);
    fetchRows({ ...query, page, limit })
      .then((answer) => {
        if (!isCurrent) return;
        if (stepBackWhenEmpty && answer.data.length === 0 && answer.total > 0 && page > 1) {
          setPage(Math.ceil(answer.total / limit));
          return;
        }
        setRows(answer.data);
        setTotal(answer.total);
        setHasFailed(false);
      })
      .catch(() => isCurrent && setHasFailed(true))
      .finally(() => isCurrent && setIsLoading(false));
    return () => {
      isCurrent = false;
    };
  }, [fetchRows, stepBackWhenEmpty, query, page, limit, stamp]);

  const changeLimit = useCallback((next: number) => {
    setLimit(next);
    setPage(1);
  }, []);
  const reload = useCallback(() => setStamp((n) => n + 1), []);

  return {
    query,
    setQuery,
    page,
    setPage,
    limit,
    changeLimit,
    rows,
    total,
    isLoading,
    hasFailed,
    reload,
  };
};
