import { expect, test, type Page } from '@playwright/test';
import { apiLogin, ADMIN, fillLogin, openAdminPage, reloadAdminPage, signIn } from './support/helpers';

const NEW_PASSWORD = 'Changed12345';
const PASSWORD_RULE_TEXT = '密码长度 8–64 位，且至少包含小写字母、大写字母、数字、符号中的 2 种';

const fillForm = async (page: Page, values: { old: string; next: string; confirm: string }) => {
  await page.getByLabel('原密码').fill(values.old);
  await page.getByLabel(/^新密码/).fill(values.next);
  await page.getByLabel('确认新密码').fill(values.confirm);
  await page.getByRole('button', { name: '确认修改' }).click();
};

// Set when a test changed admin's password, so afterEach can put it back. Only then: a login with
// the wrong password would count towards admin's failure throttle and lock the other suites out.
let changedTo: string | null = null;

const restoreAdminPassword = async (page: Page) => {
  if (!changedTo) return;
  const token = await apiLogin({ request: page.request, password: changedTo });
  const restored = await page.request.post('/api/v1/manage/login/change_password', {
    headers: { 'X-Token': token },
    data: { old_password: changedTo, new_password: ADMIN.password },
  });
  expect((await restored.json()).code, 'password restored').toBe(200);
  changedTo = null;
};

test.describe('修改密码', () => {
  test.afterEach(async ({ page }) => {
    await restoreAdminPassword(page);
  });

  test('表单校验：密码规则与两次输入一致', async ({ page }) => {
    await signIn({ page });
    await openAdminPage({ page, path: '/myinfo/changepwd' });
    await expect(page.getByText(PASSWORD_RULE_TEXT)).toBeVisible();

    let calls = 0;
    page.on('request', (request) => request.url().includes('/change_password') && calls++);
    await fillForm(page, { old: ADMIN.password, next: 'short', confirm: 'short' });
    await expect(page.getByLabel(/^新密码/)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(PASSWORD_RULE_TEXT)).toBeVisible();

    await fillForm(page, { old: ADMIN.password, next: NEW_PASSWORD, confirm: 'Different123' });
    await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
    expect(calls).toBe(0);
  });

  test('原密码错误时显示服务端消息', async ({ page }) => {
    await signIn({ page });
    await openAdminPage({ page, path: '/myinfo/changepwd' });
    await fillForm(page, { old: 'NotMyPassword1', next: NEW_PASSWORD, confirm: NEW_PASSWORD });
    await expect(page.getByText('原密码不正确')).toBeVisible();
  });

  test('修改成功后保持登录；旧密码不能再登录，新密码可以', async ({ page }) => {
    await signIn({ page });
    await openAdminPage({ page, path: '/myinfo/changepwd' });
    await fillForm(page, { old: ADMIN.password, next: NEW_PASSWORD, confirm: NEW_PASSWORD });
    await expect(page.getByText('密码修改成功')).toBeVisible();
    changedTo = NEW_PASSWORD;
    await expect(page.getByLabel('原密码')).toHaveValue('');

    // Still signed in: a full reload stays in the admin area.
    await reloadAdminPage({ page });
    await expect(page).toHaveURL(/\/myinfo\/changepwd$/);
    await expect(page.getByRole('heading', { name: '修改密码' })).toBeVisible();

    // Opened as a page load, /logout asks first (a link from another site must not sign anyone out).
    await page.goto('/logout');
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await fillLogin({ page, username: ADMIN.username, password: ADMIN.password });
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('用户名或密码错误');

    await fillLogin({ page, username: ADMIN.username, password: NEW_PASSWORD });
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('在别处改密后，本页的下一次调用弹出“确认退出”，重新登录回到登录页', async ({ page, browser }) => {
    await signIn({ page });
    await openAdminPage({ page, path: '/myinfo/changepwd' });

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    const token = await signIn({ page: otherPage });
    const changed = await otherPage.request.post('/api/v1/manage/login/change_password', {
      headers: { 'X-Token': token },
      data: { old_password: ADMIN.password, new_password: NEW_PASSWORD },
    });
    expect((await changed.json()).code).toBe(200);
    changedTo = NEW_PASSWORD;
    await other.close();

    await fillForm(page, { old: NEW_PASSWORD, next: 'Another12345', confirm: 'Another12345' });
    const dialog = page.getByRole('dialog', { name: '确认退出' });
    await expect(dialog).toContainText('您已经登出，可以取消继续留在该页面，或者重新登录');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/myinfo\/changepwd$/);

    await page.getByRole('button', { name: '确认修改' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmyinfo%2Fchangepwd$/);
  });
});
