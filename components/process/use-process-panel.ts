'use client';

import { useCallback, useState } from 'react';
import type { ProcessFormTarget } from './use-process-form';

/** The item a process view is about. */
export type ProcessItem = { id: number; title: string };

export type DrawerTab = 'list' | 'chart';

/**
 * What the process views of a list show: the 填写流程 timeline, the 流程 drawer (and its tab), the
 * record form, the category-wide drawing, and `version`, which every view reloads on. `changed`
 * moves it after a save or delete and tells the list (its rows carry the item's step).
 */
export const useProcessPanel = ({ onChanged }: { onChanged: () => void }) => {
  const [timelineItem, setTimelineItem] = useState<ProcessItem | null>(null);
  const [drawer, setDrawer] = useState<{ item: ProcessItem; tab: DrawerTab } | null>(null);
  const [formTarget, setFormTarget] = useState<ProcessFormTarget | null>(null);
  const [isOverviewOpen, setIsOverviewOpen] = useState(false);
  const [version, setVersion] = useState(0);

  const openTimeline = useCallback((item: ProcessItem) => setTimelineItem(item), []);
  const openDrawer = useCallback(
    (item: ProcessItem, tab: DrawerTab = 'list') => setDrawer({ item, tab }),
    [],
  );
  const openChart = useCallback((item: ProcessItem) => setDrawer({ item, tab: 'chart' }), []);

  const fillStep = useCallback(
    ({ item, process }: { item: ProcessItem; process: number }) =>
      setFormTarget({ mode: 'create', newsId: item.id, process, isStepFixed: true }),
    [],
  );

  const changed = useCallback(() => {
    setVersion((current) => current + 1);
    onChanged();
  }, [onChanged]);

  const saved = useCallback(() => {
    setFormTarget(null);
    changed();
  }, [changed]);

  return {
    version,
    timelineItem,
    openTimeline,
    closeTimeline: () => setTimelineItem(null),
    drawer,
    openDrawer,
    openChart,
    setDrawerTab: (tab: DrawerTab) => setDrawer((current) => (current ? { ...current, tab } : current)),
    closeDrawer: () => setDrawer(null),
    formTarget,
    fillStep,
    openForm: setFormTarget,
    closeForm: () => setFormTarget(null),
    saved,
    changed,
    isOverviewOpen,
    openOverview: () => setIsOverviewOpen(true),
    closeOverview: () => setIsOverviewOpen(false),
  };
};

export type ProcessPanelState = ReturnType<typeof useProcessPanel>;
