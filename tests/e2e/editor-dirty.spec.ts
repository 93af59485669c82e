import { expect, test, type Page } from '@playwright/test';
import { cookieValue, openContentList, signIn } from './support/helpers';
import { fieldDef } from './support/field-fixtures';

// The 内容 dialog asks before discarding changes. Rich text that Tiptap rewrites when it loads it
// (text outside <p>, <b> for <strong>, a document ending in a heading, which gets a trailing
// paragraph on its first transaction) is not a change: only what the user does in the editor is.
const SCHEMA = [fieldDef({ key: 'body', title: '富文本', type: 'html_editor' })];
const BASE_SET = {
  title: { name: '标题', showlist: true, isshow: true },
  short_title: { name: '副标题', showlist: false, isshow: false },
  intro: { name: '简介', showlist: false, isshow: false },
  content: { name: '正文', showlist: false, isshow: true },
};
const REWRITTEN = {
  body: 'plain text<b>bold</b>\n<p>第二段</p>',
  content: '<h2>小标题</h2>',
};

type Answer<T> = { code: number; message: string; data: T };

// includeHidden: a confirmation on top sets aria-hidden on the dialog, which must not read as closed.
const formDialog = (page: Page) => page.getByRole('dialog', { name: '内容', includeHidden: true });
const confirmDialog = (page: Page) => page.getByRole('alertdialog');
const toast = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });
const rowOf = (page: Page, title: string) =>
  page.getByRole('table', { name: /内容$/ }).locator('tbody tr').filter({ hasText: title });
const slot = (page: Page, path: string) => page.locator(`[data-field-path="${path}"]`);

const api = (page: Page) => {
  const headers = async () => ({ 'X-Token': (await cookieValue({ page, name: 'Admin-Token' })) ?? '' });
  const post = async <T>(path: string, data: Record<string, unknown>) => {
    const response = await page.request.post(`/api/v1/manage/${path}`, { headers: await headers(), data });
    const answer = (await response.json()) as Answer<T>;
    expect(answer.code, answer.message).toBe(200);
    return answer.data;
  };
  return {
    createClass: (key: string) =>
      post<{ id: number }>('class_manage/save_class', {
        name: '富文本栏目',
        key,
        class_type: '0',
        content_fileds: { list: SCHEMA, base_set: BASE_SET },
      }),
    saveNews: (body: Record<string, unknown>) => post<{ id: number }>('news_manage/save_news_info', body),
    lockNews: (id: number) => post<null>('news_manage/lock_news', { id, is_lock: 1 }),
    newsOne: async (id: number) => {
      const response = await page.request.get(`/api/v1/manage/news_manage/get_news_one?id=${id}`, {
        headers: await headers(),
      });
      return ((await response.json()) as Answer<Record<string, unknown>>).data;
    },
  };
};

/** A fresh category with one item whose rich text Tiptap rewrites, opened at its list. */
const openCategory = async ({ page, isLocked = false }: { page: Page; isLocked?: boolean }) => {
  const key = `editor_${Date.now()}_${Math.floor(Math.random() * 1000)}`;
  const { id: classId } = await api(page).createClass(key);
  const { id } = await api(page).saveNews({ class_id: classId, title: '改写的富文本', ...REWRITTEN });
  if (isLocked) await api(page).lockNews(id);
  await openContentList({ page, path: `/NewsManage/${key}` });
  return { id };
};

/** Opens the item's 内容 dialog and waits until both editors show the stored text. */
const openItem = async (page: Page) => {
  await rowOf(page, '改写的富文本')
    .getByRole('button', { name: /^编辑「/ })
    .click();
  await expect(page.locator('#field-body')).toContainText('plain textbold');
  await expect(page.locator('#field-body')).toContainText('第二段');
  await expect(page.locator('#field-content')).toContainText('小标题');
  // Loading the value is no step to undo either.
  for (const path of ['body', 'content'])
    await expect(slot(page, path).getByRole('button', { name: '撤销' })).toBeDisabled();
};

const expectClosedWithoutQuestion = async (page: Page) => {
  await expect(formDialog(page)).toBeHidden();
  await expect(confirmDialog(page)).toHaveCount(0);
};

const expectDiscardQuestion = async (page: Page) => {
  await expect(confirmDialog(page)).toContainText('内容已修改但尚未保存');
  // Staying keeps the dialog and what was typed; discarding closes it.
  await confirmDialog(page).getByRole('button', { name: '取消' }).click();
  await expect(confirmDialog(page)).toHaveCount(0);
  await expect(formDialog(page)).toBeVisible();
  await formDialog(page).getByRole('button', { name: '取消' }).click();
  await confirmDialog(page).getByRole('button', { name: '放弃修改' }).click();
  await expectClosedWithoutQuestion(page);
};

test.describe('内容对话框：富文本的修改判断', () => {
  test.beforeEach(async ({ page }) => {
    await signIn({ page });
  });

  test('打开后未做修改：Esc、关闭按钮、取消都直接关闭；点进编辑器也不算修改', async ({ page }) => {
    await openCategory({ page });

    await openItem(page);
    await page.keyboard.press('Escape');
    await expectClosedWithoutQuestion(page);

    await openItem(page);
    await formDialog(page).getByRole('button', { name: '关闭' }).click();
    await expectClosedWithoutQuestion(page);

    // Clicking into each editor is a transaction (Tiptap appends the trailing paragraph then).
    await openItem(page);
    await page.locator('#field-body').click();
    await page.locator('#field-content').click();
    await page.keyboard.press('ArrowDown');
    await formDialog(page).getByRole('button', { name: '取消' }).click();
    await expectClosedWithoutQuestion(page);
  });

  test('在富文本里输入一个字，或用工具栏加粗，关闭时就提示', async ({ page }) => {
    await openCategory({ page });

    await openItem(page);
    await page.locator('#field-body').click();
    await page.keyboard.press('End');
    await page.keyboard.type('改');
    await formDialog(page).getByRole('button', { name: '取消' }).click();
    await expectDiscardQuestion(page);

    await openItem(page);
    await page.locator('#field-content').click();
    await page.keyboard.press('ControlOrMeta+A');
    await slot(page, 'content').getByRole('button', { name: '加粗' }).click();
    await expect(page.locator('#field-content strong')).toHaveText('小标题');
    await page.keyboard.press('Escape');
    await expectDiscardQuestion(page);
  });

  test('未修改直接保存：保存成功，存储的富文本不变；输入后保存写入所输入的内容', async ({ page }) => {
    const { id } = await openCategory({ page });
    const stored = await api(page).newsOne(id);

    await openItem(page);
    await formDialog(page).getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(formDialog(page)).toBeHidden();
    const saved = await api(page).newsOne(id);
    expect(saved.body).toBe(stored.body);
    expect(saved.content).toBe(stored.content);

    await openItem(page);
    await page.locator('#field-body').click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('新增一句');
    await formDialog(page).getByRole('button', { name: '确定' }).click();
    await expect(formDialog(page)).toBeHidden();
    const edited = await api(page).newsOne(id);
    expect(edited.body).toContain('新增一句');
    expect(edited.body).toContain('<strong>bold</strong>');
    expect(edited.content).toBe(stored.content);
  });

  test('锁定的内容（编辑器只读）关闭时不提示', async ({ page }) => {
    await openCategory({ page, isLocked: true });

    await openItem(page);
    await expect(formDialog(page)).toContainText('该内容已锁定');
    await page.keyboard.press('Escape');
    await expectClosedWithoutQuestion(page);
  });
});
