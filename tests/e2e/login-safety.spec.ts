import { expect, test } from '@playwright/test';
import { ADMIN, cookieValue, fillLogin, openAdminPage, signIn } from './support/helpers';

test.describe('登录表单与退出的安全', () => {
  test('没有 JavaScript 时提交登录表单，密码不会出现在任何地址里', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN' });
    const page = await context.newPage();
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await page.goto('/login?redirect=%2Fsystem%2Fset');
    // (Inside <noscript>, which Playwright's text and role engines skip: found by CSS.)
    const notice = page.locator('[data-testid="noscript-notice"]', {
      hasText: '请启用浏览器的 JavaScript 后再登录。',
    });
    await expect(notice).toBeVisible();
    // Server-rendered fields carry no names until React has taken the form over.
    await expect(page.locator('form[aria-label="登录"] input[name]')).toHaveCount(0);
    const secret = 'Visible-in-url-1';
    await fillLogin({ page, username: ADMIN.username, password: secret });
    const navigation = page.waitForEvent('framenavigated');
    await page.getByLabel('密码', { exact: true }).press('Enter');
    await navigation;
    await page.waitForLoadState();
    expect(page.url()).not.toContain(secret);
    expect(page.url()).not.toContain(ADMIN.username);
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) expect(url).not.toContain(secret);
    await context.close();
  });

  test('脚本加载后字段才有名字（供密码管理器识别）', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('input[name="username"]')).toHaveCount(1);
    await expect(page.locator('input[name="password"]')).toHaveAttribute('autocomplete', 'current-password');
  });

  test('别的网站链到 /logout 不会让用户退出：先询问，取消则留在系统里', async ({ page }) => {
    const token = await signIn({ page });
    await openAdminPage({ page, path: '/home' });
    // A link on another site: a full page load of /logout.
    await page.setContent(`<a href="${new URL('/logout', page.url()).href}">免费领取</a>`);
    await page.getByRole('link', { name: '免费领取' }).click();
    await expect(page.getByRole('heading', { name: '退出登录' })).toBeVisible();
    await expect(page.getByText(/确定要退出当前账号/)).toBeVisible();
    const info = await page.request.get('/api/v1/manage/login/info', { headers: { 'X-Token': token } });
    expect((await info.json()).code).toBe(200);
    await page.getByRole('button', { name: '取消' }).click();
    await expect(page).toHaveURL(/\/home$/);
    expect(await cookieValue({ page, name: 'Admin-Token' })).toBe(token);

    // From inside the app (the menu) it signs out at once, as before.
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const after = await page.request.get('/api/v1/manage/login/info', { headers: { 'X-Token': token } });
    expect((await after.json()).code).toBe(50008);
  });

  test('打开 /logout 后确认，才退出', async ({ page }) => {
    await signIn({ page });
    await page.goto('/logout');
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await fillLogin({ page, ...ADMIN });
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});
