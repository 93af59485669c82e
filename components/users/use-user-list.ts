'use client';

import { useCallback } from 'react';
import { usePagedRows } from '@/components/common/use-paged-rows';
import { fetchUsers } from '@/lib/client/api/users';

/** One page of users for a keyword; `reload` after any change. Failures are shown by the API client. */
export const useUserList = () => {
  const paged = usePagedRows({
    initialQuery: { keyword: '' },
    fetchRows: fetchUsers,
    stepBackWhenEmpty: true,
  });
  const { setQuery, setPage, reload } = paged;

  const search = useCallback(
    (next: string) => {
      setQuery({ keyword: next.trim() });
      setPage(1);
      reload();
    },
    [setQuery, setPage, reload],
  );

  const { rows, total, page, limit, isLoading, changeLimit } = paged;
  return {
    rows,
    total,
    page,
    limit,
    keyword: paged.query.keyword,
    isLoading,
    search,
    reload,
    setPage,
    changeLimit,
  };
};
