'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClassInfo } from '@/lib/categories/to-api';
import { fetchClassInfo } from '@/lib/client/api/news';
import { useFirstScreenInfo } from '@/components/layout/first-screen-context';

type InfoState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; info: ClassInfo };

/**
 * news_manage/get_calss_info for the screen's category. The first load shows a loading state; when
 * a kept-alive tab is shown again the info is re-read quietly and swapped in only if it changed
 * (a schema edited in 栏目管理 meanwhile), so the panel keeps its own state otherwise.
 */
export const useCategoryInfo = ({
  classId,
  onLoadStart,
}: {
  classId: number | undefined;
  /** Called as a loud (first or retried) load starts: the caller may start what needs no info. */
  onLoadStart?: () => void;
}) => {
  // Sent by the server with a full page load: ready at the first render, nothing to ask for.
  const seeded = useFirstScreenInfo(classId);
  const [state, setState] = useState<InfoState>(
    seeded ? { status: 'ready', info: seeded } : { status: 'loading' },
  );
  const lastJson = useRef('');
  const isSeedShown = useRef(seeded !== null);

  const load = useCallback(
    async ({ isQuiet }: { isQuiet: boolean }) => {
      if (classId === undefined) return setState({ status: 'failed' });
      if (!isQuiet) {
        setState({ status: 'loading' });
        onLoadStart?.();
      }
      try {
        const info = await fetchClassInfo({ classId, isQuiet });
        const json = JSON.stringify(info);
        if (json !== lastJson.current) {
          lastJson.current = json;
          setState({ status: 'ready', info });
        }
      } catch {
        // The API client has toasted the reason; a quiet re-read keeps what is on screen.
        if (!isQuiet) setState({ status: 'failed' });
      }
    },
    [classId, onLoadStart],
  );

  // Runs on mount and each time the shell's <Activity> shows this view again.
  useEffect(() => {
    if (isSeedShown.current && seeded) {
      isSeedShown.current = false;
      lastJson.current = JSON.stringify(seeded);
      return;
    }
    void load({ isQuiet: lastJson.current !== '' });
  }, [load, seeded]);

  return { state, retry: () => void load({ isQuiet: false }) };
};
