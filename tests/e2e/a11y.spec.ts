import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { cookieValue, openAdminPage, openContentList, signIn } from './support/helpers';

// Issue 26: axe-core on every screen of the menu and the main dialogs, in the light and in the dark
// scheme, finds no serious or critical violation. One test per scheme walks all of them in one
// session (a sign-in each, not one per screen), collects what axe finds and fails once with the list.

type Answer<T> = { code: number; message: string; data: T };

const BASE_SET = {
  title: { name: '标题', showlist: true, isshow: true },
  short_title: { name: '副标题', showlist: false, isshow: true },
  intro: { name: '简介', showlist: false, isshow: true },
  content: { name: '正文', showlist: false, isshow: true },
};
const SCHEMA = [
  { key: 'author', title: '作者', type: 'string', style: '50%', isshow: true, showlist: true, search: true },
  {
    key: 'level',
    title: '级别',
    type: 'select',
    isshow: true,
    showlist: true,
    search: true,
    options: [
      { label: '高', value: 'high', color: '#f5222d' },
      { label: '低', value: 'low', color: '#52c41a' },
    ],
  },
  { key: 'cover', title: '封面', type: 'one_picture', isshow: true, showlist: false },
];

/** The screens of the menu (and the error pages), each with what shows once it has drawn. */
const SCREENS: { name: string; path: string; ready: (page: Page) => Promise<void>; isBare?: boolean }[] = [
  { name: '首页', path: '/home', ready: (page) => expect(page.getByRole('heading').first()).toBeVisible() },
  {
    name: '系统设置',
    path: '/system/set',
    ready: (page) => expect(page.getByLabel('系统名称')).toBeVisible(),
  },
  {
    name: '敏感词',
    path: '/system/sensitive',
    ready: (page) => expect(page.getByRole('tablist', { name: '名单' })).toBeVisible(),
  },
  { name: '操作日志', path: '/system/log', ready: (page) => expect(page.getByRole('table')).toBeVisible() },
  {
    name: '管理员用户',
    path: '/manageuser/list',
    ready: (page) => expect(page.getByRole('button', { name: '编辑 admin' })).toBeVisible(),
  },
  { name: '栏目管理', path: '/class/list', ready: (page) => expect(page.getByRole('table')).toBeVisible() },
  { name: '内容管理', path: '/NewsManage', ready: (page) => expect(page.locator('main')).toBeVisible() },
  {
    name: '个人中心',
    path: '/myinfo/index',
    ready: (page) => expect(page.getByRole('list', { name: '登录设备' })).toBeVisible(),
  },
  {
    name: '修改密码',
    path: '/myinfo/changepwd',
    // 个人中心, visited before, stays in the page (hidden, a tab of the tags bar) with a form of its own.
    ready: (page) => expect(page.getByLabel('原密码').locator('visible=true')).toBeVisible(),
  },
  {
    name: '404',
    path: '/404',
    isBare: true,
    ready: (page) => expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible(),
  },
  {
    name: '401',
    path: '/401',
    isBare: true,
    ready: (page) => expect(page.getByRole('heading')).toBeVisible(),
  },
];

/** A list + process category with two items and a third in the 回收站; answers its key. */
const seedCategory = async (page: Page) => {
  const headers = { 'X-Token': (await cookieValue({ page, name: 'Admin-Token' })) ?? '' };
  const call = async <T>(method: 'post' | 'delete', path: string, data: unknown) => {
    const response = await page.request[method](`/api/v1/manage/${path}`, { headers, data });
    const answer = (await response.json()) as Answer<T>;
    expect(answer.code, `${path}: ${answer.message}`).toBe(200);
    return answer.data;
  };
  const key = `a11y_${Date.now()}_${Math.floor(Math.random() * 1000)}`;
  const { id: classId } = await call<{ id: number }>('post', 'class_manage/save_class', {
    name: '新闻动态',
    key,
    // 列表 + 流程: its rows carry the process cells and the 更多 menu as well.
    class_type: '4',
    content_fileds: {
      list: SCHEMA,
      base_set: BASE_SET,
      process: [
        { title: '报名', value: 1 },
        { title: '初审', value: 2 },
      ],
    },
  });
  for (const [title, level] of [
    ['校园开放日安排', 'high'],
    ['招生简章发布', 'low'],
    ['已删除的一条', 'low'],
  ]) {
    const { id } = await call<{ id: number }>('post', 'news_manage/save_news_info', {
      class_id: classId,
      title,
      author: '招生办',
      level,
      content: '<p>正文<strong>加粗</strong>与<a href="https://example.com">链接</a></p>',
    });
    if (title === '已删除的一条') await call('delete', 'news_manage/del_news', { ids: [id] });
  }
  return key;
};

for (const scheme of ['light', 'dark'] as const) {
  test(`axe：菜单中的每个页面与主要对话框没有严重问题（${scheme === 'light' ? '浅色' : '深色'}）`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    // 外观 follows the system by default: the scheme comes from prefers-color-scheme.
    await page.emulateMedia({ colorScheme: scheme });
    const found: string[] = [];
    const audit = async (screen: string) => {
      await expect(page.locator('html')).toHaveClass(scheme);
      found.push(...(await seriousViolations(page, screen)));
    };

    await page.goto('/login');
    await expect(page.getByLabel('用户名')).toBeFocused();
    await audit('登录');

    await signIn({ page });
    const key = await seedCategory(page);
    for (const screen of SCREENS) {
      // The error pages are drawn without the admin shell (which asks for the session's info).
      if (screen.isBare) await page.goto(screen.path);
      else await openAdminPage({ page, path: screen.path });
      await screen.ready(page);
      await audit(screen.name);
    }

    // 管理员用户: the edit dialog; and 布局设置 from the navbar.
    await openAdminPage({ page, path: '/manageuser/list' });
    await page.getByRole('button', { name: '布局设置' }).click();
    await expect(page.getByRole('dialog', { name: '系统布局配置' })).toBeVisible();
    await audit('布局设置');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: '系统布局配置' })).toBeHidden();

    await page.getByRole('button', { name: '编辑 admin' }).click();
    const userDialog = page.getByRole('dialog', { name: '编辑用户' });
    await expect(userDialog.getByLabel('用户名')).toHaveValue('admin');
    await audit('编辑用户');
    await page.keyboard.press('Escape');
    await expect(userDialog).toBeHidden();

    // 栏目管理: the edit dialog of the category made above.
    await openAdminPage({ page, path: '/class/list' });
    await page
      .getByRole('row')
      .filter({ hasText: key })
      .getByRole('button', { name: '编辑' })
      .first()
      .click();
    const classDialog = page.getByRole('dialog', { name: '编辑栏目：新闻动态' });
    await expect(classDialog.getByLabel('栏目名称')).toHaveValue('新闻动态');
    await audit('编辑栏目');
    await page.keyboard.press('Escape');
    await expect(classDialog).toBeHidden();

    // The content list, its 内容 dialog with the rich-text editor, 历史版本 and the 回收站.
    await openContentList({ page, path: `/NewsManage/${key}` });
    await audit('内容列表');
    await page.getByRole('button', { name: '更多操作「校园开放日安排」', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: '锁定「校园开放日安排」', exact: true })).toBeVisible();
    await audit('更多操作');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await page.getByRole('button', { name: '编辑「校园开放日安排」' }).click();
    const newsDialog = page.getByRole('dialog', { name: '内容' });
    await expect(newsDialog.locator('#field-title')).toHaveValue('校园开放日安排');
    await expect(newsDialog.getByRole('toolbar', { name: '富文本工具栏' })).toBeVisible();
    await audit('内容对话框');
    await newsDialog.getByRole('button', { name: '历史版本' }).click();
    const history = page.getByRole('dialog', { name: '历史版本' });
    await expect(history.getByRole('list', { name: '历史版本' })).toBeVisible();
    await audit('历史版本');
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(newsDialog).toBeHidden();
    await page
      .getByRole('toolbar', { name: '内容操作' })
      .getByRole('button', { name: /^回收站/ })
      .click();
    const bin = page.getByRole('dialog', { name: '回收站' });
    await expect(bin).toContainText('已删除的一条');
    await audit('回收站');
    await page.keyboard.press('Escape');
    await expect(bin).toBeHidden();

    // 敏感词: its add dialog.
    await openAdminPage({ page, path: '/system/sensitive' });
    await page.getByRole('button', { name: '新增' }).first().click();
    const wordDialog = page.getByRole('dialog', { name: '新增敏感词' });
    await expect(wordDialog).toBeVisible();
    await audit('新增敏感词');
    await page.keyboard.press('Escape');
    await expect(wordDialog).toBeHidden();

    expect(found, found.join('\n')).toEqual([]);
  });
}
