import type { ClassTreeNode } from './category-types';

/** A visible line of the tree table. */
export type ClassRow = {
  node: ClassTreeNode;
  depth: number;
  /** Position among its siblings, and how many siblings there are (for 上移 / 下移). */
  index: number;
  siblingCount: number;
  /** /NewsManage/… path of the category (keys of its ancestors, then its own). */
  path: string;
  /** In the content menu: it and all its ancestors are shown (a hidden category hides its subtree). */
  isReachable: boolean;
};

/** The rows to draw: depth first, children of a collapsed node left out. */
type FlattenOptions = {
  nodes: readonly ClassTreeNode[];
  collapsed: ReadonlySet<number>;
  depth?: number;
  parentPath?: string;
  isParentReachable?: boolean;
};

export const flattenTree = ({
  nodes,
  collapsed,
  depth = 0,
  parentPath = '/NewsManage',
  isParentReachable = true,
}: FlattenOptions): ClassRow[] =>
  nodes.flatMap((node, index) => {
    const path = `${parentPath}/${encodeURIComponent(node.key)}`;
    const isReachable = isParentReachable && node.is_show === 1;
    const row: ClassRow = { node, depth, index, siblingCount: nodes.length, path, isReachable };
    const children = collapsed.has(node.id)
      ? []
      : flattenTree({
          nodes: node.children,
          collapsed,
          depth: depth + 1,
          parentPath: path,
          isParentReachable: isReachable,
        });
    return [row, ...children];
  });

export const findNode = ({
  nodes,
  id,
}: {
  nodes: readonly ClassTreeNode[];
  id: number;
}): ClassTreeNode | null => {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inner = findNode({ nodes: node.children, id });
    if (inner) return inner;
  }
  return null;
};

/** Ids of a node and everything below it: never a valid new parent for it. */
export const subtreeIds = ({ node }: { node: ClassTreeNode }): Set<number> => {
  const ids = new Set<number>([node.id]);
  for (const child of node.children) for (const id of subtreeIds({ node: child })) ids.add(id);
  return ids;
};

/** The children of parentId (0: the top level). */
export const childrenOf = ({ nodes, parentId }: { nodes: readonly ClassTreeNode[]; parentId: number }) =>
  parentId === 0 ? nodes : (findNode({ nodes, id: parentId })?.children ?? []);

/** Every node with its depth, depth first: the options of the 上级栏目 select. */
export const listWithDepth = ({
  nodes,
  depth = 0,
}: {
  nodes: readonly ClassTreeNode[];
  depth?: number;
}): { node: ClassTreeNode; depth: number }[] =>
  nodes.flatMap((node) => [{ node, depth }, ...listWithDepth({ nodes: node.children, depth: depth + 1 })]);

/**
 * Where a drag of `activeId` dropped on `overId` puts it: beside the row it lands on, at that
 * row's place among its siblings (sort_class's 0-based position), or null for no move.
 */
export const dropPlacement = ({
  nodes,
  activeId,
  overId,
}: {
  nodes: readonly ClassTreeNode[];
  activeId: number;
  overId: number;
}) => {
  const active = findNode({ nodes, id: activeId });
  const over = findNode({ nodes, id: overId });
  if (!active || !over || active.id === over.id) return null;
  // Among the same siblings the row takes the place of the one it lands on (arrayMove); from
  // elsewhere it goes just before it. Either way that is the target's current index.
  const sort = childrenOf({ nodes, parentId: over.parent_id }).findIndex((node) => node.id === over.id);
  return { parentId: over.parent_id, sort };
};
