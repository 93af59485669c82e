import type { NewsRouteNode } from './news-routes';

/** The shape class_manage/get_class_router answers (lib/categories/find-class-router.ts). */
export type ClassRouteEntry = {
  path: string;
  meta: { title: string; class_id: number; class_type: string };
  children?: readonly ClassRouteEntry[];
};

/** get_class_router's menu → the route nodes buildRouteTable puts under /NewsManage. */
export const toNewsRouteNodes = ({ entries }: { entries: readonly ClassRouteEntry[] }): NewsRouteNode[] =>
  entries.map((entry) => ({
    key: entry.path,
    title: entry.meta.title,
    classId: entry.meta.class_id,
    classType: entry.meta.class_type,
    children: entry.children?.length ? toNewsRouteNodes({ entries: entry.children }) : undefined,
  }));
