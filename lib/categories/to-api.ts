import type { NewsClass } from '@/lib/generated/prisma/client';
import { readContentFields } from './content-fields';

export type ClassNode = {
  id: number;
  parent_id: number;
  key: string;
  name: string;
  icon: string;
  sort: number;
  is_show: 0 | 1;
  class_type: string;
  type_show: string;
  hr_type: string;
  children: ClassNode[];
};

type TreeRow = Pick<
  NewsClass,
  'id' | 'parentId' | 'key' | 'name' | 'icon' | 'sort' | 'isShow' | 'classType' | 'typeShow' | 'hrType'
>;

export const TREE_SELECT = {
  id: true,
  parentId: true,
  key: true,
  name: true,
  icon: true,
  sort: true,
  isShow: true,
  classType: true,
  typeShow: true,
  hrType: true,
} as const;

export const toClassNode = (row: TreeRow): ClassNode => ({
  id: row.id,
  parent_id: row.parentId ?? 0,
  key: row.key,
  name: row.name,
  icon: row.icon,
  sort: row.sort,
  is_show: row.isShow ? 1 : 0,
  class_type: row.classType,
  type_show: row.typeShow,
  hr_type: row.hrType,
  children: [],
});

/** Builds the tree from flat rows already ordered by sort, id. */
export const buildTree = (rows: TreeRow[]) => {
  const nodes = new Map(rows.map((row) => [row.id, toClassNode(row)]));
  const roots: ClassNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id) as ClassNode;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
};

export const toClassDetail = (row: NewsClass) => ({
  ...toClassNode(row),
  other_info: (row.otherInfo ?? {}) as Record<string, unknown>,
  class_fields: (row.classFields ?? {}) as Record<string, unknown>,
  content_fileds: readContentFields(row.contentFields),
});
