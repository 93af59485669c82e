import { expect, test, type Page } from '@playwright/test';
import { cookieValue, openAdminPage, openContentList, sidebar, signIn, signInAs } from './support/helpers';
import { seriousViolations } from './support/axe';
import { fieldDef } from './support/field-fixtures';
import { shot } from './support/shots';

// Issue 26: the 首页 at a glance (an editor's categories only), its 敏感词 (a save with a confirmed
// warn word shows there and opens with 检测; a new word asks for 重新检查), the row's actions in reach
// on a wide list, and no screen of the menu wider than a 390 px phone.

type Answer<T> = { code: number; message: string; data: T };

const call = async <T>(page: Page, method: 'get' | 'post' | 'delete', path: string, data?: unknown) => {
  const token = (await cookieValue({ page, name: 'Admin-Token' })) ?? '';
  const response = await page.request[method](`/api/v1/manage/${path}`, {
    headers: { 'X-Token': token },
    data,
  });
  const answer = (await response.json()) as Answer<T>;
  expect(answer.code, `${path}: ${answer.message}`).toBe(200);
  return answer.data;
};

const stamp = `${Date.now() % 100000}`;
const BASE_SET = {
  title: { name: '标题', showlist: true, isshow: true },
  short_title: { name: '副标题', showlist: true, isshow: true },
  intro: { name: '简介', showlist: true, isshow: true },
  content: { name: '正文', showlist: false, isshow: true },
};

const createCategory = async (page: Page, name: string, extra: Record<string, unknown> = {}) => {
  const key = `h${stamp}_${Math.floor(Math.random() * 1e6)}`;
  const { id } = await call<{ id: number }>(page, 'post', 'class_manage/save_class', {
    name,
    key,
    class_type: '0',
    content_fileds: { list: [], base_set: BASE_SET },
    ...extra,
  });
  return { id, key, name };
};
const addItem = (page: Page, classId: number, values: Record<string, unknown>) =>
  call<{ id: number }>(page, 'post', 'news_manage/save_news_info', { class_id: classId, ...values });

const overview = (page: Page) => page.getByRole('region', { name: '内容概览' });
const classesCard = (page: Page) => page.getByRole('region', { name: '栏目', exact: true });
const latestList = (page: Page) => page.getByRole('list', { name: '最近修改' });

test.beforeEach(async ({ page }) => {
  await signIn({ page });
});

test('首页：栏目内容数与最近修改，点开即编辑；限定栏目的编辑只看到自己的栏目', async ({ page, browser }) => {
  const news = await createCategory(page, `首页新闻${stamp}`);
  const steps = [
    { title: '受理', value: 1 },
    { title: '办结', value: 2 },
  ];
  const approvals = await createCategory(page, `首页审批${stamp}`, {
    class_type: '4',
    content_fileds: { list: [], base_set: BASE_SET, process: steps },
  });
  await addItem(page, news.id, { title: `首页第一条${stamp}` });
  const { id: latestId } = await addItem(page, news.id, { title: `首页最新一条${stamp}` });
  const { id: approvalId } = await addItem(page, approvals.id, { title: `审批事项${stamp}` });
  await call(page, 'post', 'news_manage/save_process', {
    news_id: approvalId,
    process: 1,
    title: '已受理',
    time: Math.floor(Date.now() / 1000),
  });
  await addItem(page, news.id, { title: `首页最新一条${stamp}（再存）`, id: latestId });

  await page.setViewportSize({ width: 1440, height: 900 });
  await openAdminPage({ page, path: '/home' });
  const newsRow = classesCard(page).getByRole('listitem').filter({ hasText: news.name }).first();
  await expect(newsRow).toContainText('共 2 条 · 7 天内更新 2 条');
  const bars = page.getByRole('list', { name: `「${approvals.name}」各流程步骤的内容数` });
  await expect(bars.getByRole('listitem')).toHaveText([/未开始\s*0/, /受理\s*1/, /办结\s*0/]);
  const latest = latestList(page).getByRole('link').first();
  await expect(latest).toContainText(`首页最新一条${stamp}（再存）`);
  await expect(latest).toContainText('保存');
  await shot(page, 'home', { atBothWidths: true });

  // The latest change opens its item's 编辑 dialog on its category's list.
  await latest.click();
  await expect(page).toHaveURL(new RegExp(`/NewsManage/${news.key}$`));
  const dialog = page.getByRole('dialog', { name: '内容' });
  await expect(dialog.getByRole('textbox', { name: /^标题/ })).toHaveValue(`首页最新一条${stamp}（再存）`);

  // An editor limited to 审批 sees it alone: no count, name or change of 新闻.
  const username = `home_${stamp}`;
  const password = 'Editor12345';
  await call(page, 'post', 'manage_user/save_user', {
    username,
    name: '审批编辑',
    password,
    roles: ['news_content'],
    class_ids: [approvals.id],
  });
  const editor = await signInAs({ browser, username, password, width: 1440 });
  await openAdminPage({ page: editor.page, path: '/home' });
  await expect(classesCard(editor.page).getByRole('listitem').first()).toContainText(approvals.name);
  await expect(latestList(editor.page)).toContainText(`审批事项${stamp}`);
  await expect(overview(editor.page)).not.toContainText(news.name);
  await expect(overview(editor.page)).not.toContainText('首页最新一条');
  await editor.context.close();

  // Without 内容管理 the 首页 shows the shortcuts only.
  const plain = `plain_${stamp}`;
  await call(page, 'post', 'manage_user/save_user', {
    username: plain,
    name: '个人',
    password,
    roles: ['system_set'],
  });
  const other = await signInAs({ browser, username: plain, password });
  await openAdminPage({ page: other.page, path: '/home' });
  await expect(other.page.getByRole('region', { name: '我可以使用的模块' })).toBeVisible();
  await expect(overview(other.page)).toHaveCount(0);
  await other.context.close();
});

test('首页「敏感词」：确认保存的提醒词出现在首页，点开即检测；词库变了就提示重新检查', async ({ page }) => {
  const word = `慎用${stamp}`;
  const words: number[] = [];
  const addWord = async (text: string) =>
    words.push(
      (
        await call<{ id: number }>(page, 'post', 'system_set/save_sensitive_word', {
          word: text,
          level: 'warn',
        })
      ).id,
    );
  try {
    await addWord(word);
    const category = await createCategory(page, `敏感首页${stamp}`);
    await addItem(page, category.id, { title: `没有词的一条${stamp}` });
    const title = `含${word}的通知`;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openContentList({ page, path: `/NewsManage/${category.key}` });
    await page.getByRole('toolbar', { name: '内容操作' }).getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '内容' });
    await dialog.locator('#field-title').fill(title);
    await dialog.getByRole('button', { name: '确定' }).click();
    const report = page.getByRole('region', { name: '敏感词检测结果' });
    await report.getByRole('button', { name: '确认保存' }).click();
    await expect(dialog).toBeHidden();

    await openAdminPage({ page, path: '/home' });
    const section = page.getByRole('region', { name: '敏感词', exact: true });
    const row = section
      .getByRole('list', { name: '各栏目含敏感词的内容' })
      .getByRole('listitem')
      .filter({ hasText: category.name });
    await expect(row).toContainText('1 条含敏感词');
    const item = section
      .getByRole('list', { name: '最近含敏感词的内容' })
      .getByRole('link')
      .filter({ hasText: title });
    await expect(item).toContainText(`提醒 ${word}`);
    await expect(page.getByText('含敏感词', { exact: true })).toBeVisible();
    await shot(page, 'home-sensitive', { atBothWidths: true });
    expect(await seriousViolations(page, '首页敏感词（浅色）')).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'home-sensitive-dark', { atBothWidths: true });
    expect(await seriousViolations(page, '首页敏感词（深色）')).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });

    // The item opens in its 编辑 dialog with 检测 run.
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/NewsManage/${category.key}$`));
    await expect(dialog.locator('#field-title')).toHaveValue(title);
    await expect(report).toContainText(word);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Another word: the count is not known until 重新检查, which runs 敏感词检查 in the category.
    await addWord(`另一${stamp}`);
    await openAdminPage({ page, path: '/home' });
    await expect(row).toContainText('请重新检查');
    await row.getByRole('link', { name: /^重新检查「.*」的敏感词$/ }).click();
    const scan = page.getByRole('dialog', { name: '敏感词检查' });
    await expect(scan.getByRole('status').filter({ hasText: '检查完成' })).toBeVisible();
    await scan.getByRole('button', { name: '关闭' }).first().click();
    await openAdminPage({ page, path: '/home' });
    await expect(row).toContainText('1 条含敏感词');
  } finally {
    if (words.length > 0) await call(page, 'delete', 'system_set/del_sensitive_word', { ids: words });
  }
});

test('十列的列表：第一行的「编辑」在 1440 × 900 的窗口内可点；长标题不撑宽表格', async ({ page }) => {
  const list = Array.from({ length: 7 }, (_, index) =>
    fieldDef({ key: `c${index}`, title: `字段${index + 1}`, showlist: true }),
  );
  const wide = await createCategory(page, `十列${stamp}`, {
    content_fileds: { list, base_set: BASE_SET },
  });
  const long = `很长的标题${'长'.repeat(80)}ThisIsAVeryLongWordWithoutAnySpaceThatWouldWidenTheTable${stamp}`;
  const values = Object.fromEntries(list.map((field) => [field.key, `${field.title}的一段比较长的内容`]));
  await addItem(page, wide.id, { title: long, short_title: '副标题', intro: '一段简介', ...values });
  await page.setViewportSize({ width: 1440, height: 900 });
  await openContentList({ page, path: `/NewsManage/${wide.key}` });
  const table = page.getByRole('table', { name: `${wide.name}内容` });
  // Ten list columns: 标题 · 副标题 · 简介 · 7 fields (and 时间 · 操作).
  await expect(table.locator('thead th')).toHaveCount(13);
  const edit = table
    .locator('tbody tr')
    .first()
    .getByRole('button', { name: /^编辑「/ });
  const box = await edit.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(1440);
  expect(box!.y + box!.height).toBeLessThanOrEqual(900);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  // The title cell holds two lines at most, however long the title.
  const titleCell = table.locator('tbody tr').first().locator('td').nth(1);
  expect((await titleCell.boundingBox())!.height).toBeLessThanOrEqual(60);
  await shot(page, 'list-ten-columns', { atBothWidths: true });
  await edit.click();
  await expect(page.getByRole('dialog', { name: '内容' })).toBeVisible();
});

test('390 × 844：菜单上的每个页面都不横向滚动', async ({ page }) => {
  await createCategory(page, `窄屏${stamp}`);
  await openAdminPage({ page, path: '/home' });
  // Every page of the menu, 内容管理's categories included (the groups opened first).
  const groups = sidebar(page).getByRole('button', { name: '内容管理' });
  if ((await groups.getAttribute('aria-expanded')) !== 'true') await groups.click();
  const paths = await sidebar(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  const pages = [...new Set(paths)].filter((path) => path !== '/logout');
  expect(pages.length).toBeGreaterThanOrEqual(8);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of pages) {
    await openAdminPage({ page, path });
    await page.waitForLoadState('networkidle');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(`${path}: ${width}`).toBe(`${path}: ${Math.min(width, 390)}`);
  }
});
