'use client';

import { useCallback, useEffect, useState } from 'react';
import { fetchRevisionDiff } from '@/lib/client/api/revisions';
import type { FieldDiff } from '@/lib/revisions/revision-types';
import type { RevisionSubject } from './revision-fields';

export type DiffState =
  { status: 'idle' } | { status: 'loading' } | { status: 'failed' } | { status: 'ready'; diff: FieldDiff[] };

/** The fields in which revision `rev` differs from the subject as it is now; `retry` after a failure. */
export const useRevisionDiff = ({ subject, rev }: { subject: RevisionSubject; rev: number | null }) => {
  const { kind, id } = subject;
  const [state, setState] = useState<DiffState>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (rev === null) {
      setState({ status: 'idle' });
      return;
    }
    let isCurrent = true;
    setState({ status: 'loading' });
    fetchRevisionDiff({ kind, id, from: rev })
      .then((diff) => isCurrent && setState({ status: 'ready', diff }))
      .catch(() => isCurrent && setState({ status: 'failed' }));
    return () => {
      isCurrent = false;
    };
  }, [kind, id, rev, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
};
