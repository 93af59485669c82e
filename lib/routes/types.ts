import type { Role } from '@/lib/auth/roles';

/** Icon names the sidebar knows how to draw (components/layout/RouteIcon.tsx maps them). */
export type RouteIconName =
  | 'home'
  | 'settings'
  | 'shield'
  | 'history'
  | 'people'
  | 'person'
  | 'category'
  | 'article'
  | 'folder'
  | 'lock'
  | 'logout';

/** Keys of the view registry (components/views/registry.tsx); a route without one is a menu group only. */
export type ViewKey =
  | 'home'
  | 'system-set'
  | 'sensitive-words'
  | 'audit-log'
  | 'manage-user'
  | 'class-list'
  | 'news-manage'
  | 'news-category'
  | 'my-info'
  | 'change-password'
  | 'logout';

/** The category a /NewsManage child shows, carried on the route so its view needs no lookup. */
export type RouteCategory = { classId: number; classType: string };

/** One entry of the route table: data only, so server guard, menu, tags and search share it. */
export type AppRoute = {
  /** Absolute path, e.g. '/system/set'. */
  path: string;
  title: string;
  icon?: RouteIconName;
  /** Any one of these roles opens the route; none listed means every signed-in user. */
  roles?: readonly Role[];
  /** Pinned in the tag bar; cannot be closed. */
  affix?: boolean;
  /** Not kept alive when the user leaves it. */
  noCache?: boolean;
  /** false hides the route from the breadcrumb. */
  breadcrumb?: boolean;
  /** Menu entry to highlight instead of this route's own path. */
  activeMenu?: string;
  /** Reachable by URL but absent from the menu and the search. */
  hidden?: boolean;
  view?: ViewKey;
  /** Only on /NewsManage's category routes. */
  category?: RouteCategory;
  children?: readonly AppRoute[];
};
