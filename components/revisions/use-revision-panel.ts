'use client';

import { useState } from 'react';
import { usePagedRows } from '@/components/common/use-paged-rows';
import { fetchNewsRevisions } from '@/lib/client/api/revisions';
import type { RevisionSummary } from '@/lib/revisions/revision-types';
import { useRevisionDiff } from './use-revision-diff';

/** The 历史版本 panel's state: the paged revisions, the one chosen and its comparison with now. */
export const useRevisionPanel = ({ newsId }: { newsId: number }) => {
  const list = usePagedRows({ initialQuery: { newsId }, fetchRows: fetchNewsRevisions });
  const [selected, setSelected] = useState<RevisionSummary | null>(null);
  const diff = useRevisionDiff({ newsId, rev: selected?.rev ?? null });
  return { list, selected, select: setSelected, diff };
};

export type RevisionRows = ReturnType<typeof useRevisionPanel>['list'];
