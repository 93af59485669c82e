import { expect, test, type Page } from '@playwright/test';
import { openAdminPage, sidebar, signIn, tagBar, tagLink, tagTitles } from './support/helpers';

const openFromMenu = async (page: Page, title: string, url: RegExp) => {
  await sidebar(page).getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(url);
};

const openTagMenu = async (page: Page, title: string) => {
  await tagLink(page, title).click({ button: 'right' });
  return page.getByRole('menu', { name: '标签操作' });
};

test.describe('标签栏', () => {
  test.beforeEach(async ({ page }) => {
    await signIn({ page });
    await openAdminPage({ page, path: '/home' });
  });

  test('打开多个页面、关闭、关闭其他、关闭所有；首页固定不可关闭', async ({ page }) => {
    await expect.poll(() => tagTitles(page)).toEqual(['首页']);
    await expect(tagBar(page).getByRole('button', { name: '关闭 首页' })).toHaveCount(0);

    await openFromMenu(page, '系统设置', /\/system\/set$/);
    await openFromMenu(page, '管理员用户', /\/manageuser\/list$/);
    await openFromMenu(page, '栏目管理', /\/class\/list$/);
    await expect.poll(() => tagTitles(page)).toEqual(['首页', '系统设置', '管理员用户', '栏目管理']);

    // Closing a tab that is not active stays on the current page.
    await tagBar(page).getByRole('button', { name: '关闭 管理员用户' }).click();
    await expect.poll(() => tagTitles(page)).toEqual(['首页', '系统设置', '栏目管理']);
    await expect(page).toHaveURL(/\/class\/list$/);

    // Closing the active tab goes to the last remaining one.
    await tagBar(page).getByRole('button', { name: '关闭 栏目管理' }).click();
    await expect(page).toHaveURL(/\/system\/set$/);
    await expect.poll(() => tagTitles(page)).toEqual(['首页', '系统设置']);

    await openFromMenu(page, '栏目管理', /\/class\/list$/);
    await openFromMenu(page, '管理员用户', /\/manageuser\/list$/);
    let menu = await openTagMenu(page, '系统设置');
    // Measured once the menu's grow animation has finished.
    await expect
      .poll(async () => Math.round((await menu.locator('xpath=..').boundingBox())?.width ?? 0))
      .toBe(105);
    await menu.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect.poll(() => tagTitles(page)).toEqual(['首页', '系统设置']);
    await expect(page).toHaveURL(/\/system\/set$/);

    await openFromMenu(page, '栏目管理', /\/class\/list$/);
    menu = await openTagMenu(page, '栏目管理');
    await menu.getByRole('menuitem', { name: '关闭所有' }).click();
    await expect.poll(() => tagTitles(page)).toEqual(['首页']);
    await expect(page).toHaveURL(/\/home$/);

    // A pinned tab offers no 关闭 in its menu.
    menu = await openTagMenu(page, '首页');
    await expect(menu.getByRole('menuitem')).toHaveText(['刷新', '关闭其他', '关闭所有']);
  });

  test('已访问的页面保持状态（keep-alive），刷新经 /redirect 重建页面', async ({ page }) => {
    await openFromMenu(page, '修改密码', /\/myinfo\/changepwd$/);
    const oldPassword = page.getByLabel('原密码');
    await oldPassword.fill('draft-value');

    await tagLink(page, '首页').click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(oldPassword).toBeHidden();
    await tagLink(page, '修改密码').click();
    await expect(page).toHaveURL(/\/myinfo\/changepwd$/);
    await expect(oldPassword).toHaveValue('draft-value');

    const seen: string[] = [];
    page.on(
      'framenavigated',
      (frame) => frame === page.mainFrame() && seen.push(new URL(frame.url()).pathname),
    );
    const menu = await openTagMenu(page, '修改密码');
    await menu.getByRole('menuitem', { name: '刷新' }).click();
    await expect(page).toHaveURL(/\/myinfo\/changepwd$/);
    await expect(oldPassword).toHaveValue('');
    expect(seen).toContain('/redirect/myinfo/changepwd');
    await expect.poll(() => tagTitles(page)).toEqual(['首页', '修改密码']);
  });

  test('直接打开 /redirect/<路径> 会转到该路径', async ({ page }) => {
    await page.goto('/redirect/class/list');
    await expect(page).toHaveURL(/\/class\/list$/);
    await expect(page.getByRole('heading', { name: '栏目管理' })).toBeVisible();
  });
});
