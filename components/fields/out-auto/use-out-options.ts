'use client';

import { useCallback, useEffect, useState } from 'react';
import { loadOutOptions, type OutOption } from './out-options';

type OutOptionsState = { options: OutOption[]; isLoading: boolean; error: string | null };

/** The options of an out_auto field, loaded from its url when the widget or cell appears. */
export const useOutOptions = ({ url }: { url: string }) => {
  const [state, setState] = useState<OutOptionsState>({ options: [], isLoading: Boolean(url), error: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!url) return;
    let isCurrent = true;
    setState((previous) => ({ ...previous, isLoading: true, error: null }));
    loadOutOptions({ url, isFresh: attempt > 0 })
      .then((options) => isCurrent && setState({ options, isLoading: false, error: null }))
      .catch((error: unknown) => isCurrent && setState({ options: [], isLoading: false, error: error instanceof Error ? error.message : '选项加载失败' }));
    return () => {
      isCurrent = false;
    };
  }, [url, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, reload };
};
