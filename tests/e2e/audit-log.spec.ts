import { expect, test, type Locator, type Page } from '@playwright/test';
import { openAdminPage, sidebar, signIn, signInAs } from './support/helpers';
import { shot } from './support/shots';

// The walk-through: an editor limited to one category sees only it and no admin menus;
// disabling them ends their session at their next step; 操作日志 shows all of it and filters it.
// Changes no setting; the user and categories it makes are its own (unique names).
const LIMITED = { username: 'limited_e2e', name: '栏目编辑', password: 'Limited12345' };

const userRow = (page: Page, username: string) =>
  page.getByRole('table', { name: '管理员用户' }).getByRole('row').filter({ hasText: username });
const logTable = (page: Page) => page.getByRole('table', { name: '操作日志' });
/** The entry rows of the log table (each entry has a second row for its detail). */
const entryRows = (page: Page) =>
  logTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /详情/ }) });
const filters = (page: Page) => page.getByRole('search', { name: '筛选操作日志' });

const choose = async (page: Page, label: string, option: string) => {
  await filters(page).getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
};
const typeDay = async (scope: Locator, label: string, digits: string) => {
  await scope.getByRole('group', { name: label }).getByRole('spinbutton', { name: '年' }).click();
  await scope.page().keyboard.type(digits, { delay: 30 });
};
/** Nothing in `scope` is wider than its box: no sideways scrolling. */
const fitsWidth = (scope: Locator) => scope.evaluate((element) => element.scrollWidth <= element.clientWidth);

const search = async (page: Page) => {
  const answered = page.waitForResponse((response) => response.url().includes('/system_set/get_log_list'));
  await filters(page).getByRole('button', { name: '搜索' }).click();
  await answered;
};

test('受限编辑只看到一个栏目；停用后其下一步即需重新登录；操作日志记录并可筛选这些操作', async ({
  page,
  browser,
}) => {
  const token = await signIn({ page });
  const saveClass = async (data: Record<string, unknown>) => {
    const response = await page.request.post('/api/v1/manage/class_manage/save_class', {
      headers: { 'X-Token': token },
      data: { class_type: '0', ...data },
    });
    expect(((await response.json()) as { code: number }).code).toBe(200);
  };
  await saveClass({ name: '审计甲', key: 'audit_a' });
  await saveClass({ name: '审计乙', key: 'audit_b' });

  // An editor limited to 审计甲, made through the form.
  await openAdminPage({ page, path: '/manageuser/list' });
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog', { name: '新增用户' });
  await dialog.getByLabel('用户名').fill(LIMITED.username);
  await dialog.getByLabel('姓名').fill(LIMITED.name);
  await dialog.getByLabel('登录密码').fill(LIMITED.password);
  await dialog.getByRole('group', { name: '栏目权限' }).getByLabel('审计甲').check();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('用户已创建')).toBeVisible();
  await expect(userRow(page, LIMITED.username)).toContainText('1 个栏目');

  // Signed in elsewhere: 内容管理 holds 审计甲 only, and no admin menu shows.
  const editor = await signInAs({ browser, ...LIMITED });
  await openAdminPage({ page: editor.page, path: '/home' });
  const menu = sidebar(editor.page);
  await expect(menu.getByRole('link', { name: '个人中心' })).toBeVisible();
  for (const title of ['系统设置', '操作日志', '管理员用户', '栏目管理']) {
    await expect(menu.getByText(title, { exact: true })).toHaveCount(0);
  }
  await menu.getByRole('button', { name: '内容管理' }).click();
  await expect(menu.getByRole('link', { name: '审计甲' })).toBeVisible();
  await expect(menu.getByText('审计乙')).toHaveCount(0);
  await menu.getByRole('link', { name: '审计甲' }).click();
  const editorSearch = editor.page.getByRole('search', { name: '搜索内容' });
  await expect(editorSearch).toBeVisible();

  // Disabled from the first browser: the editor's next step asks them to sign in again.
  await userRow(page, LIMITED.username)
    .getByRole('switch', { name: `停用 ${LIMITED.username}` })
    .click();
  await expect(page.getByText(`已停用 ${LIMITED.username}，其登录已失效`)).toBeVisible();
  await editorSearch.getByRole('button', { name: '搜索' }).click();
  await expect(editor.page.getByRole('dialog', { name: '确认退出' })).toBeVisible();
  await expect(editor.page.getByText('该账号已被停用，请联系管理员')).toBeVisible();
  await editor.context.close();

  // 操作日志: newest first — the disabling, the editor's sign-in, the user's creation.
  await openAdminPage({ page, path: '/system/log' });
  await expect(page.getByRole('heading', { name: '操作日志' })).toBeVisible();
  const ours = entryRows(page).filter({ hasText: LIMITED.username });
  await expect(ours).toHaveCount(3);
  await expect(ours.nth(0)).toContainText('修改');
  await expect(ours.nth(1)).toContainText('登录');
  await expect(ours.nth(2)).toContainText('新增');
  await expect(entryRows(page).filter({ hasText: '审计乙' }).first()).toContainText('栏目');

  // The disabling opens to its detail: 停用 否 → 是.
  await ours.nth(0).getByRole('button', { name: '展开详情' }).click();
  const changes = logTable(page).getByRole('table', { name: '修改内容' });
  await expect(changes.getByRole('row').filter({ hasText: '停用' })).toContainText(/否\s*是/);
  await expect(page.locator('.MuiCollapse-entered')).toHaveCount(1);
  await shot(page, 'audit-log-1366');

  // Filters: by user (the editor did one thing: sign in), by action and object, by date.
  await filters(page).getByLabel('用户名').fill(LIMITED.username.toUpperCase());
  await search(page);
  await expect(entryRows(page)).toHaveCount(1);
  await expect(entryRows(page).first()).toContainText('登录');
  await expect(page.getByText('共 1 条', { exact: true })).toBeVisible();

  await filters(page).getByRole('button', { name: '重置' }).click();
  await choose(page, '操作', '修改');
  await choose(page, '对象', '管理员用户');
  await search(page);
  await expect(entryRows(page).filter({ hasText: LIMITED.username })).toHaveCount(1);
  for (const text of await entryRows(page).allInnerTexts()) expect(text).toContain('修改');

  await typeDay(filters(page), '日期从', '20200101');
  await typeDay(filters(page), '日期到', '20200131');
  await search(page);
  await expect(page.getByText('没有符合条件的操作记录')).toBeVisible();
  await page.getByRole('button', { name: '清除筛选' }).click();
  await expect(entryRows(page).filter({ hasText: LIMITED.username })).toHaveCount(3);

  // On a phone the entries are cards, and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 860 });
  const cards = page.getByRole('list', { name: '操作日志' });
  await expect(cards.getByRole('listitem').filter({ hasText: LIMITED.username })).toHaveCount(3);
  // The entry opened above is still open.
  await expect(cards.getByRole('listitem').first().getByRole('button', { name: '收起详情' })).toBeVisible();
  await expect(page.locator('.MuiCollapse-entered')).toHaveCount(1);
  expect(await fitsWidth(page.locator('html'))).toBe(true);
  await shot(page, 'audit-log-390');

  // 管理员用户 at 390 px: the table fits (roles under the name, actions as icons).
  await openAdminPage({ page, path: '/manageuser/list' });
  await expect(userRow(page, LIMITED.username)).toBeVisible();
  await expect(
    userRow(page, LIMITED.username).getByRole('button', { name: `编辑 ${LIMITED.username}` }),
  ).toBeVisible();
  expect(await fitsWidth(page.locator('.MuiTableContainer-root'))).toBe(true);
  expect(await fitsWidth(page.locator('html'))).toBe(true);
  await shot(page, 'user-list-390');
});
