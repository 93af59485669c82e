import 'server-only';
import { findClassTree } from './find-class-tree';
import type { ClassNode } from './to-api';

export type ClassRoute = {
  path: string;
  name: string;
  meta: { title: string; icon: string; class_id: number; class_type: string };
  children?: ClassRoute[];
};

const toRoute = (node: ClassNode): ClassRoute => ({
  path: node.key,
  name: `NewsManage-${node.id}`,
  meta: { title: node.name, icon: node.icon, class_id: node.id, class_type: node.class_type },
  ...(node.children.length ? { children: node.children.map(toRoute) } : {}),
});

/** The /NewsManage menu: visible categories only, as nested routes keyed by category key. */
export const findClassRouter = async () => (await findClassTree({ visibleOnly: true })).map(toRoute);
