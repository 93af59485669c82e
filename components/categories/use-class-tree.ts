'use client';

import { useCallback, useEffect, useState } from 'react';
import { fetchClassTree } from '@/lib/client/api/categories';
import type { ClassTreeNode } from './category-types';

/** The category tree of class_manage/get_class_list; reloaded each time the view shows again. */
export const useClassTree = () => {
  const [tree, setTree] = useState<ClassTreeNode[] | null>(null);
  const [hasFailed, setHasFailed] = useState(false);

  const reload = useCallback(async () => {
    try {
      setTree(await fetchClassTree());
      setHasFailed(false);
    } catch {
      // The API client has shown the message; keep whatever tree is on screen.
      setHasFailed(true);
    }
  }, []);

  // Inside the shell's <Activity>, effects run again when the tab becomes visible: fresh data then.
  useEffect(() => {
    void reload();
  }, [reload]);

  return { tree, isLoading: tree === null && !hasFailed, hasFailed, reload };
};
