'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { requestScanSensitive, type SensitiveScanItem } from '@/lib/client/api/sensitive';

/** Items read per call (the API takes at most 500). */
const BATCH = 200;
/** The scan pauses after finding this many items with hits, until 继续检查. */
const PAUSE_AFTER_FOUND = 50;

export type ScanStatus = 'running' | 'paused' | 'done' | 'failed';

export type ScanState = {
  status: ScanStatus;
  items: SensitiveScanItem[];
  /** Items read so far, and how many the category holds (for the progress). */
  scanned: number;
  total: number;
  /** Where the next call goes on (null: the category is done). */
  nextAfterId: number | null;
  /** The lists had no word when the scan began: nothing can hit. */
  isWordListEmpty: boolean;
};

const START: ScanState = {
  status: 'running',
  items: [],
  scanned: 0,
  total: 0,
  nextAfterId: 0,
  isWordListEmpty: false,
};

/**
 * 敏感词检查 of one category: scan_sensitive page after page (id order, `after_id`), the items with
 * hits gathered as they come; it pauses after every PAUSE_AFTER_FOUND found (继续检查 goes on), can
 * be stopped, and stops when `isOpen` turns false. A call that fails stops it where it was (重试).
 */
export const useSensitiveScan = ({ classId, isOpen }: { classId: number; isOpen: boolean }) => {
  const [state, setState] = useState<ScanState>(START);
  // Each run's token: a newer run (or a stop) makes an older one's answers void.
  const runRef = useRef(0);

  const run = useCallback(
    async (from: number) => {
      const token = ++runRef.current;
      setState((current) => ({ ...current, status: 'running' }));
      let afterId = from;
      let found = 0;
      while (runRef.current === token) {
        let page;
        try {
          ({ data: page } = await requestScanSensitive({ classId, afterId, limit: BATCH }));
        } catch {
          // The API client has said why.
          if (runRef.current === token) setState((current) => ({ ...current, status: 'failed' }));
          return;
        }
        if (runRef.current !== token) return;
        const isFirst = afterId === 0;
        const isDone = page.next_after_id === null;
        found += page.data.length;
        const isPause = !isDone && found >= PAUSE_AFTER_FOUND;
        setState((current) => ({
          ...current,
          items: [...current.items, ...page.data],
          scanned: current.scanned + page.scanned,
          total: page.total,
          nextAfterId: page.next_after_id,
          isWordListEmpty: isFirst ? isDone && page.scanned === 0 && page.total > 0 : current.isWordListEmpty,
          status: isDone ? 'done' : isPause ? 'paused' : 'running',
        }));
        if (isDone || isPause) return;
        afterId = page.next_after_id ?? afterId;
      }
    },
    [classId],
  );

  const start = useCallback(() => {
    setState(START);
    void run(0);
  }, [run]);

  const resume = () => {
    if (state.nextAfterId !== null) void run(state.nextAfterId);
  };

  const stop = useCallback(() => {
    runRef.current += 1;
    setState((current) => (current.status === 'running' ? { ...current, status: 'paused' } : current));
  }, []);

  // Each opening scans afresh; closing stops what runs.
  useEffect(() => {
    if (!isOpen) return;
    start();
    return stop;
  }, [isOpen, start, stop]);

  return { ...state, start, resume, stop };
};

export type SensitiveScanState = ReturnType<typeof useSensitiveScan>;
