import { expect, test, type Page } from '@playwright/test';
import { openAdminPage, sidebar, signIn, signInAs } from './support/helpers';
import { shot } from './support/shots';

const EDITOR = { username: 'editor_e2e', name: '内容编辑', password: 'Editor12345' };

const userRow = (page: Page, username: string) =>
  page.getByRole('table', { name: '管理员用户' }).getByRole('row').filter({ hasText: username });

test.describe('管理员用户', () => {
  test('新建只有内容管理的编辑；对方看不到管理菜单；停用后对方下一步操作即弹出重新登录', async ({
    page,
    browser,
  }) => {
    await signIn({ page });
    await openAdminPage({ page, path: '/manageuser/list' });
    await expect(page.getByRole('heading', { name: '管理员用户' })).toBeVisible();
    await expect(userRow(page, 'admin')).toContainText('超级管理员');

    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增用户' });
    await dialog.getByLabel('用户名').fill(EDITOR.username);
    await dialog.getByLabel('姓名').fill(EDITOR.name);
    await dialog.getByLabel('登录密码').fill('short');
    // Only 内容管理 (the default choice): checked in the role list, nothing else.
    await dialog.getByRole('combobox', { name: '角色' }).click();
    const options = page.getByRole('listbox');
    await expect(options.getByRole('option', { name: /内容管理/ })).toHaveAttribute('aria-selected', 'true');
    await expect(options.getByRole('option', { selected: true })).toHaveCount(1);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: '保存' }).click();
    // The server's password policy answers; the dialog stays open.
    await expect(
      page.getByText('密码长度 8–64 位，且至少包含小写字母、大写字母、数字、符号中的 2 种').last(),
    ).toBeVisible();
    await dialog.getByLabel('登录密码').fill(EDITOR.password);
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('用户已创建')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(userRow(page, EDITOR.username)).toContainText('内容管理');
    await expect(userRow(page, EDITOR.username)).toContainText('从未登录');

    const editor = await signInAs({ browser, ...EDITOR });
    await openAdminPage({ page: editor.page, path: '/home' });
    const menu = sidebar(editor.page);
    await expect(menu.getByRole('link', { name: '个人中心' })).toBeVisible();
    for (const title of ['系统设置', '管理员用户', '栏目管理']) {
      await expect(menu.getByText(title, { exact: true })).toHaveCount(0);
    }
    // 个人中心 shows this session as 当前.
    await menu.getByRole('link', { name: '个人中心' }).click();
    await expect(editor.page.getByRole('list', { name: '登录设备' })).toContainText('当前');

    // The list now shows the editor's sign-in; disabling them ends it.
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(userRow(page, EDITOR.username)).not.toContainText('从未登录');
    await userRow(page, EDITOR.username)
      .getByRole('switch', { name: `停用 ${EDITOR.username}` })
      .click();
    await expect(page.getByText(`已停用 ${EDITOR.username}，其登录已失效`)).toBeVisible();
    await expect(userRow(page, EDITOR.username).getByRole('switch')).not.toBeChecked();

    // The editor's next action (reloading the session list) answers 50012: the re-login dialog opens.
    await editor.page.getByRole('button', { name: '刷新登录设备' }).click();
    await expect(editor.page.getByRole('dialog', { name: '确认退出' })).toBeVisible();
    await expect(editor.page.getByText('该账号已被停用，请联系管理员')).toBeVisible();
    await editor.context.close();
  });

  test('只有管理员用户角色的用户：不提供超级管理员和自己没有的角色，不能编辑超级管理员', async ({
    page,
    browser,
  }) => {
    const token = await signIn({ page });
    const manager = { username: 'usermgr_e2e', name: '用户管理员', password: 'Manager12345' };
    const created = await page.request.post('/api/v1/manage/manage_user/save_user', {
      headers: { 'X-Token': token },
      data: { ...manager, roles: ['manage_user', 'news_content'] },
    });
    expect(((await created.json()) as { code: number }).code).toBe(200);

    const signedIn = await signInAs({ browser, ...manager });
    const mgr = signedIn.page;
    await openAdminPage({ page: mgr, path: '/manageuser/list' });
    // The admin's row: every action off, the switch too.
    const adminRow = userRow(mgr, 'admin').filter({ hasText: '超级管理员' }).first();
    await expect(adminRow).toBeVisible();
    // 编辑 and 更多 (重置密码, 删除: every entry off, so the menu's button is too).
    for (const name of ['编辑 admin', '更多操作 admin']) {
      await expect(adminRow.getByRole('button', { name, exact: true })).toBeDisabled();
    }
    await expect(adminRow.getByRole('switch')).toBeDisabled();

    // A new user: 超级管理员 is not offered, a role the manager lacks is shown but cannot be chosen.
    await mgr.getByRole('button', { name: '新增' }).click();
    const dialog = mgr.getByRole('dialog', { name: '新增用户' });
    await dialog.getByRole('combobox', { name: '角色' }).click();
    const options = mgr.getByRole('listbox');
    await expect(options.getByRole('option', { name: /内容管理/ })).toBeEnabled();
    await expect(options.getByRole('option', { name: /超级管理员/ })).toHaveCount(0);
    await expect(options.getByRole('option', { name: /系统设置/ })).toHaveAttribute('aria-disabled', 'true');
    await shot(mgr, 'user-form-manager-roles');
    await mgr.keyboard.press('Escape');
    await dialog.getByRole('button', { name: '取消' }).click();

    // The server refuses the same, whatever the screen offers.
    const refused = await mgr.request.post('/api/v1/manage/manage_user/save_user', {
      headers: { 'X-Token': signedIn.token },
      data: { username: 'sneaky_e2e', name: 'x', roles: ['admin'], password: 'Sneaky12345' },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      '只有超级管理员可以授予「超级管理员」角色',
    );
    await signedIn.context.close();
  });

  test('列表、表单与个人中心在 1366 与 390 宽度下可用（截图）', async ({ page }) => {
    const token = await signIn({ page });
    // A small category tree for the rights picker.
    const saveClass = async (data: Record<string, unknown>) => {
      const response = await page.request.post('/api/v1/manage/class_manage/save_class', {
        headers: { 'X-Token': token },
        data: { class_type: '0', ...data },
      });
      return ((await response.json()) as { data: { id: number } }).data.id;
    };
    const news = await saveClass({ name: '新闻中心', key: 'news' });
    await saveClass({ name: '国内新闻', key: 'china', parent_id: news });
    await saveClass({ name: '国际新闻', key: 'world', parent_id: news });
    await saveClass({ name: '通知公告', key: 'notice' });
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 860 });
      await openAdminPage({ page, path: '/manageuser/list' });
      await expect(userRow(page, EDITOR.username)).toBeVisible();
      await shot(page, `user-list-${width}`);
      await userRow(page, EDITOR.username)
        .getByRole('button', { name: `编辑 ${EDITOR.username}` })
        .click();
      const dialog = page.getByRole('dialog', { name: '编辑用户' });
      await expect(dialog.getByLabel('用户名')).toHaveValue(EDITOR.username);
      const rights = dialog.getByRole('group', { name: '栏目权限' });
      await expect(rights).toContainText('未选择：可管理全部栏目');
      // Choosing a parent ticks and locks its children.
      await rights.getByLabel('新闻中心').check();
      await expect(rights.getByLabel('国内新闻')).toBeChecked();
      await expect(rights.getByLabel('国内新闻')).toBeDisabled();
      await expect(rights).toContainText('已选 1 个栏目');
      await page.waitForTimeout(400); // the dialog's fade-in
      await shot(page, `user-form-${width}`);
      await dialog.getByRole('button', { name: '取消' }).click();
      await openAdminPage({ page, path: '/myinfo/index' });
      await expect(page.getByRole('list', { name: '登录设备' })).toContainText('当前');
      await shot(page, `my-info-${width}`);
    }
  });

  test('个人中心的登录设备分页：25 个登录，当前排第一，翻页后结束一个（截图 1366 与 390）', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await signIn({ page });
    const owner = { username: `devices_${Date.now()}`, name: '多设备用户', password: 'Devices12345' };
    const saved = await page.request.post('/api/v1/manage/manage_user/save_user', {
      headers: { 'X-Token': token },
      data: { ...owner, roles: ['news_content'] },
    });
    expect(((await saved.json()) as { code: number }).code).toBe(200);
    // 24 sign-ins from other browsers, then this one: 25 live sessions.
    const agents = [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
    ];
    for (let i = 0; i < 24; i += 1) {
      const response = await request.post('/api/v1/manage/login/login', {
        data: { username: owner.username, password: owner.password },
        headers: { 'user-agent': agents[i % agents.length] },
      });
      expect(((await response.json()) as { code: number }).code).toBe(200);
    }
    const me = await signInAs({ browser, ...owner });
    await openAdminPage({ page: me.page, path: '/myinfo/index' });
    const list = me.page.getByRole('list', { name: '登录设备' });
    const range = (text: string) => me.page.getByText(text, { exact: true });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    await expect(list.getByRole('listitem').first()).toContainText('当前');
    await expect(me.page.getByText('（共 25 个）', { exact: false })).toBeVisible();
    await expect(range('第 1 条到第 10 条，共 25 条')).toBeVisible();
    await shot(me.page, 'my-sessions-1366-page1');

    await me.page.getByRole('button', { name: '下一页' }).click();
    await expect(range('第 11 条到第 20 条，共 25 条')).toBeVisible();
    await expect(list).not.toContainText('当前');
    await me.page.getByRole('button', { name: '下一页' }).click();
    await expect(range('第 21 条到第 25 条，共 25 条')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(5);
    await list
      .getByRole('button', { name: /^结束 / })
      .first()
      .click();
    await expect(me.page.getByText('已结束该登录')).toBeVisible();
    await expect(range('第 21 条到第 24 条，共 24 条')).toBeVisible();
    await shot(me.page, 'my-sessions-1366-page3');

    await me.page.setViewportSize({ width: 390, height: 860 });
    await me.page.getByRole('button', { name: '上一页' }).click();
    await expect(range('第 11 条到第 20 条，共 24 条')).toBeVisible();
    await shot(me.page, 'my-sessions-390-page2');
    await me.page.getByRole('button', { name: '上一页' }).click();
    await expect(list.getByRole('listitem').first()).toContainText('当前');
    await shot(me.page, 'my-sessions-390-page1');
    await me.context.close();
  });
});
