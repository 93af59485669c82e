'use client';

import { useMemo } from 'react';
import type { ClassInfo } from '@/lib/categories/to-api';
import type { NewsItem } from '@/lib/news/item-types';
import type { NewsRowHandlers } from '@/components/news/NewsRowActions';
import { useProcessPanel } from './use-process-panel';
import { useStatusCounts } from './use-status-counts';

const itemOf = (row: NewsItem) => ({ id: row.id, title: row.title || `#${row.id}` });

/**
 * The process side of a list (type 4/5 categories; inert for others): the views' state, the
 * status counts (reloaded after a process change and whenever the list's total moves, e.g. an
 * item added or deleted), and the row buttons' handlers.
 */
export const useListProcess = ({
  info,
  total,
  refresh,
}: {
  info: ClassInfo;
  total: number;
  refresh: () => void;
}) => {
  const isProcess = info.class_type === '4' || info.class_type === '5';
  const hasChart = info.class_type === '5';
  const panel = useProcessPanel({ onChanged: refresh });
  const statuses = useStatusCounts({
    classId: isProcess ? info.id : null,
    version: `${panel.version}:${total}`,
  });
  const { openDrawer, openTimeline, openChart } = panel;
  const rowHandlers = useMemo<NewsRowHandlers['process']>(
    () =>
      isProcess
        ? {
            onShow: (row) => openDrawer(itemOf(row)),
            onFill: (row) => openTimeline(itemOf(row)),
            onChart: hasChart ? (row) => openChart(itemOf(row)) : undefined,
          }
        : undefined,
    [isProcess, hasChart, openDrawer, openTimeline, openChart],
  );
  return { isProcess, hasChart, panel, statuses, rowHandlers };
};
