import { expect, test, type Page } from '@playwright/test';
import {
  PRODUCT_TITLE,
  cookieValue,
  openAdminPage,
  reloadAdminPage,
  sidebar,
  signIn,
  tagBar,
  tagLink,
} from './support/helpers';

const bodyFontSize = (page: Page) => page.evaluate(() => getComputedStyle(document.body).fontSize);

test.describe('公共布局', () => {
  test.beforeEach(async ({ page }) => {
    await signIn({ page });
  });

  test('侧边栏收起状态写入 cookie，刷新后保持', async ({ page }) => {
    await openAdminPage({ page, path: '/home' });
    const bar = page.getByTestId('sidebar');
    await expect(bar).toHaveAttribute('data-collapsed', 'false');
    expect((await bar.boundingBox())?.width).toBe(210);
    await expect(sidebar(page).getByRole('link', { name: '系统设置' })).toContainText('系统设置');

    await page.getByRole('button', { name: '收起侧边栏' }).click();
    await expect(bar).toHaveAttribute('data-collapsed', 'true');
    expect(await cookieValue({ page, name: 'sidebarStatus' })).toBe('0');

    await reloadAdminPage({ page });
    await expect(bar).toHaveAttribute('data-collapsed', 'true');
    await expect.poll(async () => (await bar.boundingBox())?.width).toBe(54);
    // Icons only, each still named for screen readers.
    await expect(sidebar(page).getByRole('link', { name: '系统设置' })).toHaveText('');

    await page.getByRole('button', { name: '展开侧边栏' }).click();
    await expect(bar).toHaveAttribute('data-collapsed', 'false');
    expect(await cookieValue({ page, name: 'sidebarStatus' })).toBe('1');
  });

  test('侧边栏菜单导航、面包屑与页面标题', async ({ page }) => {
    await openAdminPage({ page, path: '/home' });
    await sidebar(page).getByRole('link', { name: '栏目管理' }).click();
    await expect(page).toHaveURL(/\/class\/list$/);
    const crumbs = page.getByRole('navigation', { name: '面包屑导航' });
    await expect(crumbs).toContainText('首页');
    await expect(crumbs).toContainText('栏目管理');
    await expect(crumbs.getByRole('link', { name: '首页' })).toHaveAttribute('href', '/home');
    await expect(page).toHaveTitle(`栏目管理 - ${PRODUCT_TITLE}`);
    await expect(sidebar(page).getByRole('link', { name: '栏目管理' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('首页欢迎面板列出用户名与可用模块', async ({ page }) => {
    await openAdminPage({ page, path: '/home' });
    await expect(page.getByRole('heading', { name: '欢迎回来，超级管理员' })).toBeVisible();
    const modules = page.getByRole('region', { name: '我可以使用的模块' });
    for (const title of ['系统设置', '管理员用户', '栏目管理', '内容管理', '修改密码']) {
      await expect(modules.getByRole('link', { name: new RegExp(title) })).toBeVisible();
    }
    await expect(modules.getByRole('link', { name: /退出/ })).toHaveCount(0);
  });

  test('头部搜索：中文标题、拼音全拼与首字母都能找到页面', async ({ page }) => {
    await openAdminPage({ page, path: '/home' });
    const cases = [
      { query: '系统设置', title: '系统设置', url: /\/system\/set$/ },
      { query: 'xitong', title: '系统设置', url: /\/system\/set$/ },
      { query: 'xtsz', title: '系统设置', url: /\/system\/set$/ },
      { query: 'guanliyuan', title: '管理员用户', url: /\/manageuser\/list$/ },
      { query: 'xgmm', title: '修改密码', url: /\/myinfo\/changepwd$/ },
    ];
    for (const { query, title, url } of cases) {
      await page.getByRole('button', { name: '搜索菜单' }).click();
      const input = page.getByRole('combobox', { name: '输入菜单名称或拼音' });
      await input.fill(query);
      const first = page.getByRole('listbox').getByRole('option').first();
      await expect(first, `search "${query}"`).toContainText(title);
      await input.press('Enter');
      await expect(page).toHaveURL(url);
      await expect(input).toBeHidden();
    }
  });

  test('头部搜索不匹配时给出提示', async ({ page }) => {
    await openAdminPage({ page, path: '/home' });
    await page.getByRole('button', { name: '搜索菜单' }).click();
    await page.getByRole('combobox', { name: '输入菜单名称或拼音' }).fill('qqqqzzzz');
    await expect(page.getByText('没有匹配的菜单')).toBeVisible();
  });

  test('布局大小写入 cookie，刷新后字号与选项保持', async ({ page }) => {
    await openAdminPage({ page, path: '/home' });
    expect(await bodyFontSize(page)).toBe('14px');

    await page.getByRole('button', { name: '布局大小' }).click();
    await page.getByRole('menuitem', { name: '迷你' }).click();
    await expect.poll(() => bodyFontSize(page)).toBe('12px');
    expect(await cookieValue({ page, name: 'size' })).toBe('mini');

    await reloadAdminPage({ page });
    expect(await bodyFontSize(page)).toBe('12px');
    await page.getByRole('button', { name: '布局大小' }).click();
    await expect(page.getByRole('menuitem', { name: '迷你' })).toBeDisabled();
    await page.getByRole('menuitem', { name: '默认' }).click();
    await expect.poll(() => bodyFontSize(page)).toBe('15px');

    await page.getByRole('button', { name: '布局大小' }).click();
    await page.getByRole('menuitem', { name: '中' }).click();
    await expect.poll(() => bodyFontSize(page)).toBe('14px');
    expect(await cookieValue({ page, name: 'size' })).toBe('medium');
  });

  test('主题色写入 localStorage，刷新后仍作用于界面', async ({ page }) => {
    await openAdminPage({ page, path: '/home' });
    const activeTag = tagBar(page).locator('[data-active="true"]');
    await expect(activeTag).toHaveCSS('background-color', 'rgb(18, 108, 191)');

    await page.getByRole('button', { name: '布局设置' }).click();
    await page.getByRole('button', { name: '主题色 #13c2c2' }).click();
    // The open drawer hides the rest of the page from the accessibility tree.
    await page.keyboard.press('Escape');
    await expect(activeTag).toHaveCSS('background-color', 'rgb(11, 116, 116)');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('layout-settings') ?? '{}'));
    expect(stored.theme).toBe('#13c2c2');

    await reloadAdminPage({ page });
    await expect(activeTag).toHaveCSS('background-color', 'rgb(11, 116, 116)');

    await page.getByRole('button', { name: '布局设置' }).click();
    await page.getByRole('button', { name: '主题色 #1890ff' }).click();
    await page.keyboard.press('Escape');
    await expect(activeTag).toHaveCSS('background-color', 'rgb(18, 108, 191)');
  });

  test('设置面板：标签栏开关、固定头部、侧边栏 Logo，刷新后保持', async ({ page }) => {
    await openAdminPage({ page, path: '/home' });
    await page.getByRole('button', { name: '布局设置' }).click();
    const drawer = page.getByRole('dialog', { name: '系统布局配置' });
    await drawer.getByRole('switch', { name: '显示标签栏' }).click();
    await drawer.getByRole('switch', { name: '固定头部' }).click();
    await drawer.getByRole('switch', { name: '侧边栏 Logo' }).click();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(tagBar(page)).toHaveCount(0);
    await expect(page.getByTestId('admin-header')).toHaveCSS('position', 'sticky');
    await expect(page.getByRole('link', { name: PRODUCT_TITLE })).toBeVisible();

    await reloadAdminPage({ page });
    await expect(page.getByRole('heading', { name: /欢迎回来/ })).toBeVisible();
    await expect(tagBar(page)).toHaveCount(0);
    await expect(page.getByTestId('admin-header')).toHaveCSS('position', 'sticky');

    await page.getByRole('button', { name: '布局设置' }).click();
    await drawer.getByRole('switch', { name: '显示标签栏' }).click();
    await drawer.getByRole('switch', { name: '固定头部' }).click();
    await drawer.getByRole('switch', { name: '侧边栏 Logo' }).click();
    await page.keyboard.press('Escape');
    await expect(tagBar(page)).toBeVisible();
    await expect(page.getByRole('link', { name: PRODUCT_TITLE })).toHaveCount(0);
    await expect(page.getByTestId('admin-header')).toHaveCSS('position', 'static');
  });

  test('不支持全屏的浏览器给出警告', async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false }),
    );
    await openAdminPage({ page, path: '/home' });
    await page.getByRole('button', { name: '全屏' }).click();
    await expect(page.getByText('您的浏览器不支持全屏')).toBeVisible();
  });

  test('头部按钮的提示：首屏只带按钮名称，第一次按键后载入提示并接管，键盘焦点不丢；悬停显示提示', async ({
    page,
  }) => {
    await openAdminPage({ page, path: '/home' });
    const fullscreen = page.getByRole('button', { name: '全屏' });
    await expect(fullscreen).toBeVisible();
    // Focused from script (no key, no pointer yet): the button is drawn without MUI's Tooltip.
    await fullscreen.focus();
    await page.waitForTimeout(300);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    // The first key loads the real tooltip; it takes over, gives focus back and opens on it.
    await page.keyboard.press('Shift');
    await expect(page.getByRole('tooltip', { name: '全屏' })).toBeVisible();
    await expect(fullscreen).toBeFocused();
    await page.getByRole('button', { name: '收起侧边栏' }).hover();
    await expect(page.getByRole('tooltip', { name: '收起侧边栏' })).toBeVisible();
  });

  test('错误日志：捕获运行时错误，按钮带计数，可清空', async ({ page }) => {
    await openAdminPage({ page, path: '/home' });
    await expect(page.getByRole('button', { name: /错误日志/ })).toHaveCount(0);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('测试用运行时错误');
      });
      void Promise.reject(new Error('测试用未处理拒绝'));
    });
    const button = page.getByRole('button', { name: '错误日志（2 条）' });
    await expect(button).toBeVisible();
    await button.click();
    const dialog = page.getByRole('dialog', { name: '错误日志' });
    await expect(dialog).toContainText('测试用运行时错误');
    await expect(dialog).toContainText('测试用未处理拒绝');
    await expect(dialog).toContainText('/home');
    await dialog.getByRole('button', { name: '清空全部' }).click();
    await expect(dialog).toContainText('暂无错误');
    await dialog.getByRole('button', { name: '关闭' }).click();
    await expect(page.getByRole('button', { name: /错误日志/ })).toHaveCount(0);
  });

  test('窄屏（< 992px）时侧边栏是抽屉，导航后自动关闭', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 700 });
    await openAdminPage({ page, path: '/home' });
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await expect(sidebar(page)).toHaveCount(0);
    await page.getByRole('button', { name: '展开侧边栏' }).click();
    await sidebar(page).getByRole('link', { name: '修改密码' }).click();
    await expect(page).toHaveURL(/\/myinfo\/changepwd$/);
    await expect(sidebar(page)).toBeHidden();
    await expect(tagLink(page, '修改密码')).toBeVisible();
  });
});
