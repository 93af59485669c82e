import 'server-only';
import type { ClassRights } from '@/lib/auth/class-rights';
import { findClassTree } from './find-class-tree';
import type { ClassNode, ClassRoute } from './to-api';

const toRoute =
  (rights: ClassRights) =>
  (node: ClassNode): ClassRoute => ({
    path: node.key,
    name: `NewsManage-${node.id}`,
    meta: {
      title: node.name,
      icon: node.icon,
      class_id: node.id,
      class_type: node.class_type,
      ...(rights && !rights.has(node.id) ? { parent_only: true as const } : {}),
    },
    ...(node.children.length ? { children: node.children.map(toRoute(rights)) } : {}),
  });

/**
 * Keeps the categories within the rights and, as menu parents only, their ancestors: an ancestor
 * listed here grants nothing (every call on its items checks the rights again).
 */
const keepWithinRights = (nodes: ClassNode[], rights: ReadonlySet<number>): ClassNode[] =>
  nodes.flatMap((node) => {
    const children = keepWithinRights(node.children, rights);
    return rights.has(node.id) || children.length ? [{ ...node, children }] : [];
  });

/**
 * The /NewsManage menu: visible categories only, as nested routes keyed by category key; with
 * `rights` (a user limited to some categories) only those and the parents leading to them.
 */
export const findClassRouter = async ({ rights }: { rights: ClassRights }) => {
  const tree = await findClassTree({ visibleOnly: true });
  return (rights ? keepWithinRights(tree, rights) : tree).map(toRoute(rights));
};
