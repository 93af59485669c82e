import { expect, test, type Page } from '@playwright/test';
import { cookieValue, openAdminPage, openContentList, PRODUCT_TITLE, signIn } from './support/helpers';

// 系统设置 as an administrator uses it. The settings are shared by the whole browser run, so every
// test puts the defaults back.
const form = (page: Page) => page.getByRole('form', { name: '系统设置' });
const toast = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });

const saveSettings = async (page: Page, settings: Record<string, unknown>) => {
  const token = (await cookieValue({ page, name: 'Admin-Token' })) ?? '';
  const current = await page.request.get('/api/v1/manage/system_set/get_system_set', {
    headers: { 'X-Token': token },
  });
  const { data } = (await current.json()) as { data: Record<string, unknown> };
  const response = await page.request.post('/api/v1/manage/system_set/save_system_set', {
    headers: { 'X-Token': token },
    data: { ...data, ...settings },
  });
  expect(((await response.json()) as { code: number }).code).toBe(200);
};

test.beforeEach(async ({ page }) => {
  await signIn({ page });
});
test.afterEach(async ({ page }) => {
  await saveSettings(page, { title: PRODUCT_TITLE, login_subtitle: '', footer: '', page_size: 10 });
});

test('changing the product title changes the page title, the login page and keeps the form', async ({
  page,
  browser,
}) => {
  await openAdminPage({ page, path: '/system/set' });
  await expect(page).toHaveTitle(`系统设置 - ${PRODUCT_TITLE}`);
  const title = form(page).getByLabel('系统名称');
  await expect(title).toHaveValue(PRODUCT_TITLE);
  await title.fill('星河内容平台');
  await form(page).getByLabel('登录页副标题').fill('仅限编辑部使用');
  await form(page).getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '系统设置已保存')).toBeVisible();
  await expect(page).toHaveTitle('系统设置 - 星河内容平台');

  await page.reload();
  await expect(page).toHaveTitle('系统设置 - 星河内容平台');
  await expect(form(page).getByLabel('系统名称')).toHaveValue('星河内容平台');

  // A visitor who is not signed in sees them on the login page.
  const visitor = await browser.newPage();
  await visitor.goto('/login');
  await expect(visitor).toHaveTitle('登录 - 星河内容平台');
  await expect(visitor.getByRole('heading', { name: '星河内容平台' })).toBeVisible();
  await expect(visitor.getByText('仅限编辑部使用')).toBeVisible();
  await visitor.close();
});

test('a wrong value is shown under its field and nothing is saved; 重置 brings back the saved values', async ({
  page,
}) => {
  await openAdminPage({ page, path: '/system/set' });
  const idle = form(page).getByLabel('空闲超时');
  await idle.fill('3');
  await form(page).getByLabel('系统名称').fill('');
  await form(page).getByRole('button', { name: '保存' }).click();
  await expect(form(page).getByText('请填写系统名称')).toBeVisible();
  await expect(form(page).getByText('空闲超时（分钟）不能小于 5')).toBeVisible();
  await expect(form(page).getByLabel('系统名称')).toBeFocused();

  await form(page).getByRole('button', { name: '重置' }).click();
  await expect(form(page).getByLabel('系统名称')).toHaveValue(PRODUCT_TITLE);
  await expect(idle).toHaveValue('240');
  await expect(form(page).getByText('请填写系统名称')).toHaveCount(0);
});

test('the default page size of 系统设置 is what a content list opens with', async ({ page }) => {
  await saveSettings(page, { page_size: 20 });
  const token = (await cookieValue({ page, name: 'Admin-Token' })) ?? '';
  const key = `size_${Date.now()}`;
  const created = await page.request.post('/api/v1/manage/class_manage/save_class', {
    headers: { 'X-Token': token },
    data: { name: '每页条数', key, class_type: '0', content_fileds: { list: [] } },
  });
  expect(((await created.json()) as { code: number }).code).toBe(200);
  // Opened by a full load, the list's first page comes with the page (at that size); the footer says it.
  await openContentList({ page, path: `/NewsManage/${key}` });
  await expect(page.getByRole('combobox', { name: '每页条数' })).toHaveText('20');
  // Reached from the menu, the browser asks for it at that size.
  const list = page.waitForRequest((request) => request.url().includes('/news_manage/get_news_list'));
  await openAdminPage({ page, path: '/home' });
  await page
    .getByRole('navigation', { name: '侧边菜单' })
    .getByText('内容管理', { exact: true })
    .first()
    .click();
  await page
    .getByRole('navigation', { name: '侧边菜单' })
    .getByRole('link', { name: '每页条数', exact: true })
    .click();
  expect(new URL((await list).url()).searchParams.get('limit')).toBe('20');
});
