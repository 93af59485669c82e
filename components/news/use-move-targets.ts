'use client';

import { useEffect, useState } from 'react';
import { fetchClassRouter } from '@/lib/client/api/categories';
import type { ClassRoute } from '@/lib/categories/to-api';

export type MoveTarget = {
  classId: number;
  title: string;
  /** Parent titles, outermost first. */ trail: string[];
};

const flatten = ({
  nodes,
  trail,
}: {
  nodes: readonly ClassRoute[];
  trail: string[];
}): (MoveTarget & { classType: string; isParentOnly: boolean })[] =>
  nodes.flatMap((node) => [
    {
      classId: node.meta.class_id,
      title: node.meta.title,
      trail,
      classType: node.meta.class_type,
      isParentOnly: node.meta.parent_only === true,
    },
    ...flatten({ nodes: node.children ?? [], trail: [...trail, node.meta.title] }),
  ]);

/** The categories items can move to: same type as this one, itself excluded; loaded when the dialog opens. */
export const useMoveTargets = ({
  isOpen,
  classId,
  classType,
}: {
  isOpen: boolean;
  classId: number;
  classType: string;
}) => {
  const [targets, setTargets] = useState<MoveTarget[] | null>(null);

  useEffect(() => {
    if (!isOpen) return;
    let isCurrent = true;
    setTargets(null);
    fetchClassRouter()
      .then((nodes) => {
        if (!isCurrent) return;
        const same = flatten({ nodes, trail: [] }).filter(
          (node) => node.classType === classType && node.classId !== classId && !node.isParentOnly,
        );
        setTargets(same.map(({ classId: id, title, trail }) => ({ classId: id, title, trail })));
      })
      .catch(() => isCurrent && setTargets([]));
    return () => {
      isCurrent = false;
    };
  }, [isOpen, classId, classType]);

  return { targets, isLoading: isOpen && targets === null };
};
