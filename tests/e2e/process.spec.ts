import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { cookieValue, openContentList, signIn } from './support/helpers';

type Answer<T> = { code: number; message: string; data: T };

const STEPS = [
  { title: '报名', value: 1 },
  { title: '初审', value: 2 },
  { title: '录取', value: 3 },
];
const BASE_SET = {
  title: { name: '标题', showlist: true, isshow: true },
  short_title: { name: '副标题', showlist: false, isshow: true },
  intro: { name: '简介', showlist: false, isshow: true },
  content: { name: '正文', showlist: false, isshow: true },
};

const contentTable = (page: Page) => page.getByRole('table', { name: /内容$/ });
const toast = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });
const rowOf = (page: Page, title: string) =>
  contentTable(page).locator('tbody tr').filter({ hasText: title });
const dataRows = (page: Page) => contentTable(page).locator('tbody tr');
const rowButton = (page: Page, action: string, title: string) =>
  page.getByRole('button', { name: `${action}「${title}」`, exact: true });
/** An action of a row's 更多 menu (流程, 流程图, 锁定, 删除). */
const rowMenuAction = async (page: Page, action: string, title: string) => {
  await page.getByRole('button', { name: `更多操作「${title}」`, exact: true }).click();
  await page.getByRole('menuitem', { name: `${action}「${title}」`, exact: true }).click();
};
// Located by CSS, not role: the counts are checked while the timeline dialog hides the page from the accessibility tree.
const statusBar = (page: Page) => page.locator('[role="group"][aria-label="流程状态"]');
const statusButton = (page: Page, label: string) =>
  statusBar(page)
    .locator('button')
    .filter({ hasText: new RegExp(`^${label}`) });
const timeline = (page: Page) => page.getByRole('dialog', { name: '填写流程' });
// MUI's non-linear Stepper is a tablist (arrow keys move between steps); each step is a tab.
const stepButton = (page: Page, title: string) =>
  timeline(page).getByRole('tab', { name: new RegExp(`^${title}`) });
const recordDialog = (page: Page) => page.getByRole('dialog', { name: '流程记录' });
const drawer = (page: Page) => page.getByRole('dialog', { name: '流程列表' });
const drawerRows = (page: Page) => drawer(page).getByRole('table', { name: '流程记录' }).locator('tbody tr');
const confirmDialog = (page: Page) => page.getByRole('alertdialog');
/** With SHOTS_DIR=<folder>, a screenshot of the page there, to look at (nothing is compared). */
const shot = async (page: Page, name: string) => {
  const folder = process.env.SHOTS_DIR;
  if (!folder) return;
  await mkdir(folder, { recursive: true });
  // The drawer slides in: shoot once it stands still.
  await page.waitForFunction(() => document.getAnimations().every((one) => one.playState !== 'running'));
  await page.screenshot({ path: path.join(folder, `${name}.png`) });
};
const flowNodes = (scope: Locator) => scope.getByTestId('flow-node');

/** The status bar's counts as { label: count }. */
const expectCounts = async (page: Page, counts: Record<string, number>) => {
  for (const [label, count] of Object.entries(counts))
    await expect(statusButton(page, label).getByTestId('status-count'), label).toHaveText(String(count));
};

const openProcessCategory = async ({
  page,
  classType,
  name,
  titles,
}: {
  page: Page;
  classType: '4' | '5';
  name: string;
  titles: string[];
}) => {
  const headers = { 'X-Token': (await cookieValue({ page, name: 'Admin-Token' })) ?? '' };
  const key = `process_${Date.now()}_${Math.floor(Math.random() * 1000)}`;
  const created = await page.request.post('/api/v1/manage/class_manage/save_class', {
    headers,
    data: {
      name,
      key,
      class_type: classType,
      content_fileds: { list: [], base_set: BASE_SET, process: STEPS },
    },
  });
  const answer = (await created.json()) as Answer<{ id: number }>;
  expect(answer.code, answer.message).toBe(200);
  const itemIds: number[] = [];
  for (const title of titles) {
    const saved = await page.request.post('/api/v1/manage/news_manage/save_news_info', {
      headers,
      data: { class_id: answer.data.id, title },
    });
    const item = (await saved.json()) as Answer<{ id: number }>;
    expect(item.code).toBe(200);
    itemIds.push(item.data.id);
  }
  const open = async () => {
    await openContentList({ page, path: `/NewsManage/${key}` });
    await expect(contentTable(page)).toBeVisible();
  };
  await open();
  return { classId: answer.data.id, headers, itemIds, open };
};

/** Picks a step on the open timeline and saves its record form with a remark (and optionally a file). */
const fillStep = async ({
  page,
  step,
  remark,
  file,
}: {
  page: Page;
  step: string;
  remark: string;
  file?: boolean;
}) => {
  await stepButton(page, step).click();
  const dialog = recordDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(step);
  // Titled after its step, at the current time, by default.
  await expect(dialog.getByLabel('标题')).toHaveValue(step);
  await expect(dialog.locator('#field-time')).toHaveValue(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await dialog.getByLabel('备注').fill(remark);
  if (file) {
    await dialog.getByLabel('上传附件').setInputFiles({
      name: '材料清单.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('身份证\n成绩单\n'),
    });
    await expect(dialog.getByRole('list', { name: '已上传的附件' })).toContainText('.txt');
  }
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
};

test.describe('流程', () => {
  test.beforeEach(async ({ page }) => {
    await signIn({ page });
  });

  test('填写流程按顺序，时间线与状态计数随之变化；流程列表筛选、修改、按顺序删除', async ({ page }) => {
    test.setTimeout(150_000);
    await openProcessCategory({
      page,
      classType: '4',
      name: '入学申请',
      titles: ['李四的申请', '张三的申请'],
    });
    await expectCounts(page, { 全部: 2, 未开始: 2, 报名: 0, 初审: 0, 录取: 0 });
    await expect(rowButton(page, '流程图', '张三的申请')).toHaveCount(0);

    await rowButton(page, '填写流程', '张三的申请').click();
    await expect(timeline(page)).toBeVisible();
    await expect(timeline(page).getByTestId('step-time')).toHaveText(['未填写', '未填写', '未填写']);

    // Step 3 before step 1: the warning, and no form.
    await stepButton(page, '录取').click();
    await expect(toast(page, '请先填写:报名')).toBeVisible();
    await expect(recordDialog(page)).toHaveCount(0);

    await fillStep({ page, step: '报名', remark: '网上报名', file: true });
    await expect(timeline(page).getByTestId('step-time').first()).toHaveText(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );
    await expect(timeline(page).getByTestId('step-who').first()).toHaveText(/ · .+/);
    await expectCounts(page, { 全部: 2, 未开始: 1, 报名: 1 });
    await stepButton(page, '录取').click();
    await expect(toast(page, '请先填写:初审')).toBeVisible();
    await expect(recordDialog(page)).toHaveCount(0);

    await fillStep({ page, step: '初审', remark: '材料齐全' });
    await fillStep({ page, step: '录取', remark: '已录取' });
    await expect(timeline(page).getByTestId('step-time')).toHaveText(
      Array(3).fill(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
    );
    await expect(timeline(page).getByTestId('step-who')).toHaveCount(3);
    await expectCounts(page, { 全部: 2, 未开始: 1, 报名: 0, 初审: 0, 录取: 1 });
    await timeline(page).getByRole('button', { name: '关闭' }).click();

    // The row shows the step the item stands at.
    await expect(rowOf(page, '张三的申请')).toContainText('录取');
    await expect(rowOf(page, '李四的申请')).toContainText('未开始');

    // The status bar filters the list.
    await statusButton(page, '录取').click();
    await expect(dataRows(page)).toHaveCount(1);
    await expect(rowOf(page, '张三的申请')).toBeVisible();
    await statusButton(page, '未开始').click();
    await expect(dataRows(page)).toHaveCount(1);
    await expect(rowOf(page, '李四的申请')).toBeVisible();
    await statusButton(page, '全部').click();
    await expect(dataRows(page)).toHaveCount(2);

    // The drawer: newest first, filtered by step.
    await rowMenuAction(page, '流程', '张三的申请');
    await expect(drawer(page)).toBeVisible();
    await expect(drawerRows(page)).toHaveCount(3);
    await expect(drawerRows(page).locator('td:nth-child(3)')).toHaveText(['录取', '初审', '报名']);
    await expect(drawerRows(page).first().locator('td:nth-child(2)')).toHaveText(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );
    await drawer(page).getByRole('combobox', { name: '流程' }).click();
    await page.getByRole('option', { name: '初审' }).click();
    await expect(drawerRows(page)).toHaveCount(1);
    await expect(drawerRows(page)).toContainText('初审');
    await drawer(page).getByRole('button', { name: '清除' }).click();
    await expect(drawerRows(page)).toHaveCount(3);

    // 修改: the form opens on the record, the change shows in the drawer.
    await drawer(page).getByRole('button', { name: '修改「报名」' }).click();
    const edit = recordDialog(page);
    await expect(edit).toContainText('修改');
    await expect(edit.getByLabel('备注')).toHaveValue('网上报名');
    await expect(edit.getByRole('list', { name: '已上传的附件' })).toContainText('.txt');
    await edit.getByLabel('标题').fill('报名（补交材料）');
    await edit.getByRole('button', { name: '确定' }).click();
    await expect(edit).toBeHidden();
    await expect(drawerRows(page).locator('td:first-child')).toHaveText(['录取', '初审', '报名（补交材料）']);

    // 删除: 取消 says so; an earlier step while a later one exists is refused with the server's reason.
    await drawer(page).getByRole('button', { name: '删除「初审」' }).click();
    await expect(confirmDialog(page)).toContainText('此操作将永久删除该信息, 是否继续?');
    await expect(confirmDialog(page).getByRole('heading')).toHaveText('提示');
    await confirmDialog(page).getByRole('button', { name: '取消' }).click();
    await expect(toast(page, '已取消删除')).toBeVisible();
    await drawer(page).getByRole('button', { name: '删除「初审」' }).click();
    const refusal = page.waitForResponse((response) => response.url().includes('/news_manage/del_process'));
    await confirmDialog(page).getByRole('button', { name: '确定' }).click();
    const refused = (await (await refusal).json()) as Answer<null>;
    expect(refused.code).toBe(400);
    await expect(toast(page, refused.message)).toBeVisible();
    await expect(drawerRows(page)).toHaveCount(3);

    // In order, last step first: each delete refreshes the drawer, the row's status and the counts.
    for (const [title, left, counts] of [
      ['录取', 2, { 初审: 1, 录取: 0 }],
      ['初审', 1, { 报名: 1, 初审: 0 }],
      ['报名（补交材料）', 0, { 未开始: 2, 报名: 0 }],
    ] as const) {
      await drawer(page)
        .getByRole('button', { name: `删除「${title}」` })
        .click();
      await confirmDialog(page).getByRole('button', { name: '确定' }).click();
      await expect(drawerRows(page).filter({ hasText: title })).toHaveCount(0);
      if (left > 0) await expect(drawerRows(page)).toHaveCount(left);
      await expectCounts(page, counts);
    }
    await expect(drawer(page)).toContainText('暂无流程记录');
    await drawer(page).getByRole('button', { name: '关闭' }).click();
    await expect(drawer(page)).toBeHidden();
    await expect(rowOf(page, '张三的申请')).toContainText('未开始');
  });

  test('流程图随步骤填写而变化，可保存为 PNG；流程总览显示各步骤的数量', async ({ page }) => {
    test.setTimeout(120_000);
    await openProcessCategory({ page, classType: '5', name: '设备报修', titles: ['三楼打印机'] });
    await rowMenuAction(page, '流程图', '三楼打印机');
    await expect(drawer(page)).toBeVisible();
    await expect(drawer(page).getByRole('tab', { name: '流程图' })).toHaveAttribute('aria-selected', 'true');
    const chart = drawer(page).getByRole('img', { name: '「三楼打印机」的流程图' });
    await expect(flowNodes(chart)).toHaveCount(3);
    const states = () =>
      flowNodes(chart).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-state')));
    await expect.poll(states).toEqual(['current', 'pending', 'pending']);

    // 新增 from the list tab, step chosen in the form.
    await drawer(page).getByRole('tab', { name: '流程列表' }).click();
    await drawer(page).getByRole('button', { name: '新增' }).click();
    const form = recordDialog(page);
    // Opens on the item's next step; another can be chosen.
    await expect(form.getByRole('combobox', { name: '流程' })).toHaveText(/报名/);
    await form.getByRole('combobox', { name: '流程' }).click();
    await page.getByRole('option', { name: '初审' }).click();
    // The server refuses a step whose earlier step has no record; the form stays open.
    await form.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '请先填写:报名')).toBeVisible();
    await expect(form).toBeVisible();
    await form.getByRole('combobox', { name: '流程' }).click();
    await page.getByRole('option', { name: '报名' }).click();
    await form.getByLabel('标题').fill('提交报修单');
    await form.getByRole('button', { name: '确定' }).click();
    await expect(form).toBeHidden();
    await expect(drawerRows(page)).toHaveCount(1);

    await drawer(page).getByRole('tab', { name: '流程图' }).click();
    await expect.poll(states).toEqual(['done', 'current', 'pending']);
    await expect(flowNodes(chart).first()).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await expect(flowNodes(chart).nth(1)).toContainText('未填写');

    const downloading = page.waitForEvent('download');
    await drawer(page).getByRole('button', { name: '保存为图片' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('三楼打印机-流程图.png');
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.length).toBeGreaterThan(2000);
    await drawer(page).getByRole('button', { name: '关闭' }).click();

    await page.getByRole('toolbar', { name: '内容操作' }).getByRole('button', { name: '流程总览' }).click();
    const overview = page.getByRole('dialog', { name: '流程总览' });
    const flow = overview.getByRole('img', { name: '设备报修的流程总览' });
    await expect(flowNodes(flow)).toHaveCount(3);
    await expect(flowNodes(flow)).toContainText(['报名1 项', '初审0 项', '录取0 项']);
  });

  test('流程列表分页：记录多于 100 条的内容逐页显示全部，桌面与手机宽度', async ({ page }) => {
    test.setTimeout(240_000);
    const title = '记录很多的一件';
    const { headers, itemIds, open } = await openProcessCategory({
      page,
      classType: '4',
      name: '记录很多',
      titles: [title],
    });
    // 125 records, oldest first: 25 at 报名, then 100 at 初审 (so 报名's are all past the newest 100).
    const base = 1_767_225_600;
    for (let n = 1; n <= 125; n += 1) {
      const saved = await page.request.post('/api/v1/manage/news_manage/save_process', {
        headers,
        data: { news_id: itemIds[0], process: n <= 25 ? 1 : 2, title: `记录 ${n}`, time: base + n * 60 },
      });
      expect(((await saved.json()) as Answer<unknown>).code).toBe(200);
    }
    await open();
    const titles = (count: number, from: number) =>
      Array.from({ length: count }, (_, i) => `记录 ${from - i}`);
    const pager = drawer(page).getByLabel('流程记录分页');

    // The timeline still names who filled in 报名, whose records are all older than the newest 100.
    await rowButton(page, '填写流程', title).click();
    await expect(timeline(page).getByTestId('step-who')).toHaveCount(2);
    await timeline(page).getByRole('button', { name: '关闭' }).click();

    await rowMenuAction(page, '流程', title);
    await expect(drawerRows(page)).toHaveCount(20);
    await expect(drawerRows(page).locator('td:first-child')).toHaveText(titles(20, 125));
    await expect(pager).toContainText('第 1 条到第 20 条，共 125 条');
    await expect(drawer(page).getByRole('status')).toHaveText('共 125 条记录');
    await shot(page, 'drawer-1366-page1');
    await pager.getByRole('button', { name: '下一页' }).click();
    await expect(drawerRows(page).locator('td:first-child')).toHaveText(titles(20, 105));
    await expect(pager).toContainText('第 21 条到第 40 条，共 125 条');

    // 100 a page: two pages hold them all, the last ending with the oldest.
    await pager.getByRole('combobox').click();
    await page.getByRole('option', { name: '100' }).click();
    await expect(drawerRows(page)).toHaveCount(100);
    await expect(drawerRows(page).first()).toContainText('记录 125');
    await pager.getByRole('button', { name: '下一页' }).click();
    await expect(drawerRows(page).locator('td:first-child')).toHaveText(titles(25, 25));
    await expect(pager).toContainText('第 101 条到第 125 条，共 125 条');
    // Turned at the foot of a long page, the new one is shown from its top.
    await expect(drawerRows(page).first()).toBeInViewport();
    await shot(page, 'drawer-1366-last-page');
    await pager.scrollIntoViewIfNeeded();
    await shot(page, 'drawer-1366-last-page-pager');

    // The step filter counts and pages that step only; 新增 opens on the first step with no record.
    await drawer(page).getByRole('combobox', { name: '流程' }).click();
    await page.getByRole('option', { name: '报名' }).click();
    await expect(drawerRows(page)).toHaveCount(25);
    await expect(pager).toContainText('共 25 条');
    await drawer(page).getByRole('button', { name: '清除' }).click();
    await expect(pager).toContainText('共 125 条');
    await drawer(page).getByRole('button', { name: '新增' }).click();
    await expect(recordDialog(page).getByRole('combobox', { name: '流程' })).toHaveText(/录取/);
    await recordDialog(page).getByRole('button', { name: '取消' }).click();
    await expect(recordDialog(page)).toBeHidden();

    // A phone: the records as cards, 20 a page again after a reload, the pager below them.
    await page.setViewportSize({ width: 390, height: 844 });
    await drawer(page).getByRole('button', { name: '关闭' }).click();
    await expect(drawer(page)).toBeHidden();
    await rowMenuAction(page, '流程', title);
    const cards = drawer(page).getByRole('list', { name: '流程记录' }).getByRole('listitem');
    await expect(cards).toHaveCount(20);
    await expect(cards.first()).toContainText('记录 125');
    await shot(page, 'drawer-390-page1');
    await pager.getByRole('button', { name: '下一页' }).click();
    await expect(cards.first()).toContainText('记录 105');
    await pager.scrollIntoViewIfNeeded();
    // No tooltip of the pager's button over it.
    await page.mouse.move(0, 0);
    await shot(page, 'drawer-390-page2-pager');
  });
});
