import 'server-only';
import { findClassTree } from './find-class-tree';
import type { ClassNode, ClassRoute } from './to-api';

const toRoute =
  (permitted: ReadonlySet<number> | null) =>
  (node: ClassNode): ClassRoute => ({
    path: node.key,
    name: `NewsManage-${node.id}`,
    meta: {
      title: node.name,
      icon: node.icon,
      class_id: node.id,
      class_type: node.class_type,
      ...(permitted && !permitted.has(node.id) ? { parent_only: true as const } : {}),
    },
    ...(node.children.length ? { children: node.children.map(toRoute(permitted)) } : {}),
  });

/**
 * Keeps the permitted categories and, as menu parents only, their ancestors: an ancestor listed
 * here grants nothing (every call on its items checks the rights again).
 */
const keepPermitted = (nodes: ClassNode[], permitted: ReadonlySet<number>): ClassNode[] =>
  nodes.flatMap((node) => {
    const children = keepPermitted(node.children, permitted);
    return permitted.has(node.id) || children.length ? [{ ...node, children }] : [];
  });

/**
 * The /NewsManage menu: visible categories only, as nested routes keyed by category key; with
 * `permitted` (a user limited to some categories) only those and the parents leading to them.
 */
export const findClassRouter = async ({ permitted }: { permitted: ReadonlySet<number> | null }) => {
  const tree = await findClassTree({ visibleOnly: true });
  return (permitted ? keepPermitted(tree, permitted) : tree).map(toRoute(permitted));
};
