import type { AppRoute } from './types';

export const HOME_PATH = '/home';
export const NEWS_MANAGE_PATH = '/NewsManage';

/**
 * THE route table (spec section 6). /NewsManage's children arrive from the server and are merged
 * in by buildRouteTable (see news-routes.ts).
 */
export const ROUTE_TABLE: readonly AppRoute[] = [
  { path: HOME_PATH, title: '首页', icon: 'home', affix: true, view: 'home' },
  { path: '/system/set', title: '系统设置', icon: 'settings', roles: ['system_set'], view: 'system-set' },
  // 系统设置 → 敏感词: its own entry right under 系统设置 (the word lists the saves are checked against).
  {
    path: '/system/sensitive',
    title: '敏感词',
    icon: 'shield',
    roles: ['system_set'],
    view: 'sensitive-words',
  },
  { path: '/system/log', title: '操作日志', icon: 'history', roles: ['admin'], view: 'audit-log' },
  {
    path: '/manageuser/list',
    title: '管理员用户',
    icon: 'people',
    roles: ['manage_user'],
    view: 'manage-user',
  },
  { path: '/class/list', title: '栏目管理', icon: 'category', roles: ['class_manage'], view: 'class-list' },
  {
    path: NEWS_MANAGE_PATH,
    title: '内容管理',
    icon: 'article',
    roles: ['news_content'],
    view: 'news-manage',
    children: [],
  },
  { path: '/myinfo/index', title: '个人中心', icon: 'person', view: 'my-info' },
  { path: '/myinfo/changepwd', title: '修改密码', icon: 'lock', view: 'change-password' },
  { path: '/logout', title: '退出', icon: 'logout', noCache: true, view: 'logout' },
];
