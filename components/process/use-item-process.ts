'use client';

import { fetchProcessList, fetchProcessPage, fetchProcessSteps } from '@/lib/client/api/process';
import type { ProcessRecord, ProcessStep } from '@/lib/process/process-types';
import { useLoaded } from './use-loaded';

type ItemProcess = { steps: ProcessStep[]; latestByStep: ReadonlyMap<number, ProcessRecord> };

const loadItemProcess = async ({ newsId }: { newsId: number }): Promise<ItemProcess> => {
  const [steps, records] = await Promise.all([fetchProcessSteps({ newsId }), fetchProcessList({ newsId })]);
  const latestByStep = new Map<number, ProcessRecord>();
  // Newest first: the first record of a step is its latest.
  for (const record of records)
    if (!latestByStep.has(record.process)) latestByStep.set(record.process, record);
  // The list holds the newest 100 only: a step whose records are all older asks for its latest one.
  const missing = steps.filter((step) => step.timestamp !== null && !latestByStep.has(step.id));
  const latest = await Promise.all(
    missing.map((step) => fetchProcessPage({ newsId, process: step.id, page: 1, limit: 1 })),
  );
  for (const { data } of latest) if (data[0]) latestByStep.set(data[0].process, data[0]);
  return { steps, latestByStep };
};

/** An item's steps with their timestamps, and the latest record of each (who filled it in). */
export const useItemProcess = ({ newsId, version }: { newsId: number | null; version: number }) => {
  const { data, isLoading } = useLoaded({
    key: newsId === null ? null : String(newsId),
    version,
    load: () => loadItemProcess({ newsId: newsId ?? 0 }),
  });
  return { steps: data?.steps ?? null, latestByStep: data?.latestByStep ?? new Map(), isLoading };
};
