'use client';

import { useState } from 'react';
import { usePagedRows } from '@/components/common/use-paged-rows';
import { fetchRevisions } from '@/lib/client/api/revisions';
import type { RevisionSummary } from '@/lib/revisions/revision-types';
import type { RevisionSubject } from './revision-fields';
import { useRevisionDiff } from './use-revision-diff';

/** The 历史版本 panel's state: the paged revisions, the one chosen and its comparison with now. */
export const useRevisionPanel = ({ subject }: { subject: RevisionSubject }) => {
  const list = usePagedRows({
    initialQuery: { kind: subject.kind, id: subject.id },
    fetchRows: fetchRevisions,
  });
  const [selected, setSelected] = useState<RevisionSummary | null>(null);
  const diff = useRevisionDiff({ subject, rev: selected?.rev ?? null });
  return { list, selected, select: setSelected, diff };
};

export type RevisionRows = ReturnType<typeof useRevisionPanel>['list'];
