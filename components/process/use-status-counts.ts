'use client';

import { fetchStatusList } from '@/lib/client/api/process';
import { useLoaded } from './use-loaded';

/** The category's items counted per status (未开始 and each step); null classId loads nothing. */
export const useStatusCounts = ({ classId, version }: { classId: number | null; version: string }) => {
  const { data } = useLoaded({
    key: classId === null ? null : String(classId),
    version,
    load: () => fetchStatusList({ classId: classId ?? 0 }),
  });
  return data;
};
