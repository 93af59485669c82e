import { expect, test } from '@playwright/test';
import { ADMIN, cookieValue, fillLogin, PRODUCT_TITLE, setAdminToken, signIn } from './support/helpers';

test.describe('登录与路由守卫', () => {
  test('未登录打开受保护页面 → 登录页带 redirect，登录后回到该页面', async ({ page }) => {
    await page.goto('/system/set');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2Fset$/);
    await expect(page).toHaveTitle(`登录 - ${PRODUCT_TITLE}`);

    await fillLogin({ page, ...ADMIN });
    // Enter in the password field submits the form.
    await page.getByLabel('密码', { exact: true }).press('Enter');

    await expect(page).toHaveURL(/\/system\/set$/);
    await expect(page.getByRole('heading', { name: '系统设置' })).toBeVisible();
    await expect(page.getByRole('form', { name: '系统设置' }).getByLabel('系统名称')).toHaveValue(
      PRODUCT_TITLE,
    );
    await expect(page).toHaveTitle(`系统设置 - ${PRODUCT_TITLE}`);
    expect(await cookieValue({ page, name: 'Admin-Token' })).toBeTruthy();
    expect(await cookieValue({ page, name: 'cms_session' })).toBeTruthy();
  });

  test('根路径 → /home → 未登录时去登录页', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fhome$/);
  });

  test('已登录用户打开 /login 被送回首页', async ({ page }) => {
    await signIn({ page });
    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: /欢迎回来/ })).toBeVisible();
  });

  test('用户名或密码错误时显示服务端消息并停留在登录页', async ({ page }) => {
    await page.goto('/login');
    // A name that does not exist, so admin's failure throttle is never touched.
    await fillLogin({ page, username: `nobody-${Date.now()}`, password: 'wrong-pass-1' });
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('用户名或密码错误');
    await expect(page).toHaveURL(/\/login$/);
    expect(await cookieValue({ page, name: 'Admin-Token' })).toBeUndefined();
  });

  test('空表单提交给出字段提示，不发请求', async ({ page }) => {
    await page.goto('/login');
    let calls = 0;
    page.on('request', (request) => request.url().includes('/login/login') && calls++);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByText('请输入用户名')).toBeVisible();
    await expect(page.getByText('请输入密码')).toBeVisible();
    expect(calls).toBe(0);
  });

  test('redirect 参数只接受本站路径', async ({ page }) => {
    await page.goto('/login?redirect=//evil.example/x');
    await fillLogin({ page, ...ADMIN });
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/home$/);
  });

  test('服务端会话无效时，登录页清除残留的 Admin-Token', async ({ page, context }) => {
    await setAdminToken({ context, token: 'stale-token' });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
    await expect.poll(() => cookieValue({ page, name: 'Admin-Token' })).toBeUndefined();
  });

  test('浏览器里的 token 被拒绝时：提示、退出页面会话、回到登录页且不再弹回', async ({ page, context }) => {
    await signIn({ page });
    await setAdminToken({ context, token: 'not-a-real-token' });
    await page.goto('/class/list');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fclass%2Flist$/);
    await expect(page.getByText('登录状态无效，请重新登录')).toBeVisible();
    // The page cookie is gone too: /login stays put instead of bouncing back into the shell.
    await page.reload();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fclass%2Flist$/);
    expect(await cookieValue({ page, name: 'cms_session' })).toBeUndefined();
  });

  test('未知路径与尚未下发的栏目路径 → /404', async ({ page }) => {
    await signIn({ page });
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
    await page.goto('/NewsManage/some-category');
    await expect(page).toHaveURL(/\/404$/);
  });

  test('退出登录：清除 token、关闭标签、服务端会话失效', async ({ page }) => {
    const token = await signIn({ page });
    await page.goto('/system/set');
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();

    await expect(page).toHaveURL(/\/login$/);
    expect(await cookieValue({ page, name: 'Admin-Token' })).toBeUndefined();
    const info = await page.request.get('/api/v1/manage/login/info', { headers: { 'X-Token': token } });
    expect((await info.json()).code).toBe(50008);

    await page.goto('/home');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fhome$/);
  });
});
