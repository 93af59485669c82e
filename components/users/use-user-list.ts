'use client';

import { useCallback, useEffect, useState } from 'react';
import type { UserRow } from '@/lib/users/schemas';
import { fetchUsers } from './user-api';

/** One page of users for a keyword; `reload` after any change. Failures are shown by the API client. */
export const useUserList = () => {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const [rows, setRows] = useState<UserRow[]>([]);
  const [total, setTotal] = useState(0);
  const [isLoading, setIsLoading] = useState(true);
  const [stamp, setStamp] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    setIsLoading(true);
    fetchUsers({ page, limit, keyword })
      .then((answer) => {
        if (!isCurrent) return;
        // A deletion can empty the last page: step back to the new last one.
        if (answer.data.length === 0 && answer.total > 0 && page > 1) {
          setPage(Math.ceil(answer.total / limit));
          return;
        }
        setRows(answer.data);
        setTotal(answer.total);
      })
      .catch(() => undefined)
      .finally(() => isCurrent && setIsLoading(false));
    return () => {
      isCurrent = false;
    };
  }, [page, limit, keyword, stamp]);

  const search = useCallback((next: string) => {
    setKeyword(next.trim());
    setPage(1);
    setStamp((n) => n + 1);
  }, []);
  const reload = useCallback(() => setStamp((n) => n + 1), []);
  const changeLimit = useCallback((next: number) => {
    setLimit(next);
    setPage(1);
  }, []);

  return { rows, total, page, limit, keyword, isLoading, search, reload, setPage, changeLimit };
};
