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

/** One node of class_manage/get_class_router (the /NewsManage menu). */
export type ClassRoute = {
  path: string;
  name: string;
  /** parent_only: shown only as the parent of permitted categories; its own items are not open to the user. */
  meta: { title: string; icon: string; class_id: number; class_type: string; parent_only?: true };
  children?: ClassRoute[];
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

/** class_manage/get_class_one: a category with everything the editor edits. */
export const toClassDetail = (row: NewsClass) => ({
  ...toClassNode(row),
  other_info: (row.otherInfo ?? {}) as Record<string, unknown>,
  class_fields: (row.classFields ?? {}) as Record<string, unknown>,
  content_fileds: readContentFields(row.contentFields),
});

export type ClassDetail = ReturnType<typeof toClassDetail>;

/**
 * What news_manage/get_calss_info answers: everything the content screen needs of a category (the
 * list's schema, or a single page's form and values). The one type of that answer, on both sides.
 */
export type ClassInfo = Pick<
  ClassDetail,
  | 'id'
  | 'key'
  | 'name'
  | 'class_type'
  | 'type_show'
  | 'hr_type'
  | 'other_info'
  | 'class_fields'
  | 'content_fileds'
> & { class_id: number };

/** The answer of get_calss_info from a category's detail; `classFields` are the values it may show. */
export const toClassInfo = ({
  detail,
  classFields,
}: {
  detail: ClassDetail;
  classFields: Record<string, unknown>;
}): ClassInfo => ({
  id: detail.id,
  class_id: detail.id,
  name: detail.name,
  key: detail.key,
  class_type: detail.class_type,
  type_show: detail.type_show,
  hr_type: detail.hr_type,
  other_info: detail.other_info,
  class_fields: classFields,
  content_fileds: detail.content_fileds,
});
