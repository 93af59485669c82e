import 'server-only';
import { findClassTree } from '@/lib/categories/find-class-tree';
import type { ClassOption } from './schemas';

type Node = { id: number; name: string; children: Node[] };
const toOption = (node: Node): ClassOption => ({
  id: node.id,
  name: node.name,
  children: node.children.map(toOption),
});

/** The category tree (ids and names only) for the rights picker of the user form. */
export const findClassOptions = async () => (await findClassTree()).map(toOption);
