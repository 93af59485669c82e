'use client';

import { useState } from 'react';
import type { ClassTreeNode } from './category-types';

const withChildren = (nodes: readonly ClassTreeNode[]): number[] =>
  nodes.flatMap((node) => (node.children.length ? [node.id, ...withChildren(node.children)] : []));

/** Which rows are folded; new categories start unfolded, so the set holds the folded ones. */
export const useCollapsed = () => {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  return {
    collapsed,
    toggle: (id: number) =>
      setCollapsed((previous) => {
        const next = new Set(previous);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    expandAll: () => setCollapsed(new Set()),
    collapseAll: (tree: readonly ClassTreeNode[]) => setCollapsed(new Set(withChildren(tree))),
  };
};
