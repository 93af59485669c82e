'use client';

import { fetchProcessList } from '@/lib/client/api/process';
import { useLoaded } from './use-loaded';

/** An item's records, newest first, narrowed to one step when `process` is set (the drawer's filter). */
export const useProcessRecords = ({
  newsId,
  process,
  version,
}: {
  newsId: number | null;
  process: number | null;
  version: number;
}) => {
  const { data, isLoading } = useLoaded({
    key: newsId === null ? null : `${newsId}:${process ?? ''}`,
    version,
    load: () => fetchProcessList({ newsId: newsId ?? 0, process }),
  });
  return { records: data, isLoading };
};
