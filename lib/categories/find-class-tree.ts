import 'server-only';
import { getDb } from '@/lib/db/client';
import { buildTree, TREE_SELECT } from './to-api';

export const findClassTree = async ({ visibleOnly = false }: { visibleOnly?: boolean } = {}) => {
  const db = await getDb();
  const rows = await db.newsClass.findMany({
    select: TREE_SELECT,
    orderBy: [{ sort: 'asc' }, { id: 'asc' }],
  });
  const tree = buildTree(rows);
  if (!visibleOnly) return tree;
  // A hidden category hides its whole subtree.
  const prune = (nodes: typeof tree): typeof tree =>
    nodes.filter((node) => node.is_show === 1).map((node) => ({ ...node, children: prune(node.children) }));
  return prune(tree);
};
