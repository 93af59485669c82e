import { addView, EMPTY_TAGS_VIEW, followRoutes } from '@/lib/client/tags-view';
import type { AppRoute } from '@/lib/routes/types';

const home: AppRoute = { path: '/home', title: '首页', view: 'home', affix: true };
const category = (id: number, title: string): AppRoute => ({
  path: `/NewsManage/c${id}`,
  title,
  view: 'news-manage',
  category: { classId: id, classType: '0' },
});
const table = (...children: AppRoute[]): AppRoute[] => [
  home,
  { path: '/NewsManage', title: '内容管理', children },
];

describe('followRoutes (the tag bar after the category menu is re-read)', () => {
  const open = [home, category(1, '新闻'), category(2, '公告')].reduce(
    (state, route) => addView({ state, route }),
    EMPTY_TAGS_VIEW,
  );

  it('closes the tag of a deleted or hidden category and drops its kept-alive view', () => {
    const next = followRoutes({ state: open, routes: table(category(1, '新闻')) });
    expect(next.visited.map((view) => view.path)).toEqual(['/home', '/NewsManage/c1']);
    expect(next.cached).not.toContain('/NewsManage/c2');
  });

  it('renames the tag of a renamed category and keeps its view', () => {
    const next = followRoutes({ state: open, routes: table(category(1, '要闻'), category(2, '公告')) });
    expect(next.visited.find((view) => view.path === '/NewsManage/c1')?.title).toBe('要闻');
    expect(next.cached).toEqual(open.cached);
  });

  it('returns the same state when nothing changed (no re-render)', () => {
    expect(followRoutes({ state: open, routes: table(category(1, '新闻'), category(2, '公告')) })).toBe(open);
  });
});
