// The route table rules the server guard, menu and search share. Pure functions: no browser, and
// the only way to cover roles other than admin until there is a user-management screen.
import { expect, test } from '@playwright/test';
import { filterRoutesByRoles } from '@/lib/routes/access';
import { flattenViewRoutes } from '@/lib/routes/match';
import { buildRouteTable } from '@/lib/routes/news-routes';
import { resolveAdminPath } from '@/lib/routes/resolve';
import { loginPathFor, safeRedirectTarget } from '@/lib/routes/safe-redirect';

const routes = buildRouteTable({
  newsChildren: [{ key: 'news', title: '新闻', children: [{ key: 'notice', title: '通知公告' }] }],
});

test.describe('路由表与权限（纯函数）', () => {
  const cases = [
    { name: '根路径去首页', path: '/', roles: ['admin'], expected: { kind: 'redirect', to: '/home' } },
    { name: 'admin 可进所有模块', path: '/class/list', roles: ['admin'], expected: { kind: 'view' } },
    { name: '有对应角色可进', path: '/system/set', roles: ['system_set'], expected: { kind: 'view' } },
    {
      name: '缺少角色 → 401',
      path: '/manageuser/list',
      roles: ['system_set'],
      expected: { kind: 'redirect', to: '/401' },
    },
    {
      name: '无角色要求的路由人人可进',
      path: '/myinfo/changepwd',
      roles: ['class_manage'],
      expected: { kind: 'view' },
    },
    {
      name: '操作日志只给超级管理员',
      path: '/system/log',
      roles: ['system_set', 'manage_user'],
      expected: { kind: 'redirect', to: '/401' },
    },
    { name: '未知路径 → 404', path: '/system', roles: ['admin'], expected: { kind: 'redirect', to: '/404' } },
    {
      name: '服务端下发的栏目子路由',
      path: '/NewsManage/news/notice',
      roles: ['news_content'],
      expected: { kind: 'view' },
    },
    {
      name: '栏目子路由同样要 news_content',
      path: '/NewsManage/news',
      roles: ['manage_user'],
      expected: { kind: 'redirect', to: '/401' },
    },
    {
      name: '未下发的栏目 → 404',
      path: '/NewsManage/other',
      roles: ['admin'],
      expected: { kind: 'redirect', to: '/404' },
    },
    {
      name: '刷新中转页放行',
      path: '/redirect/class/list',
      roles: ['system_set'],
      expected: { kind: 'refresh', target: '/class/list' },
    },
  ];
  for (const { name, path, roles, expected } of cases) {
    test(name, () => {
      expect(resolveAdminPath({ path, roles, routes })).toMatchObject(expected);
    });
  }

  test('菜单只含用户可见的路由，子路由同样过滤', () => {
    const paths = (roles: string[]) =>
      flattenViewRoutes({ routes: filterRoutesByRoles({ routes, roles }) }).map(({ route }) => route.path);
    expect(paths(['admin'])).toEqual([
      '/home',
      '/system/set',
      '/system/sensitive',
      '/system/log',
      '/manageuser/list',
      '/class/list',
      '/NewsManage',
      '/NewsManage/news',
      '/NewsManage/news/notice',
      '/myinfo/index',
      '/myinfo/changepwd',
      '/logout',
    ]);
    expect(paths(['class_manage'])).toEqual([
      '/home',
      '/class/list',
      '/myinfo/index',
      '/myinfo/changepwd',
      '/logout',
    ]);
  });

  test('登录后的跳转只接受本站路径', () => {
    expect(safeRedirectTarget({ raw: '/class/list?x=1' })).toBe('/class/list?x=1');
    for (const raw of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/a\nb',
    ]) {
      expect(safeRedirectTarget({ raw })).toBe('/');
    }
    expect(loginPathFor({ path: '/system/set' })).toBe('/login?redirect=%2Fsystem%2Fset');
    expect(loginPathFor({ path: '/logout' })).toBe('/login');
  });
});
