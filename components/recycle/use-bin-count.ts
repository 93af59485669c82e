'use client';

import { useCallback, useEffect, useState } from 'react';
import { fetchRecycleList } from '@/lib/client/api/recycle';

/** How many of the category's items are in the 回收站 (null until known); `reload` after a change. */
export const useBinCount = ({ classId }: { classId: number }) => {
  const [count, setCount] = useState<number | null>(null);
  const [stamp, setStamp] = useState(0);
  useEffect(() => {
    let isCurrent = true;
    fetchRecycleList({ classId, page: 1, limit: 1, isQuiet: true })
      .then((answer) => isCurrent && setCount(answer.total))
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [classId, stamp]);
  const reload = useCallback(() => setStamp((n) => n + 1), []);
  return { count, reload };
};
