import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { cookieValue, openContentList, signIn, signInAs } from './support/helpers';
import { fieldDef } from './support/field-fixtures';

// A list category with fields of several types; level, author and price can be searched.
const LEVELS = [
  { label: '高', value: 'high', color: '#f5222d' },
  { label: '中', value: 'mid', color: '#fa8c16' },
  { label: '低', value: 'low', color: '#52c41a' },
];
const SCHEMA = [
  fieldDef({ key: 'author', title: '作者', showlist: true, search: true, style: '50%' }),
  fieldDef({
    key: 'level',
    title: '级别',
    type: 'select',
    showlist: true,
    search: true,
    options: LEVELS,
    style: '50%',
  }),
  fieldDef({
    key: 'tags',
    title: '标签',
    type: 'mult_select',
    showlist: true,
    style: '50%',
    options: [
      { label: '新闻', value: 'news', color: '#1890ff' },
      { label: '公告', value: 'notice', color: '#722ed1' },
    ],
  }),
  fieldDef({ key: 'price', title: '价格', type: 'float', showlist: true, search: true, style: '50%' }),
  fieldDef({ key: 'open_day', title: '开放日', type: 'date', style: '50%' }),
  fieldDef({ key: 'memo', title: '备注', type: 'mult_string' }),
];
const BASE_SET = {
  title: { name: '标题', showlist: true, isshow: true },
  short_title: { name: '副标题', showlist: false, isshow: true },
  intro: { name: '简介', showlist: false, isshow: true },
  content: { name: '正文', showlist: false, isshow: true },
};

type Answer<T> = { code: number; message: string; data: T };

const toast = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });
/** The content table (named after its category: 「…内容」) and its item rows. */
const grid = (page: Page) => page.getByRole('table', { name: /内容$/ });
const dataRows = (page: Page) => grid(page).locator('tbody tr');
const rowOf = (page: Page, title: string) => dataRows(page).filter({ hasText: title });
const searchForm = (page: Page) => page.getByRole('search', { name: '搜索内容' });
const toolbar = (page: Page) => page.getByRole('toolbar', { name: '内容操作' });
const formDialog = (page: Page) => page.getByRole('dialog', { name: '内容' });
const confirmDialog = (page: Page) => page.getByRole('alertdialog');
/** A row's 编辑 / 锁定 / 解锁 / 删除 button (each is named after its action and the item's title). */
const rowAction = (row: Locator, action: string) =>
  row.getByRole('button', { name: new RegExp(`^${action}「`) });
const slot = (scope: Page | Locator, path: string) => scope.locator(`[data-field-path="${path}"]`);
const footerText = (page: Page) => page.getByTestId('news-page-range');

/** Types into a date picker section by section, starting at its year. */
const typeDate = async ({ field, digits }: { field: Locator; digits: string }) => {
  await field.getByRole('spinbutton', { name: '年' }).first().click();
  await field.page().keyboard.type(digits, { delay: 30 });
};

const api = (page: Page) => {
  const headers = async () => ({ 'X-Token': (await cookieValue({ page, name: 'Admin-Token' })) ?? '' });
  return {
    createClass: async ({ key, name, list = SCHEMA }: { key: string; name: string; list?: unknown[] }) => {
      const response = await page.request.post('/api/v1/manage/class_manage/save_class', {
        headers: await headers(),
        data: { name, key, class_type: '0', content_fileds: { list, base_set: BASE_SET } },
      });
      const answer = (await response.json()) as Answer<{ id: number }>;
      expect(answer.code, answer.message).toBe(200);
      return answer.data.id;
    },
    saveNews: async (body: Record<string, unknown>) => {
      const response = await page.request.post('/api/v1/manage/news_manage/save_news_info', {
        headers: await headers(),
        data: body,
      });
      const answer = (await response.json()) as Answer<{ id: number }>;
      expect(answer.code, answer.message).toBe(200);
      return answer.data.id;
    },
    newsOne: async (id: number) => {
      const response = await page.request.get(`/api/v1/manage/news_manage/get_news_one?id=${id}`, {
        headers: await headers(),
      });
      return ((await response.json()) as Answer<Record<string, unknown>>).data;
    },
    newsList: async (classId: number) => {
      const response = await page.request.get(
        `/api/v1/manage/news_manage/get_news_list?class_id=${classId}&limit=100`,
        { headers: await headers() },
      );
      return ((await response.json()) as Answer<{ data: { id: number; title: string }[]; total: number }>)
        .data;
    },
  };
};

/** A fresh list category, opened at /NewsManage/<key>. */
const openNewCategory = async ({
  page,
  name,
  seed = [],
  list,
}: {
  page: Page;
  name: string;
  seed?: Record<string, unknown>[];
  list?: unknown[];
}) => {
  const key = `news_${Date.now()}_${Math.floor(Math.random() * 1000)}`;
  const classId = await api(page).createClass({ key, name, list });
  for (const item of seed) await api(page).saveNews({ class_id: classId, ...item });
  await openContentList({ page, path: `/NewsManage/${key}` });
  await expect(grid(page)).toBeVisible();
  return { key, classId };
};

const HOUR = 3600;
const now = () => Math.floor(Date.now() / 1000);

test.describe('内容列表', () => {
  test.beforeEach(async ({ page }) => {
    await signIn({ page });
  });

  test('新增（多种字段类型），按标题片段和下拉条件查到，再修改', async ({ page }) => {
    test.setTimeout(120_000);
    const { classId } = await openNewCategory({
      page,
      name: '招生公告',
      seed: [
        { title: '秋季开学通知', level: 'high', author: '教务处', new_time: now() - 2 * HOUR },
        { title: '图书馆闭馆安排', level: 'low', author: '图书馆', new_time: now() - HOUR },
      ],
    });
    await expect(dataRows(page)).toHaveCount(2);
    await expect(footerText(page)).toHaveText('第 1–2 条，共 2 条');

    await toolbar(page).getByRole('button', { name: '新增' }).click();
    const dialog = formDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toContainText('内容');

    // Title is required, with the category's own name for it.
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(slot(dialog, 'title')).toContainText('请填写标题');
    await expect(page.locator('#field-title')).toBeFocused();

    await page.locator('#field-title').fill('2026年春季招生简章');
    await page.locator('#field-short_title').fill('春季招生');
    await page.locator('#field-intro').fill('面向全市招收新生。\n报名截止四月底。');
    await page.locator('#field-author').fill('招生办');
    await dialog.getByRole('combobox', { name: '级别' }).click();
    await page.getByRole('option', { name: '中' }).click();
    await page.locator('#field-tags').click();
    await page.getByRole('option', { name: '新闻' }).click();
    await page.getByRole('option', { name: '公告' }).click();
    await page.keyboard.press('Escape');
    await page.locator('#field-price').pressSequentially('12.5');
    await typeDate({ field: slot(dialog, 'open_day'), digits: '20260315' });
    await typeDate({ field: slot(dialog, 'new_time'), digits: '202603011030' });
    await page.locator('#field-content').click();
    await page.keyboard.type('欢迎报考本校。');

    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '添加成功')).toBeVisible();
    await expect(dialog).toBeHidden();
    const added = rowOf(page, '2026年春季招生简章');
    await expect(added).toBeVisible();
    await expect(added).toContainText('招生办');
    await expect(added.locator('.MuiChip-root')).toHaveText(['中', '新闻', '公告']);
    await expect(added).toContainText('2026-03-01 10:30');
    await expect(footerText(page)).toHaveText('第 1–3 条，共 3 条');

    const { data } = await api(page).newsList(classId);
    const id = data.find((item) => item.title === '2026年春季招生简章')?.id ?? 0;
    expect(await api(page).newsOne(id)).toMatchObject({
      title: '2026年春季招生简章',
      short_title: '春季招生',
      intro: '面向全市招收新生。\n报名截止四月底。',
      author: '招生办',
      level: 'mid',
      tags: ['news', 'notice'],
      price: 12.5,
      open_day: '2026-03-15',
      process: 0,
      is_lock: 0,
      new_time: await page.evaluate(() => new Date(2026, 2, 1, 10, 30).getTime() / 1000),
    });
    expect((await api(page).newsOne(id)).content).toContain('欢迎报考本校。');

    // A substring of the title (Chinese), searched with Enter.
    const title = searchForm(page).getByLabel('标题', { exact: true });
    await title.fill('招生');
    await title.press('Enter');
    await expect(dataRows(page)).toHaveCount(1);
    await expect(dataRows(page).first()).toContainText('2026年春季招生简章');
    await expect(toolbar(page)).toContainText('共 1 条');

    // 重置 brings every item back; then a select filter.
    await searchForm(page).getByRole('button', { name: '重置' }).click();
    await expect(dataRows(page)).toHaveCount(3);
    await expect(title).toHaveValue('');
    await searchForm(page).getByRole('combobox', { name: '级别' }).click();
    await page.getByRole('option', { name: '中' }).click();
    await searchForm(page).getByRole('button', { name: '搜索' }).click();
    await expect(dataRows(page)).toHaveCount(1);
    await expect(dataRows(page).first()).toContainText('2026年春季招生简章');
    await searchForm(page).getByRole('combobox', { name: '级别' }).click();
    await page.getByRole('option', { name: '高' }).click();
    await searchForm(page).getByRole('button', { name: '搜索' }).click();
    await expect(dataRows(page)).toHaveCount(1);
    await expect(dataRows(page).first()).toContainText('秋季开学通知');
    await searchForm(page).getByRole('button', { name: '重置' }).click();
    await expect(dataRows(page)).toHaveCount(3);

    // Edit: the dialog is loaded by id; closing with changes asks first.
    await rowAction(rowOf(page, '2026年春季招生简章'), '编辑').click();
    await expect(page.locator('#field-title')).toHaveValue('2026年春季招生简章');
    await expect(page.locator('#field-price')).toHaveValue('12.5');
    await expect(dialog.getByRole('combobox', { name: '级别' })).toHaveText('中');
    await expect(page.locator('#field-content')).toContainText('欢迎报考本校。');
    await page.locator('#field-title').fill('2026年春季招生简章（修订）');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(confirmDialog(page)).toContainText('内容已修改但尚未保存');
    await confirmDialog(page).getByRole('button', { name: '取消' }).click();
    await expect(page.locator('#field-title')).toHaveValue('2026年春季招生简章（修订）');

    await dialog.getByRole('combobox', { name: '级别' }).click();
    await page.getByRole('option', { name: '高' }).click();
    await page.locator('#field-author').fill('');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(dialog).toBeHidden();
    const edited = rowOf(page, '2026年春季招生简章（修订）');
    await expect(edited).toBeVisible();
    await expect(edited.locator('.MuiChip-root').first()).toHaveText('高');
    expect(await api(page).newsOne(id)).toMatchObject({
      title: '2026年春季招生简章（修订）',
      level: 'high',
      author: null,
      price: 12.5,
    });

    // Opening without changing anything closes without a question.
    await rowAction(edited, '编辑').click();
    await expect(page.locator('#field-title')).toHaveValue('2026年春季招生简章（修订）');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
    await expect(confirmDialog(page)).toHaveCount(0);
  });

  test('关联选择：在大栏目里按标题搜到旧条目，列表、编辑和搜索都显示其标题', async ({ page }) => {
    test.setTimeout(120_000);
    // 205 items: the oldest is not among the 200 newest that the relation lists first.
    const authorsId = await api(page).createClass({
      key: `authors_${Date.now()}`,
      name: '撰稿人库',
      list: [],
    });
    const base = now() - 1000 * HOUR;
    const authors: number[] = [];
    for (let i = 0; i < 205; i += 1)
      authors.push(
        await api(page).saveNews({ class_id: authorsId, title: `撰稿人${i}号`, new_time: base + i * HOUR }),
      );
    const writer = fieldDef({
      key: 'writer',
      title: '撰稿人',
      type: 'out_auto',
      url: `news_manage/get_out_options?class_id=${authorsId}`,
      showlist: true,
      search: true,
    });
    // Cells of old authors: their titles come in one request for the whole page.
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('get_out_options') && request.url().includes('ids='))
        lookups.push(request.url());
    });
    await openNewCategory({
      page,
      name: '约稿',
      list: [writer],
      seed: [
        { title: '另一篇', writer: '' },
        { title: '旧稿甲', writer: authors[1] },
        { title: '旧稿乙', writer: authors[2] },
        { title: '旧稿丙', writer: authors[2] },
      ],
    });
    await expect(rowOf(page, '旧稿甲')).toContainText('撰稿人1号');
    await expect(rowOf(page, '旧稿乙')).toContainText('撰稿人2号');
    await expect(rowOf(page, '旧稿丙')).toContainText('撰稿人2号');
    expect(lookups).toHaveLength(1);
    expect(new URL(lookups[0]).searchParams.get('ids')?.split(',').sort()).toEqual(
      [authors[1], authors[2]].map(String).sort(),
    );

    await toolbar(page).getByRole('button', { name: '新增' }).click();
    const dialog = formDialog(page);
    await page.locator('#field-title').fill('约稿：老作者');
    const relation = dialog.getByRole('combobox', { name: '撰稿人' });
    await relation.click();
    await expect(page.getByRole('option')).toHaveCount(200);
    await relation.pressSequentially('撰稿人0号');
    await expect(page.getByRole('option')).toHaveText(['撰稿人0号']);
    await page.getByRole('option', { name: '撰稿人0号' }).click();
    await expect(relation).toHaveValue('撰稿人0号');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '添加成功')).toBeVisible();

    // The cell finds the title by id, and so does the form when the item is edited.
    const row = rowOf(page, '约稿：老作者');
    await expect(row).toContainText('撰稿人0号');
    await rowAction(row, '编辑').click();
    await expect(dialog.getByRole('combobox', { name: '撰稿人' })).toHaveValue('撰稿人0号');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();

    // The search form's relation filter searches the same way.
    const filter = searchForm(page).getByRole('combobox', { name: '撰稿人' });
    await filter.click();
    await filter.pressSequentially('撰稿人0号');
    await page.getByRole('option', { name: '撰稿人0号' }).click();
    await searchForm(page).getByRole('button', { name: '搜索' }).click();
    await expect(footerText(page)).toHaveText('第 1–1 条，共 1 条');
    await expect(dataRows(page)).toHaveText([/约稿：老作者/]);
  });

  test('关联选择：只能编辑本栏目的编辑，也能选到关联字段指向的另一栏目的条目', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const stamp = Date.now();
    const authorsId = await api(page).createClass({ key: `pool_${stamp}`, name: '作者池', list: [] });
    const first = await api(page).saveNews({ class_id: authorsId, title: '作者甲', new_time: now() - HOUR });
    await api(page).saveNews({ class_id: authorsId, title: '作者乙', new_time: now() });
    const writer = fieldDef({
      key: 'writer',
      title: '撰稿人',
      type: 'out_auto',
      url: `news_manage/get_out_options?class_id=${authorsId}`,
      showlist: true,
    });
    const key = `drafts_${stamp}`;
    const draftsId = await api(page).createClass({ key, name: '稿件', list: [writer] });
    await api(page).saveNews({ class_id: draftsId, title: '旧稿', writer: first });
    // An editor limited to 稿件: 作者池 itself is not theirs.
    const editor = { username: `drafts_${stamp}`, name: '稿件编辑', password: 'Drafts12345' };
    const saved = await page.request.post('/api/v1/manage/manage_user/save_user', {
      headers: { 'X-Token': (await cookieValue({ page, name: 'Admin-Token' })) ?? '' },
      data: { ...editor, roles: ['news_content'], class_ids: [draftsId] },
    });
    expect(((await saved.json()) as Answer<unknown>).code).toBe(200);

    const { context, page: own } = await signInAs({ browser, ...editor });
    await openContentList({ page: own, path: `/NewsManage/${key}` });
    await expect(rowOf(own, '旧稿')).toContainText('作者甲');
    await toolbar(own).getByRole('button', { name: '新增' }).click();
    await own.locator('#field-title').fill('新稿');
    const relation = formDialog(own).getByRole('combobox', { name: '撰稿人' });
    await relation.click();
    await expect(own.getByRole('option')).toHaveText(['作者乙', '作者甲']);
    await own.getByRole('option', { name: '作者乙' }).click();
    await formDialog(own).getByRole('button', { name: '确定' }).click();
    await expect(toast(own, '添加成功')).toBeVisible();
    await expect(rowOf(own, '新稿')).toContainText('作者乙');
    // 作者池 read directly, not through 稿件's field, stays refused.
    const direct = await own.request.get(`/api/v1/manage/news_manage/get_out_options?class_id=${authorsId}`, {
      headers: { 'X-Token': (await cookieValue({ page: own, name: 'Admin-Token' })) ?? '' },
    });
    expect(await direct.json()).toEqual({ code: 403, message: '没有该栏目的权限', data: null });
    await context.close();
  });

  test('编辑冲突：打开后被他人保存过，再保存时提示且不覆盖', async ({ page }) => {
    const { classId } = await openNewCategory({
      page,
      name: '冲突',
      seed: [{ title: '原标题', author: '甲' }],
    });
    const id = (await api(page).newsList(classId)).data[0].id;
    await rowAction(rowOf(page, '原标题'), '编辑').click();
    const dialog = formDialog(page);
    await expect(page.locator('#field-title')).toHaveValue('原标题');
    // Someone else saves the item while this form is open.
    await api(page).saveNews({ id, class_id: classId, title: '他人的标题', author: '乙' });
    await page.locator('#field-title').fill('我的标题');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '已被修改')).toBeVisible();
    await expect(dialog).toBeVisible();
    expect(await api(page).newsOne(id)).toMatchObject({ title: '他人的标题', author: '乙' });
  });

  test('25 条内容翻页、改每页条数，批量删除两条', async ({ page }) => {
    test.setTimeout(120_000);
    const base = now() - 100 * HOUR;
    const seed = Array.from({ length: 25 }, (_, index) => ({
      title: `第${String(index + 1).padStart(2, '0')}条资讯`,
      level: LEVELS[index % 3].value,
      new_time: base + index * HOUR,
    }));
    await openNewCategory({ page, name: '资讯翻页', seed });

    // Newest first, 10 per page.
    await expect(dataRows(page)).toHaveCount(10);
    await expect(footerText(page)).toHaveText('第 1–10 条，共 25 条');
    await expect(dataRows(page).first()).toContainText('第25条资讯');
    await expect(dataRows(page).last()).toContainText('第16条资讯');

    await page.getByRole('button', { name: '下一页' }).click();
    await expect(footerText(page)).toHaveText('第 11–20 条，共 25 条');
    await expect(dataRows(page).first()).toContainText('第15条资讯');
    await page.getByRole('button', { name: '下一页' }).click();
    await expect(footerText(page)).toHaveText('第 21–25 条，共 25 条');
    await expect(dataRows(page)).toHaveCount(5);
    await expect(dataRows(page).last()).toContainText('第01条资讯');
    await expect(page.getByRole('button', { name: '下一页' })).toBeDisabled();

    // Numbered pages and 前往 N 页 (a number past the end goes to the last page).
    await page.getByRole('button', { name: '第 1 页', exact: true }).click();
    await expect(footerText(page)).toHaveText('第 1–10 条，共 25 条');
    await expect(page.getByRole('button', { name: '第 1 页（当前）' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const jumper = page.getByRole('textbox', { name: '跳转到第几页' });
    await jumper.fill('2');
    await jumper.press('Enter');
    await expect(footerText(page)).toHaveText('第 11–20 条，共 25 条');
    await jumper.fill('99');
    await jumper.press('Enter');
    await expect(footerText(page)).toHaveText('第 21–25 条，共 25 条');
    await expect(jumper).toHaveValue('');

    // Page sizes 10, 20, 30, 50; a new size starts again at page 1.
    await page.getByRole('combobox', { name: /每页条数/ }).click();
    await expect(page.getByRole('option')).toHaveText(['10', '20', '30', '50']);
    await page.getByRole('option', { name: '30' }).click();
    await expect(footerText(page)).toHaveText('第 1–25 条，共 25 条');
    await expect(dataRows(page)).toHaveCount(25);
    await page.getByRole('combobox', { name: /每页条数/ }).click();
    await page.getByRole('option', { name: '10' }).click();
    await expect(dataRows(page)).toHaveCount(10);

    // Batch delete: disabled with nothing selected, shows the count, confirms first.
    const batch = toolbar(page).getByRole('button', { name: /批量删除/ });
    await expect(batch).toBeDisabled();
    await rowOf(page, '第25条资讯').getByRole('checkbox').check();
    await rowOf(page, '第24条资讯').getByRole('checkbox').check();
    await expect(batch).toHaveText('批量删除 (2)');
    await batch.click();
    await expect(confirmDialog(page)).toContainText(
      '选中的 2 条信息将移到回收站，保留 30 天，期间可以恢复。是否继续?',
    );
    await confirmDialog(page).getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '已将 2 条内容移到回收站')).toBeVisible();
    await expect(footerText(page)).toHaveText('第 1–10 条，共 23 条');
    await expect(dataRows(page).first()).toContainText('第23条资讯');
    await expect(rowOf(page, '第25条资讯')).toHaveCount(0);
    await expect(batch).toBeDisabled();
  });

  test('导出当前筛选的全部内容为 .xlsx', async ({ page }) => {
    test.setTimeout(90_000);
    const base = now() - 50 * HOUR;
    const seed = Array.from({ length: 22 }, (_, index) => ({
      title: `导出测试${index + 1}`,
      level: index % 2 === 0 ? 'high' : 'low',
      author: `作者${index + 1}`,
      tags: ['news'],
      price: index + 0.5,
      new_time: base + index * HOUR,
    }));
    await openNewCategory({ page, name: '导出栏目', seed });

    // Only the 高 items: 11 of 22, more than one page — the export has them all.
    await searchForm(page).getByRole('combobox', { name: '级别' }).click();
    await page.getByRole('option', { name: '高' }).click();
    await searchForm(page).getByRole('button', { name: '搜索' }).click();
    await expect(footerText(page)).toHaveText('第 1–10 条，共 11 条');

    const downloading = page.waitForEvent('download');
    await toolbar(page).getByRole('button', { name: '导出' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('导出栏目-导出.xlsx');
    const file = test.info().outputPath('export.xlsx');
    await download.saveAs(file);
    await expect(toast(page, '已导出')).toBeVisible();

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0];
    const rowValues = (index: number) =>
      (sheet.getRow(index).values as unknown[]).slice(1).map((value) => (value == null ? '' : String(value)));
    // The list's columns, select values as their labels, newest first; the item's ID last.
    expect(rowValues(1)).toEqual(['标题', '作者', '级别', '标签', '价格', 'ID']);
    expect(sheet.actualRowCount).toBe(12);
    expect(rowValues(2).slice(0, 5)).toEqual(['导出测试21', '作者21', '高', '新闻', '20.5']);
    expect(rowValues(2)[5]).toMatch(/^\d+$/);
    expect(rowValues(12).slice(0, 5)).toEqual(['导出测试1', '作者1', '高', '新闻', '0.5']);
    const titles = Array.from({ length: 11 }, (_, index) => rowValues(index + 2)[0]);
    expect(titles).toEqual(Array.from({ length: 11 }, (_, index) => `导出测试${21 - index * 2}`));
  });

  test('删除：取消时提示已取消删除，确定后删除并刷新；锁定的内容不能删除', async ({ page }) => {
    await openNewCategory({
      page,
      name: '删除栏目',
      seed: [
        { title: '保留的内容', new_time: now() - 2 * HOUR },
        { title: '要删除的内容', new_time: now() - HOUR },
      ],
    });
    await expect(dataRows(page)).toHaveCount(2);

    await rowAction(rowOf(page, '要删除的内容'), '删除').click();
    const confirm = confirmDialog(page);
    await expect(confirm.getByRole('heading')).toHaveText('提示');
    await expect(confirm).toContainText('该信息将移到回收站，保留 30 天，期间可以恢复。是否继续?');
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(toast(page, '已取消删除')).toBeVisible();
    await expect(rowOf(page, '要删除的内容')).toBeVisible();

    await rowAction(rowOf(page, '要删除的内容'), '删除').click();
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '已移到回收站')).toBeVisible();
    await expect(rowOf(page, '要删除的内容')).toHaveCount(0);
    await expect(footerText(page)).toHaveText('第 1–1 条，共 1 条');

    // Locked: marked, not deletable, the form read-only, until unlocked.
    const kept = rowOf(page, '保留的内容');
    await rowAction(kept, '锁定').click();
    await expect(toast(page, '已锁定')).toBeVisible();
    await expect(kept.getByRole('img', { name: '已锁定' })).toBeVisible();
    await expect(rowAction(kept, '删除')).toBeDisabled();
    await rowAction(kept, '编辑').click();
    await expect(formDialog(page)).toContainText('该内容已锁定');
    await expect(formDialog(page).getByRole('button', { name: '确定' })).toBeDisabled();
    await formDialog(page).getByRole('button', { name: '取消' }).click();
    await expect(formDialog(page)).toBeHidden();
    await rowAction(kept, '解锁').click();
    await expect(toast(page, '已解锁')).toBeVisible();
    await expect(kept.getByRole('img', { name: '已锁定' })).toHaveCount(0);
    await expect(rowAction(kept, '删除')).toBeEnabled();
  });

  test('移动到…：只列出相同类型的其他栏目，移动后从本栏目消失', async ({ page }) => {
    const stamp = Date.now();
    const targetName = `目标栏目${stamp}`;
    const sourceName = `移动来源${stamp}`;
    await api(page).createClass({ key: `news_target_${stamp}`, name: targetName });
    await openNewCategory({
      page,
      name: sourceName,
      seed: [{ title: '要移动的内容' }, { title: '留下的内容' }],
    });

    const move = toolbar(page).getByRole('button', { name: '移动到…' });
    await expect(move).toBeDisabled();
    await rowOf(page, '要移动的内容').getByRole('checkbox').check();
    await move.click();
    const dialog = page.getByRole('dialog', { name: '移动到…' });
    await expect(dialog).toContainText('将选中的 1 条内容移动到');
    const targets = dialog.getByRole('listbox', { name: '目标栏目' });
    await expect(targets.getByRole('option', { name: targetName })).toBeVisible();
    await expect(targets.getByRole('option', { name: sourceName })).toHaveCount(0);
    await targets.getByRole('option', { name: targetName }).click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '已移动 1 条内容')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, '要移动的内容')).toHaveCount(0);
    await expect(dataRows(page)).toHaveCount(1);
  });
});
