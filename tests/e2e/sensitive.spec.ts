import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { cookieValue, openAdminPage, openContentList, settled, signIn } from './support/helpers';
import { fieldDef } from './support/field-fixtures';
import { shot } from './support/shots';

// Issue 25 as an administrator and an editor meet it: 系统设置 → 敏感词 (import a list, its result,
// the table, 新增 / 编辑 / 删除, 白名单, 导出), then the 内容 dialog refusing a block word (the hit
// shown, nothing saved), asking to confirm a warn word (确认保存, saved) and replacing a replace
// word (saved replaced), 检测, and 敏感词检查 on the content list. The tests build on each other's
// word list, so they run in order.
test.describe.configure({ mode: 'serial' });

const SCHEMA = [
  fieldDef({ key: 'author', title: '作者', style: '50%' }),
  fieldDef({
    key: 'staff',
    title: '参与人员',
    type: 'child_info',
    child_info: [fieldDef({ key: 'name', title: '姓名' })],
  }),
];
const BASE_SET = {
  title: { name: '标题', showlist: true, isshow: true },
  short_title: { name: '副标题', showlist: false, isshow: false },
  intro: { name: '简介', showlist: false, isshow: true },
  content: { name: '正文', showlist: false, isshow: true },
};

/** The imported list: header, 3 good lines, then an unknown level, a repeat and a word too long. */
const WORD_FILE = [
  '词语,级别,替换为,说明',
  '违禁词,禁止,,不得出现在任何页面',
  '最佳,提醒,,广告法绝对化用语，请确认有依据',
  '第一,替换,No.1,',
  '坏行,未知',
  '最 佳,提醒',
  `${'长'.repeat(51)},禁止`,
].join('\n');

type Answer<T> = { code: number; message: string; data: T };

const toast = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });
const grid = (page: Page) => page.getByRole('table', { name: /内容$/ });
const rowOf = (page: Page, title: string) => grid(page).locator('tbody tr').filter({ hasText: title });
const toolbar = (page: Page) => page.getByRole('toolbar', { name: '内容操作' });
const formDialog = (page: Page) => page.getByRole('dialog', { name: '内容' });
const report = (page: Page) => page.getByRole('region', { name: '敏感词检测结果' });
const hits = (page: Page) => report(page).getByRole('list', { name: '敏感词命中列表' }).getByRole('listitem');
const wordTable = (page: Page) => page.getByRole('table', { name: '敏感词' });
const wordRow = (page: Page, word: string) =>
  wordTable(page)
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: word, exact: true }) });

const api = (page: Page) => {
  const headers = async () => ({ 'X-Token': (await cookieValue({ page, name: 'Admin-Token' })) ?? '' });
  const call = async <T>(method: 'get' | 'post', path: string, data?: unknown) => {
    const response = await page.request[method](`/api/v1/manage/${path}`, { headers: await headers(), data });
    const answer = (await response.json()) as Answer<T>;
    expect(answer.code, `${path}: ${answer.message}`).toBe(200);
    return answer.data;
  };
  return { call };
};

/** At 390 px wide nothing makes the page scroll sideways; the window is set back after. */
const expectNoSidewaysAt390 = async (page: Page) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 800 });
};

const newCategory = async (page: Page, items: Record<string, unknown>[] = []) => {
  const key = `sensitive_${Date.now()}_${Math.floor(Math.random() * 1000)}`;
  const { id: classId } = await api(page).call<{ id: number }>('post', 'class_manage/save_class', {
    name: '敏感词测试',
    key,
    class_type: '0',
    content_fileds: { list: SCHEMA, base_set: BASE_SET },
  });
  for (const item of items)
    await api(page).call('post', 'news_manage/save_news_info', {
      class_id: classId,
      new_time: Math.floor(Date.now() / 1000),
      ...item,
    });
  return { key, classId };
};

const listedTitles = async (page: Page, classId: number) =>
  (
    await api(page).call<{ data: { title: string }[] }>(
      'get',
      `news_manage/get_news_list?class_id=${classId}&limit=100`,
    )
  ).data.map((item) => item.title);

/** Opens 新增 in the content list and types a title. */
const newItemWithTitle = async (page: Page, title: string) => {
  await toolbar(page).getByRole('button', { name: '新增' }).click();
  const dialog = formDialog(page);
  await expect(dialog.locator('#field-title')).toBeVisible();
  await dialog.locator('#field-title').fill(title);
  return dialog;
};

test.beforeEach(async ({ page }) => {
  await signIn({ page });
});

test('系统设置 → 敏感词: an empty list, a file imported with its skipped lines, the table and its filter', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openAdminPage({ page, path: '/home' });
  await page.getByRole('navigation', { name: '侧边菜单' }).getByRole('link', { name: '敏感词' }).click();
  await expect(page).toHaveURL(/\/system\/sensitive$/);
  await expect(page.getByRole('heading', { name: '敏感词', level: 1 })).toBeVisible();
  await expect(page.getByText('还没有敏感词')).toBeVisible();
  await shot(page, 'sensitive-empty', { atBothWidths: true });

  // 导入: a .csv with a header, three good lines and three bad ones.
  await page.getByRole('toolbar', { name: '词语操作' }).getByRole('button', { name: '导入' }).click();
  const importDialog = page.getByRole('dialog', { name: '导入敏感词' });
  await expect(importDialog.getByRole('button', { name: '导入', exact: true })).toBeDisabled();
  await importDialog.locator('input[type="file"]').setInputFiles({
    name: '词表.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(WORD_FILE, 'utf8'),
  });
  await expect(importDialog).toContainText('词表.csv');
  await settled(page);
  await shot(page, 'sensitive-import', { atBothWidths: true });
  await importDialog.getByRole('button', { name: '导入', exact: true }).click();
  await expect(importDialog.getByText('已导入 3 个词语，跳过 3 行')).toBeVisible();
  const skipped = importDialog.getByRole('table', { name: '跳过的行' });
  await expect(skipped.locator('tbody tr')).toHaveCount(3);
  await expect(skipped.locator('tbody tr').nth(0)).toContainText('第 5 行');
  await expect(skipped.locator('tbody tr').nth(0)).toContainText('级别不正确：未知');
  await expect(skipped.locator('tbody tr').nth(1)).toContainText('与第 3 行重复');
  await expect(skipped.locator('tbody tr').nth(2)).toContainText('词语超过 50 个字');
  await shot(page, 'sensitive-import-result', { atBothWidths: true });
  await importDialog.getByRole('button', { name: '完成' }).click();
  await expect(importDialog).toBeHidden();

  // The table: newest first, levels and replacement shown.
  await expect(wordTable(page).locator('tbody tr')).toHaveCount(3);
  await expect(wordRow(page, '违禁词')).toContainText('禁止');
  await expect(wordRow(page, '违禁词')).toContainText('不得出现在任何页面');
  await expect(wordRow(page, '第一')).toContainText('No.1');
  await expect(page.getByRole('toolbar', { name: '词语操作' })).toContainText('共 3 个');
  await shot(page, 'sensitive-list', { atBothWidths: true });
  await expectNoSidewaysAt390(page);

  // The level filter.
  const search = page.getByRole('search', { name: '搜索敏感词' });
  await search.getByRole('combobox', { name: '级别' }).click();
  await page.getByRole('option', { name: '提醒' }).click();
  await search.getByRole('button', { name: '搜索' }).click();
  await expect(wordTable(page).locator('tbody tr')).toHaveCount(1);
  await expect(wordRow(page, '最佳')).toBeVisible();
  await search.getByRole('button', { name: '重置' }).click();
  await expect(wordTable(page).locator('tbody tr')).toHaveCount(3);

  // 导出: the list in the import's format.
  const downloading = page.waitForEvent('download');
  await page.getByRole('toolbar', { name: '词语操作' }).getByRole('button', { name: '导出' }).click();
  const download = await downloading;
  const text = fs.readFileSync((await download.path()) as string, 'utf8');
  expect(text).toContain('word,level,replacement,note');
  expect(text).toContain('第一,replace,No.1,');
});

test('新增 / 编辑 / 删除 a word: the server’s messages under the fields, deletes asked first, 白名单', async ({
  page,
}) => {
  await openAdminPage({ page, path: '/system/sensitive' });
  await expect(wordTable(page).locator('tbody tr')).toHaveCount(3);
  const tools = page.getByRole('toolbar', { name: '词语操作' });

  // An empty word, then one the list holds already in another spelling: said under 词语.
  await tools.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog', { name: '新增敏感词' });
  await expect(dialog.getByRole('textbox', { name: /^词语/ })).toBeFocused();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('请填写词语')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^词语/ }).fill('違禁 詞');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('与敏感词中的「违禁词」相同')).toBeVisible();
  await settled(page);
  await shot(page, 'sensitive-word-dialog', { atBothWidths: true });

  // A replace word with its replacement.
  await dialog.getByRole('textbox', { name: /^词语/ }).fill('国家级');
  await dialog.getByRole('radio', { name: '替换' }).check();
  await dialog.getByLabel('替换为').fill('省级');
  await dialog.getByLabel('说明').fill('未经认定');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, '添加成功')).toBeVisible();
  await expect(wordRow(page, '国家级')).toContainText('省级');

  // 编辑: to 提醒, the replacement goes.
  await wordRow(page, '国家级').getByRole('button', { name: '编辑「国家级」' }).click();
  const edit = page.getByRole('dialog', { name: '编辑敏感词' });
  await expect(edit.getByRole('textbox', { name: /^词语/ })).toHaveValue('国家级');
  await edit.getByRole('radio', { name: '提醒' }).check();
  await expect(edit.getByLabel('替换为')).toHaveCount(0);
  await edit.getByRole('button', { name: '确定' }).click();
  await expect(edit).toBeHidden();
  await expect(wordRow(page, '国家级')).toContainText('提醒');

  // 删除 asks first; 取消 keeps it, 删除 removes it.
  await wordRow(page, '国家级').getByRole('button', { name: '删除「国家级」' }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('确定删除「国家级」吗');
  await expect(question.getByRole('button', { name: '取消' })).toBeFocused();
  await question.getByRole('button', { name: '取消' }).click();
  await expect(wordRow(page, '国家级')).toHaveCount(1);
  await wordRow(page, '国家级').getByRole('button', { name: '删除「国家级」' }).click();
  await question.getByRole('button', { name: '删除' }).click();
  await expect(wordRow(page, '国家级')).toHaveCount(0);

  // 批量删除 of two new words.
  for (const word of ['临时甲', '临时乙']) {
    await tools.getByRole('button', { name: '新增' }).click();
    await dialog.getByRole('textbox', { name: /^词语/ }).fill(word);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog).toBeHidden();
  }
  await wordTable(page).getByRole('checkbox', { name: '选择「临时甲」' }).check();
  await wordTable(page).getByRole('checkbox', { name: '选择「临时乙」' }).check();
  await tools.getByRole('button', { name: '批量删除 (2)' }).click();
  await expect(question).toContainText('选中的 2 个词语');
  await question.getByRole('button', { name: '删除' }).click();
  await expect(wordTable(page).locator('tbody tr')).toHaveCount(3);

  // 白名单: 最佳实践 keeps the listed 最佳 from hitting inside it.
  await page.getByRole('tab', { name: '白名单' }).click();
  await expect(page.getByText('白名单是空的')).toBeVisible();
  await page.getByRole('toolbar', { name: '词语操作' }).getByRole('button', { name: '新增' }).click();
  const allow = page.getByRole('dialog', { name: '新增白名单词语' });
  await expect(allow.getByRole('radio')).toHaveCount(0);
  await allow.getByRole('textbox', { name: /^词语/ }).fill('最佳实践');
  await allow.getByRole('button', { name: '确定' }).click();
  await expect(allow).toBeHidden();
  await expect(page.getByRole('table', { name: '白名单' }).locator('tbody tr')).toHaveCount(1);
  await shot(page, 'sensitive-allow', { atBothWidths: true });
});

test('内容: a block word is refused with its hit shown and nothing saved; the hit takes the cursor to its field', async ({
  page,
}) => {
  const { key, classId } = await newCategory(page);
  await openContentList({ page, path: `/NewsManage/${key}` });
  const dialog = await newItemWithTitle(page, '通知：这里有违 禁*词');
  await dialog.locator('#field-author').fill('张三');
  await dialog.getByRole('button', { name: '确定' }).click();

  await expect(report(page)).toBeFocused();
  await expect(report(page)).toContainText('未保存：内容包含禁止使用的词语：违禁词');
  await expect(hits(page)).toHaveCount(1);
  await expect(hits(page).first()).toContainText('禁止');
  await expect(hits(page).first()).toContainText('标题');
  await expect(hits(page).first()).toContainText('「违禁词」');
  await expect(hits(page).first()).toContainText('不得出现在任何页面');
  // The context as written, the hit marked.
  await expect(hits(page).first().locator('mark')).toHaveText('违 禁*词');
  await expect(report(page).getByRole('button', { name: '确认保存' })).toHaveCount(0);
  await expect(dialog.getByText('含禁止使用的词语「违禁词」')).toBeVisible();
  await settled(page);
  await shot(page, 'sensitive-refused', { atBothWidths: true });

  // Clicking the hit puts the cursor in 标题 with the words selected.
  await hits(page).first().getByRole('button').click();
  const title = dialog.locator('#field-title');
  await expect(title).toBeFocused();
  expect(
    await title.evaluate((input: HTMLInputElement) =>
      input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0),
    ),
  ).toBe('违 禁*词');

  // Nothing was saved.
  expect(await listedTitles(page, classId)).toEqual([]);

  // Typed over, it saves.
  await page.keyboard.type('用语');
  await expect(dialog.getByText('含禁止使用的词语「违禁词」')).toHaveCount(0);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, '通知：这里有用语')).toBeVisible();
  expect(await listedTitles(page, classId)).toEqual(['通知：这里有用语']);
});

test('内容: a warn word needs 确认保存 (saved), a replace word is saved replaced, 白名单 lets a phrase through', async ({
  page,
}) => {
  const { key, classId } = await newCategory(page);
  await openContentList({ page, path: `/NewsManage/${key}` });

  // warn: refused with 确认保存, which saves.
  const dialog = await newItemWithTitle(page, '年度最佳作品');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(report(page)).toContainText('未保存：内容包含需确认的词语：最佳');
  await expect(hits(page).first()).toContainText('提醒');
  await expect(hits(page).first()).toContainText('广告法绝对化用语，请确认有依据');
  expect(await listedTitles(page, classId)).toEqual([]);
  await expect(report(page)).toBeInViewport();
  await settled(page);
  await shot(page, 'sensitive-warn', { atBothWidths: true });
  await report(page).getByRole('button', { name: '确认保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, '年度最佳作品')).toBeVisible();
  expect(await listedTitles(page, classId)).toEqual(['年度最佳作品']);

  // replace: saved with the replacement, and the toast says what was replaced.
  await newItemWithTitle(page, '销量第一的产品');
  await formDialog(page).getByRole('button', { name: '确定' }).click();
  await expect(formDialog(page)).toBeHidden();
  await expect(toast(page, '已替换 1 处敏感词：「第一」→「No.1」')).toBeVisible();
  await expect(rowOf(page, '销量No.1的产品')).toBeVisible();
  expect(await listedTitles(page, classId)).toEqual(['销量No.1的产品', '年度最佳作品']);

  // 白名单 最佳实践: no hit for the 最佳 inside it.
  await newItemWithTitle(page, '最佳实践分享');
  await formDialog(page).getByRole('button', { name: '确定' }).click();
  await expect(formDialog(page)).toBeHidden();
  await expect(rowOf(page, '最佳实践分享')).toBeVisible();
});

test('内容: 检测 lists the hits of the form as it stands, a group row and the rich text included; nothing saved', async ({
  page,
}) => {
  const { key, classId } = await newCategory(page);
  await openContentList({ page, path: `/NewsManage/${key}` });
  const dialog = await newItemWithTitle(page, '一份普通的标题');
  await dialog.getByRole('button', { name: '检测', exact: true }).click();
  await expect(report(page)).toContainText('未发现敏感词');

  await dialog.locator('#field-content').click();
  await page.keyboard.type('正文里写着第一名，还有一个违禁词。');
  await dialog.getByRole('button', { name: '添加一行' }).click();
  await dialog.locator('#field-staff-0-name').fill('最佳员工');
  await dialog.getByRole('button', { name: '检测', exact: true }).click();
  await expect(report(page)).toContainText('检测到 3 处敏感词');
  await expect(report(page)).toContainText('禁止 1 处、提醒 1 处、替换 1 处');
  await expect(hits(page).filter({ hasText: '参与人员第 1 行：姓名' })).toContainText('「最佳」');
  await settled(page);
  await shot(page, 'sensitive-check', { atBothWidths: true });
  await expectNoSidewaysAt390(page);

  // The rich-text hit: the cursor goes into the editor's text.
  await hits(page).filter({ hasText: '「违禁词」' }).getByRole('button').click();
  await expect(dialog.locator('#field-content')).toBeFocused();
  expect(await page.evaluate(() => window.getSelection()?.toString())).toBe('违禁词');
  expect(await listedTitles(page, classId)).toEqual([]);
});

test('敏感词检查 on the content list finds the items a new word hits; 打开 shows them in the 内容 dialog', async ({
  page,
}) => {
  const { key } = await newCategory(page, [
    { title: '老字号的招牌' },
    { title: '平常的一天' },
    { title: '第二条', intro: '这家老字号开了百年' },
  ]);
  // A word added after the items were saved.
  await api(page).call('post', 'system_set/save_sensitive_word', {
    word: '老字号',
    level: 'warn',
    note: '需有商务部认定',
  });
  await openContentList({ page, path: `/NewsManage/${key}` });
  await toolbar(page).getByRole('button', { name: '敏感词检查' }).click();
  const scan = page.getByRole('dialog', { name: '敏感词检查' });
  await expect(scan.getByRole('status').filter({ hasText: '检查完成' })).toContainText(
    '检查完成：共 3 条，2 条含敏感词',
  );
  const found = scan.getByRole('list', { name: '含敏感词的内容' }).locator(':scope > li');
  await expect(found).toHaveCount(2);
  await expect(found.first()).toContainText('老字号的招牌');
  await expect(found.nth(1)).toContainText('简介');
  await settled(page);
  await shot(page, 'sensitive-scan', { atBothWidths: true });

  await scan.getByRole('button', { name: '打开「第二条」' }).click();
  const dialog = formDialog(page);
  await expect(dialog.locator('#field-title')).toHaveValue('第二条');
  await expect(report(page)).toContainText('检测到 1 处敏感词');
  await expect(hits(page).first()).toContainText('需有商务部认定');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  await expect(scan).toBeVisible();
  await scan.getByRole('button', { name: '关闭' }).first().click();
  await expect(scan).toBeHidden();
});

test('单页: a refused save shows its hits under the form, and 确认保存 saves', async ({ page }) => {
  const key = `sensitive_page_${Date.now()}`;
  const { id } = await api(page).call<{ id: number }>('post', 'class_manage/save_class', {
    name: '关于我们',
    key,
    class_type: '1',
    content_fileds: { class: [fieldDef({ key: 'slogan', title: '口号' })] },
  });
  await openAdminPage({ page, path: `/NewsManage/${key}` });
  const form = page.getByRole('form', { name: '关于我们单页内容' });
  await form.locator('#field-slogan').fill('全国最佳服务');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(report(page)).toContainText('未保存：内容包含需确认的词语：最佳');
  await expect(hits(page).first()).toContainText('口号');
  await expect(report(page)).toBeInViewport();
  await shot(page, 'sensitive-single-page', { atBothWidths: true });
  await report(page).getByRole('button', { name: '确认保存' }).click();
  await expect(report(page)).toBeHidden();
  const info = await api(page).call<{ class_fields: Record<string, unknown> }>(
    'get',
    `news_manage/get_calss_info?id=${id}`,
  );
  expect(info.class_fields.slogan).toBe('全国最佳服务');
});

test('流程记录: a block word in 备注 is refused in the record dialog with its hit, then saved once changed', async ({
  page,
}) => {
  const key = `sensitive_process_${Date.now()}`;
  const { id: classId } = await api(page).call<{ id: number }>('post', 'class_manage/save_class', {
    name: '报名流程',
    key,
    class_type: '4',
    content_fileds: {
      list: [],
      base_set: BASE_SET,
      process: [
        { title: '报名', value: 1 },
        { title: '初审', value: 2 },
      ],
    },
  });
  await api(page).call('post', 'news_manage/save_news_info', { class_id: classId, title: '李四的申请' });
  await openContentList({ page, path: `/NewsManage/${key}` });
  await page.getByRole('button', { name: '填写流程「李四的申请」', exact: true }).click();
  await page.getByRole('dialog', { name: '填写流程' }).getByRole('tab', { name: /^报名/ }).click();
  const dialog = page.getByRole('dialog', { name: '流程记录' });
  await dialog.getByLabel('备注').fill('材料里有违禁词');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(report(page)).toContainText('未保存：内容包含禁止使用的词语：违禁词');
  await expect(hits(page).first()).toContainText('备注');
  await expect(report(page)).toBeInViewport();
  await settled(page);
  await shot(page, 'sensitive-process-record', { atBothWidths: true });
  await hits(page).first().getByRole('button').click();
  await expect(dialog.getByLabel('备注')).toBeFocused();
  await page.keyboard.type('问题');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  const { data: items } = await api(page).call<{ data: { id: number }[] }>(
    'get',
    `news_manage/get_news_list?class_id=${classId}`,
  );
  const records = await api(page).call<{ remark: string }[]>(
    'get',
    `news_manage/get_process_list?id=${items[0].id}`,
  );
  expect(records.map((record) => record.remark)).toEqual(['材料里有问题']);
});

test('恢复此版本 is checked like a save: a version with a warn word asks 确认敏感词, then restores it', async ({
  page,
}) => {
  const { key, classId } = await newCategory(page, [{ title: '年度作品' }]);
  const [{ id }] = (
    await api(page).call<{ data: { id: number }[] }>('get', `news_manage/get_news_list?class_id=${classId}`)
  ).data;
  // Version 2 holds the warn word (confirmed when saved); version 3 is without it.
  const save = (body: Record<string, unknown>) =>
    api(page).call('post', 'news_manage/save_news_info', { id, class_id: classId, ...body });
  await save({ title: '年度最佳作品', sensitive_confirmed: 1 });
  await save({ title: '年度作品（改）' });

  await openContentList({ page, path: `/NewsManage/${key}` });
  await rowOf(page, '年度作品（改）')
    .getByRole('button', { name: /^编辑「/ })
    .click();
  const dialog = formDialog(page);
  await dialog.getByRole('button', { name: '历史版本' }).click();
  const drawer = page.getByRole('dialog', { name: '历史版本' });
  const versions = drawer.getByRole('list', { name: '历史版本' });
  await expect(versions.getByRole('button')).toHaveCount(3);
  await versions.getByRole('button').nth(1).click();
  await drawer.getByRole('button', { name: '恢复此版本' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '恢复' }).click();
  const ask = page.getByRole('alertdialog').filter({ hasText: '确认敏感词' });
  await expect(ask).toContainText('内容包含需确认的词语：最佳');
  await settled(page);
  await shot(page, 'revert-sensitive-confirm');
  await ask.getByRole('button', { name: '仍然恢复' }).click();
  await expect(toast(page, '已恢复到第 2 版')).toBeVisible();
  await expect(page.locator('#field-title')).toHaveValue('年度最佳作品');
  expect(await listedTitles(page, classId)).toEqual(['年度最佳作品']);
});
