import { NEWS_MANAGE_PATH, ROUTE_TABLE } from './table';
import type { AppRoute } from './types';

/**
 * A category node as the server describes /NewsManage's children (class_manage/get_class_router).
 * The route path is /NewsManage/<parent keys…>/<key>.
 */
export type NewsRouteNode = {
  key: string;
  title: string;
  hidden?: boolean;
  /** The category's id and class_type (meta.class_id / meta.class_type of get_class_router). */
  classId?: number;
  classType?: string;
  children?: readonly NewsRouteNode[];
};

const toNewsRoutes = ({
  nodes,
  parentPath,
}: {
  nodes: readonly NewsRouteNode[];
  parentPath: string;
}): AppRoute[] =>
  nodes.map((node) => {
    const path = `${parentPath}/${encodeURIComponent(node.key)}`;
    return {
      path,
      title: node.title,
      icon: 'folder',
      roles: ['news_content'],
      hidden: node.hidden,
      view: 'news-category',
      category:
        node.classId === undefined ? undefined : { classId: node.classId, classType: node.classType ?? '0' },
      children: node.children?.length ? toNewsRoutes({ nodes: node.children, parentPath: path }) : undefined,
    };
  });

/** Extension point: the route table with the server's category routes under /NewsManage. */
export const buildRouteTable = ({
  newsChildren,
}: {
  newsChildren: readonly NewsRouteNode[];
}): readonly AppRoute[] =>
  ROUTE_TABLE.map((route) =>
    route.path === NEWS_MANAGE_PATH
      ? { ...route, children: toNewsRoutes({ nodes: newsChildren, parentPath: NEWS_MANAGE_PATH }) }
      : route,
  );
