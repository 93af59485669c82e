import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { apiLogin, fillLogin, openAdminPage, signIn } from './support/helpers';
import { shot } from './support/shots';

// Two-factor sign-in in the browser: setup in 个人中心, the code step of the login form, a recovery
// code, 重置两步验证 by an admin, and a role that must use it. Each test has users of its own.
const PASSWORD = 'Totp-user-12345';

/** A code of the authenticator `periods` 30-second steps from now (the server takes ±1 step). */
const codeFor = (secret: string, periods = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + periods * 30 });

/** A new user made by admin through the API. */
const createUser = async ({ request, roles }: { request: APIRequestContext; roles: string[] }) => {
  const token = await apiLogin({ request });
  const username = `tf_${Date.now().toString(36)}`;
  const saved = await request.post('/api/v1/manage/manage_user/save_user', {
    headers: { 'x-token': token },
    data: { username, name: '两步用户', roles, password: PASSWORD },
  });
  expect(((await saved.json()) as { code: number }).code).toBe(200);
  return { username, password: PASSWORD, adminToken: token };
};

const passwordOnly = async (page: Page, user: { username: string; password: string }) => {
  await page.goto('/login');
  await fillLogin({ page, ...user });
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/home$/);
};

const passwordStep = async (page: Page, user: { username: string; password: string }) => {
  await page.goto('/login');
  await fillLogin({ page, ...user });
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('form', { name: '两步验证' })).toBeVisible();
};

/** Opens 个人中心, turns two-factor on with a code; answers the secret and the recovery codes. */
const enable = async (page: Page, { username }: { username: string }) => {
  await openAdminPage({ page, path: '/myinfo/index' });
  const card = page.getByRole('region', { name: '两步验证' });
  await expect(card.getByText('未开启')).toBeVisible();
  await card.getByRole('button', { name: '开启两步验证' }).click();
  const dialog = page.getByRole('dialog', { name: '开启两步验证' });
  await expect(dialog.getByRole('img', { name: '两步验证二维码' })).toBeVisible();
  await expect(dialog.getByTestId('two-factor-key')).not.toHaveText('…');
  await shot(page, 'two-factor-setup', { atBothWidths: true });
  const secret = (await dialog.getByTestId('two-factor-key').innerText()).replace(/\s/g, '');
  await dialog.getByLabel('验证码').fill('000000');
  await dialog.getByRole('button', { name: '确认开启' }).click();
  await expect(dialog.getByText('验证码不正确')).toBeVisible();
  await dialog.getByLabel('验证码').fill(codeFor(secret));
  await dialog.getByRole('button', { name: '确认开启' }).click();
  const codesDialog = page.getByRole('dialog', { name: '保存恢复码' });
  const items = codesDialog.getByRole('list', { name: '恢复码' }).getByRole('listitem');
  await expect(items).toHaveCount(10);
  const codes = await items.allInnerTexts();
  expect(codes).toHaveLength(10);
  await shot(page, 'two-factor-recovery-codes', { atBothWidths: true });
  await codesDialog.getByRole('button', { name: '我已保存，完成' }).click();
  await expect(card.getByText('已开启')).toBeVisible();
  await expect(card).toContainText('剩余恢复码 10 个');
  expect(username).toBeTruthy();
  return { secret, codes };
};

test.describe('两步验证', () => {
  test('在个人中心开启；之后登录先输密码再输验证码；恢复码可代替一次', async ({ page, request }) => {
    const user = await createUser({ request, roles: ['news_content'] });
    await passwordOnly(page, user); // Not on yet: the password alone signs in.
    const { secret, codes } = await enable(page, user);
    await shot(page, 'two-factor-card', { atBothWidths: true });

    // Sign out from the menu (an in-app navigation: no question asked), then in again.
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await passwordStep(page, user);
    await shot(page, 'login-two-factor', { atBothWidths: true });
    await page.getByLabel('验证码').fill('123456');
    await page.getByRole('button', { name: '验证并登录' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('验证码不正确');
    await page.getByLabel('验证码').fill(codeFor(secret, 1));
    await page.getByRole('button', { name: '验证并登录' }).click();
    await expect(page).toHaveURL(/\/home$/);

    // Another browser, a recovery code instead of the app.
    await page.context().clearCookies();
    await passwordStep(page, user);
    await page.getByRole('button', { name: '使用恢复码' }).click();
    await page.getByLabel('恢复码').fill(codes[0].toUpperCase());
    await page.getByRole('button', { name: '验证并登录' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await openAdminPage({ page, path: '/myinfo/index' });
    await expect(page.getByRole('region', { name: '两步验证' })).toContainText('剩余恢复码 9 个');
  });

  test('管理员可重置他人的两步验证；该用户随后只凭密码登录', async ({ page, request, browser }) => {
    const user = await createUser({ request, roles: ['news_content'] });
    const own = await browser.newContext({ locale: 'zh-CN' });
    const userPage = await own.newPage();
    await passwordOnly(userPage, user);
    await enable(userPage, user);
    await own.close();

    await signIn({ page });
    await openAdminPage({ page, path: '/manageuser/list' });
    const row = page
      .getByRole('table', { name: '管理员用户' })
      .getByRole('row')
      .filter({ hasText: user.username });
    await expect(row.getByText('两步验证', { exact: true })).toBeVisible();
    await shot(page, 'manage-user-two-factor', { atBothWidths: true });
    // 重置两步验证 is in the row's 更多 menu.
    await row.getByRole('button', { name: `更多操作 ${user.username}` }).click();
    await page.getByRole('menuitem', { name: `重置两步验证 ${user.username}` }).click();
    const confirm = page.getByRole('alertdialog', { name: '重置两步验证' });
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('两步验证已重置，该用户需重新登录并重新设置')).toBeVisible();
    // The entry is gone from the menu once the user has no two-factor.
    await row.getByRole('button', { name: `更多操作 ${user.username}` }).click();
    await expect(page.getByRole('menuitem', { name: `重置密码 ${user.username}` })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: `重置两步验证 ${user.username}` })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await apiLogin({ request, ...user });

    // Where roles are made to use it: 系统设置 → 登录与会话.
    await openAdminPage({ page, path: '/system/set' });
    await page.getByLabel('须开启两步验证的角色').scrollIntoViewIfNeeded();
    await shot(page, 'system-set-two-factor-roles', { atBothWidths: true });
  });

  test('系统设置要求的角色：登录后被带到个人中心开启，开启后才能用其他功能', async ({ page, request }) => {
    const user = await createUser({ request, roles: ['class_manage'] });
    const headers = { 'x-token': user.adminToken };
    const settings = (
      await (await request.get('/api/v1/manage/system_set/get_system_set', { headers })).json()
    ).data as Record<string, unknown>;
    const save = (value: Record<string, unknown>) =>
      request.post('/api/v1/manage/system_set/save_system_set', { headers, data: value });
    expect(
      ((await (await save({ ...settings, two_factor_roles: ['class_manage'] })).json()) as { code: number })
        .code,
    ).toBe(200);
    try {
      await page.goto('/login?redirect=%2Fclass%2Flist');
      await fillLogin({ page, ...user });
      await page.getByRole('button', { name: '登录' }).click();
      await expect(page).toHaveURL(/\/myinfo\/index$/);
      await expect(page.getByTestId('two-factor-required')).toBeVisible();
      await shot(page, 'two-factor-required', { atBothWidths: true });
      await page.goto('/class/list');
      await expect(page).toHaveURL(/\/myinfo\/index$/);
      await enable(page, user);
      await openAdminPage({ page, path: '/class/list' });
      await expect(page).toHaveURL(/\/class\/list$/);
      await expect(page.getByRole('heading', { name: '栏目管理' })).toBeVisible();
    } finally {
      await save({ ...settings, two_factor_roles: [] });
    }
  });
});
