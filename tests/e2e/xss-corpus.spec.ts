import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiLogin, openAdminPage, setAdminToken, signIn, tagBar } from './support/helpers';
import { expectClean, watchPage } from './support/xss-check';
import { payloadFor } from './support/xss-payloads';
import { seedCorpus, XSS_KEY, XSS_PAGE_KEY, XSS_USER, type Seeded } from './support/xss-seed';

// Stored XSS: the corpus of xss-payloads.ts is saved through every text path of the API
// (xss-seed.ts), then every screen that shows it is opened in Chromium; on each, nothing may run
// (xss-check.ts). The payloads are grouped so each screen is visited once.

let seeded: Seeded;
let savedSettings: Record<string, unknown>;

const api = async (page: Page, token: string, path: string, data?: unknown) => {
  const response = data
    ? await page.request.post(`/api/v1/manage/${path}`, { headers: { 'X-Token': token }, data })
    : await page.request.get(`/api/v1/manage/${path}`, { headers: { 'X-Token': token } });
  return ((await response.json()) as { code: number; data: Record<string, unknown> }).data;
};

const asAdmin = async (browser: Browser, work: (page: Page, token: string) => Promise<void>) => {
  const page = await browser.newPage();
  try {
    await work(page, await signIn({ page }));
  } finally {
    await page.close();
  }
};

test.describe.serial('存储型 XSS 语料', () => {
  test.beforeAll(async ({ browser }) => {
    await asAdmin(browser, async (page, token) => {
      savedSettings = await api(page, token, 'system_set/get_system_set');
      seeded = await seedCorpus({ api: page.request, token });
    });
  });

  test.afterAll(async ({ browser }) => {
    await asAdmin(browser, async (page, token) => {
      await api(page, token, 'system_set/save_system_set', savedSettings);
    });
  });

  test('登录页的系统名称、副标题、页脚以文字显示；上传的 HTML/SVG 在本站不能运行', async ({ page }) => {
    const dialogs = await watchPage(page);
    await page.goto('/login');
    await expect(page.getByLabel('用户名')).toBeVisible();
    expect(await page.title()).toContain(payloadFor(30, 0));
    await expect(page.getByRole('main')).toContainText(payloadFor(30, 0));
    await expectClean({ page, where: '登录页', dialogs });

    for (const [ext, url] of Object.entries(seeded.uploads)) {
      // The stored name is the server's own; the payload-shaped original name goes nowhere.
      expect(url).toMatch(new RegExp(`^/uploads/\\d{4}/\\d{2}/[0-9a-f]+\\.${ext}$`));
      const served = await page.request.get(url);
      expect(served.headers()['content-disposition']).toMatch(/^attachment;/);
      expect(served.headers()['content-security-policy']).toContain('sandbox');
      expect(served.headers()['x-content-type-options']).toBe('nosniff');
      // Opened in the browser, it is downloaded, not rendered in our origin.
      const [download] = await Promise.all([page.waitForEvent('download'), page.goto(url).catch(() => null)]);
      expect(download.url()).toContain(url);
      // Even if a proxy dropped the attachment header, the sandbox policy keeps its script from running.
      await page.route(url, async (route) => {
        const response = await route.fetch();
        const headers = { ...response.headers() };
        delete headers['content-disposition'];
        await route.fulfill({ response, headers });
      });
      await page.goto(url);
      expect(await page.evaluate(() => (window as unknown as { __x?: number }).__x ?? null), url).toBeNull();
      await page.unroute(url);
    }
    expect(dialogs).toEqual([]);
  });

  test('内容列表、头部搜索、标签栏与面包屑、内容编辑与富文本编辑器、流程记录与时间线', async ({ page }) => {
    await signIn({ page });
    const dialogs = await watchPage(page);
    await openAdminPage({ page, path: `/NewsManage/${XSS_KEY}` });
    const grid = page.getByRole('table', { name: /内容$/ });
    await expect(grid.locator('tbody tr')).toHaveCount(1);
    await expect(grid).toContainText('<script>__x=1</script>');
    await expect(tagBar(page)).toContainText(payloadFor(64, 30));
    await expect(page.getByRole('navigation', { name: '面包屑导航' })).toContainText(payloadFor(64, 30));
    await expectClean({ page, where: '内容列表、标签栏、面包屑', dialogs });

    await page.getByRole('button', { name: '搜索菜单' }).click();
    await page.getByRole('combobox', { name: '输入菜单名称或拼音' }).fill(payloadFor(64, 30));
    await expect(page.getByRole('listbox')).toContainText(payloadFor(64, 30));
    await expectClean({ page, where: '头部搜索', dialogs });
    await page.keyboard.press('Escape');

    // The search form's select lists the options' labels.
    await page.getByRole('combobox', { name: payloadFor(64, 7) }).click();
    await expect(page.getByRole('listbox')).toContainText(payloadFor(64, 8));
    await expectClean({ page, where: '搜索条件的选项', dialogs });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^更多操作「/ }).click();
    await page.getByRole('menuitem', { name: /^流程「/ }).click();
    const drawer = page.getByRole('dialog', { name: '流程列表' });
    await expect(drawer.getByRole('table', { name: '流程记录' }).locator('tbody tr')).toHaveCount(2);
    await expectClean({ page, where: '流程记录抽屉', dialogs });
    await drawer.getByRole('tab', { name: '流程图' }).click();
    await expect(drawer.getByTestId('flow-node').first()).toBeVisible();
    await expectClean({ page, where: '流程图', dialogs });
    await drawer.getByRole('button', { name: '关闭' }).click();

    await page.getByRole('button', { name: /^填写流程「/ }).click();
    const timeline = page.getByRole('dialog', { name: '填写流程' });
    await expect(timeline.getByRole('tab').first()).toBeVisible();
    await expectClean({ page, where: '流程时间线', dialogs });
    await timeline.getByRole('button', { name: '关闭' }).click();

    // Last: the editor re-serialises the stored HTML, so closing would ask to discard changes.
    await page.getByRole('button', { name: /^编辑「/ }).click();
    const form = page.getByRole('dialog', { name: '内容' });
    await expect(form.locator('.ProseMirror').first()).toContainText('链接25');
    await expectClean({ page, where: '内容编辑（富文本编辑器）', dialogs });
  });

  test('栏目管理与栏目编辑、管理员用户与编辑、系统设置、个人中心', async ({ page, browser }) => {
    await signIn({ page });
    const dialogs = await watchPage(page);
    await openAdminPage({ page, path: '/class/list' });
    const row = page
      .getByRole('table', { name: '栏目列表' })
      .getByRole('row')
      .filter({ hasText: payloadFor(64, 30) });
    await expect(row).toHaveCount(1);
    await expectClean({ page, where: '栏目列表', dialogs });
    await row.getByRole('button', { name: '编辑' }).click();
    const editor = page.getByRole('dialog', { name: /^编辑栏目/ });
    const tabs = editor.getByRole('tablist', { name: '栏目设置' }).getByRole('tab');
    for (let i = 0; i < (await tabs.count()); i += 1) {
      await tabs.nth(i).click();
      await expectClean({ page, where: `栏目编辑：${await tabs.nth(i).innerText()}`, dialogs });
    }
    await page.keyboard.press('Escape');

    await openAdminPage({ page, path: `/NewsManage/${XSS_PAGE_KEY}` });
    await expect(
      page
        .getByRole('form', { name: `${payloadFor(64, 39)}单页内容` })
        .locator('.ProseMirror')
        .first(),
    ).toContainText('链接25');
    await expectClean({ page, where: '单页栏目表单', dialogs });

    await openAdminPage({ page, path: '/manageuser/list' });
    await expect(page.getByRole('table', { name: '管理员用户' })).toContainText(payloadFor(64, 38));
    await expectClean({ page, where: '管理员用户列表', dialogs });
    await page.getByRole('button', { name: `编辑 ${XSS_USER.username}` }).click();
    await expect(page.getByRole('dialog', { name: '编辑用户' })).toBeVisible();
    await expectClean({ page, where: '编辑用户', dialogs });
    await page.keyboard.press('Escape');

    await openAdminPage({ page, path: '/system/set' });
    await expect(page.getByRole('textbox', { name: '系统名称' })).toHaveValue(payloadFor(30, 0));
    await expectClean({ page, where: '系统设置', dialogs });

    // 个人中心 shows the signed-in user's own name and introduction.
    const context = await browser.newContext();
    const mine = await context.newPage();
    const mineDialogs = await watchPage(mine);
    await setAdminToken({ context, token: await apiLogin({ request: mine.request, ...XSS_USER }) });
    await openAdminPage({ page: mine, path: '/myinfo/index' });
    await expect(mine.getByRole('main')).toContainText(payloadFor(64, 38));
    await expectClean({ page: mine, where: '个人中心', dialogs: mineDialogs });
    await openAdminPage({ page: mine, path: '/home' });
    await expect(mine.getByRole('main')).toContainText(payloadFor(64, 38));
    await expectClean({ page: mine, where: '首页', dialogs: mineDialogs });
    await context.close();
  });
});
