import { expect, test, type Locator, type Page } from '@playwright/test';
import { cookieValue, openAdminPage, openContentList, settled, signIn, signInAs } from './support/helpers';
import { fieldDef, makeTestFiles } from './support/field-fixtures';
import { shot } from './support/shots';

// Issue 22 as an editor meets it: 历史版本 in the 内容 dialog (compare, 恢复此版本), the content
// list's 回收站 (恢复, 彻底删除 only with the news_purge role), and the two settings behind them.

const SCHEMA = [
  fieldDef({ key: 'author', title: '作者', style: '50%' }),
  fieldDef({ key: 'photos', title: '图集', type: 'mult_pictures' }),
  fieldDef({
    key: 'staff',
    title: '参与人员',
    type: 'child_info',
    child_info: [fieldDef({ key: 'name', title: '姓名' }), fieldDef({ key: 'duty', title: '分工' })],
  }),
];
const BASE_SET = {
  title: { name: '标题', showlist: true, isshow: true },
  short_title: { name: '副标题', showlist: false, isshow: false },
  intro: { name: '简介', showlist: false, isshow: false },
  content: { name: '正文', showlist: false, isshow: true },
};

type Answer<T> = { code: number; message: string; data: T };

const toast = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });
const grid = (page: Page) => page.getByRole('table', { name: /内容$/ });
const rowOf = (page: Page, title: string) => grid(page).locator('tbody tr').filter({ hasText: title });
const rowAction = (row: Locator, action: string) =>
  row.getByRole('button', { name: new RegExp(`^${action}「`) });
const toolbar = (page: Page) => page.getByRole('toolbar', { name: '内容操作' });
const formDialog = (page: Page) => page.getByRole('dialog', { name: '内容' });
const historyDrawer = (page: Page) => page.getByRole('dialog', { name: '历史版本' });
const binDialog = (page: Page) => page.getByRole('dialog', { name: '回收站' });
const confirmDialog = (page: Page) => page.getByRole('alertdialog');

const api = (page: Page) => {
  const headers = async () => ({ 'X-Token': (await cookieValue({ page, name: 'Admin-Token' })) ?? '' });
  const call = async <T>(method: 'get' | 'post' | 'delete', path: string, data?: unknown) => {
    const response = await page.request[method](`/api/v1/manage/${path}`, { headers: await headers(), data });
    const answer = (await response.json()) as Answer<T>;
    expect(answer.code, `${path}: ${answer.message}`).toBe(200);
    return answer.data;
  };
  return {
    call,
    upload: async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const response = await page.request.post('/api/v1/manage/news_manage/upload_one_file?kind=image', {
        headers: await headers(),
        multipart: { file },
      });
      const answer = (await response.json()) as Answer<string>;
      expect(answer.code, answer.message).toBe(200);
      return answer.data;
    },
  };
};

/** A fresh list category with `items`, opened at /NewsManage/<key>; answers its id and the items' ids. */
const openNewCategory = async ({
  page,
  name,
  items,
}: {
  page: Page;
  name: string;
  items: Record<string, unknown>[];
}) => {
  const key = `undo_${Date.now()}_${Math.floor(Math.random() * 1000)}`;
  const { id: classId } = await api(page).call<{ id: number }>('post', 'class_manage/save_class', {
    name,
    key,
    class_type: '0',
    content_fileds: { list: SCHEMA, base_set: BASE_SET },
  });
  const ids: number[] = [];
  for (const item of items)
    ids.push(
      (
        await api(page).call<{ id: number }>('post', 'news_manage/save_news_info', {
          class_id: classId,
          ...item,
        })
      ).id,
    );
  await openContentList({ page, path: `/NewsManage/${key}` });
  return { classId, key, ids };
};

/** At 390 px wide nothing makes the page scroll sideways; the window is set back after. */
const expectNoSidewaysAt390 = async (page: Page) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 800 });
};

/** Replaces the rich text of 正文 with `text`. */
const replaceContent = async (page: Page, text: string) => {
  await page.locator('#field-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
};

test.beforeEach(async ({ page }) => {
  await signIn({ page });
});

test('历史版本: two edits, the comparison with now, 恢复此版本 puts the first version back in the form', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const files = await makeTestFiles({ page });
  const first = await api(page).upload(files.png('first.png'));
  const second = await api(page).upload(files.png('second.png'));
  const {
    ids: [id],
  } = await openNewCategory({
    page,
    name: '开放日',
    items: [
      {
        title: '校园开放日安排',
        new_time: 1_778_000_000,
        author: '宣传部',
        content: '<p>开放日定于五月十日上午九点开始，欢迎家长参观。</p>',
        photos: first,
        staff: [
          { name: '张三', duty: '接待' },
          { name: '李四', duty: '讲解' },
        ],
      },
    ],
  });

  // First edit in the form: title and 正文.
  await rowAction(rowOf(page, '校园开放日安排'), '编辑').click();
  const dialog = formDialog(page);
  await expect(page.locator('#field-title')).toHaveValue('校园开放日安排');
  await page.locator('#field-title').fill('校园开放日安排（更新）');
  await replaceContent(page, '开放日改为五月十七日下午两点开始，欢迎家长和学生参观。');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Second edit: the author; and the pictures and staff change by the API.
  await rowAction(rowOf(page, '校园开放日安排（更新）'), '编辑').click();
  await page.locator('#field-author').fill('招生办');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  const current = await api(page).call<Record<string, unknown>>('get', `news_manage/get_news_one?id=${id}`);
  await api(page).call('post', 'news_manage/save_news_info', {
    ...current,
    photos: `${first},${second}`,
    staff: [
      { name: '张三', duty: '主持' },
      { name: '李四', duty: '讲解' },
      { name: '王五', duty: '摄影' },
    ],
  });

  await rowAction(rowOf(page, '校园开放日安排（更新）'), '编辑').click();
  await expect(page.locator('#field-author')).toHaveValue('招生办');
  await shot(page, 'form-dialog', { atBothWidths: true });
  await dialog.getByRole('button', { name: '历史版本' }).click();
  const drawer = historyDrawer(page);
  const versions = drawer.getByRole('list', { name: '历史版本' });
  // Newest first: the API save, the two form saves, the creation.
  await expect(versions.getByRole('button')).toHaveCount(4);
  await expect(versions.getByRole('button').first()).toContainText('当前');
  await expect(versions.getByRole('button').nth(2)).toContainText(/改动：(标题、正文|正文、标题)$/);
  await expect(versions.getByRole('button').last()).toContainText('第 1 版 · 新建');

  await shot(page, 'history-list', { atBothWidths: true });

  // By keyboard: the versions are buttons. A comparison that cannot be loaded says so and offers 重试.
  await page.route('**/diff_news_revisions**', (route) => route.abort('internetdisconnected'));
  await versions.getByRole('button').last().focus();
  await page.keyboard.press('Enter');
  const heading = drawer.getByRole('heading', { name: '第 1 版 · 新建 与当前内容比较' });
  await expect(heading).toBeVisible();
  await expect(drawer.getByRole('alert').filter({ hasText: '比较结果加载失败' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: '恢复此版本' })).toBeDisabled();
  await page.unroute('**/diff_news_revisions**');
  await drawer.getByRole('button', { name: '重试' }).click();
  // Field by field, titled from the schema.
  const titleDiff = drawer.getByRole('region', { name: '标题' });
  await expect(titleDiff).toContainText('此版本校园开放日安排');
  await expect(titleDiff).toContainText('当前校园开放日安排（更新）');
  await expect(drawer.getByRole('region', { name: '作者' })).toContainText('宣传部');
  const text = drawer.getByRole('region', { name: '正文' }).getByTestId('rich-text-diff');
  await expect(text.locator('del').first()).toBeVisible();
  await expect(text.locator('ins').first()).toBeVisible();
  // Word or character runs, whichever the segmenter makes: the removed ones hold 九, the added 学生.
  expect((await text.locator('del').allInnerTexts()).join('')).toContain('九');
  expect((await text.locator('ins').allInnerTexts()).join('')).toContain('学生');
  const pictures = drawer.getByRole('region', { name: '图集' });
  await expect(pictures.locator('img')).toHaveCount(3);
  await expect(pictures.getByRole('link', { name: '图集第 2 张（此版本没有）' })).toBeVisible();
  const staff = drawer.getByRole('table', { name: '参与人员逐行比较' });
  await expect(staff.getByRole('row', { name: /相同/ })).toContainText('李四');
  await expect(staff).toContainText('当前（新增的行）');
  await expect(staff).toContainText('王五');
  await shot(page, 'history-compare', { atBothWidths: true });
  await expectNoSidewaysAt390(page);
  await staff.scrollIntoViewIfNeeded();
  await shot(page, 'history-rows');

  await drawer.getByRole('button', { name: '恢复此版本' }).click();
  await expect(confirmDialog(page)).toContainText('确定恢复到第 1 版 · 新建');
  await settled(page);
  await shot(page, 'history-confirm');
  await confirmDialog(page).getByRole('button', { name: '恢复' }).click();
  await expect(toast(page, '已恢复到第 1 版')).toBeVisible();
  await expect(drawer).toBeHidden();
  // The form shows the first version.
  await expect(page.locator('#field-title')).toHaveValue('校园开放日安排');
  await expect(page.locator('#field-author')).toHaveValue('宣传部');
  await expect(page.locator('#field-content')).toContainText('五月十日上午九点');
  await expect(dialog.locator('[data-field-path="photos"] img')).toHaveCount(1);
  await shot(page, 'history-restored');

  // With the new row version a save goes through (a conflict would keep the dialog open).
  await page.locator('#field-author').fill('宣传部（复核）');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, '校园开放日安排')).toBeVisible();

  // The restore is a version of its own: 恢复版本 on top, history not rewritten.
  await rowAction(rowOf(page, '校园开放日安排'), '编辑').click();
  await dialog.getByRole('button', { name: '历史版本' }).click();
  await expect(versions.getByRole('button')).toHaveCount(6);
  await expect(page.locator('#field-author')).toHaveValue('宣传部（复核）');
  await expect(versions.getByRole('button').nth(1)).toContainText('第 5 版 · 恢复版本');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});

test('a single page has 历史版本 too: compare with now and restore a version', async ({ page }) => {
  const key = `undo_page_${Date.now()}`;
  const { id } = await api(page).call<{ id: number }>('post', 'class_manage/save_class', {
    name: '学校简介',
    key,
    class_type: '1',
    content_fileds: {
      class: [
        fieldDef({ key: 'motto', title: '校训' }),
        fieldDef({ key: 'story', title: '沿革', type: 'html_editor' }),
      ],
    },
  });
  const save = (values: Record<string, unknown>) =>
    api(page).call('post', 'news_manage/save_class_info', { id, ...values });
  await save({ motto: '勤学', story: '<p>学校创办于一九五二年。</p>' });
  await save({ motto: '勤学 笃行', story: '<p>学校创办于一九五二年，一九八零年迁入新址。</p>' });
  await openAdminPage({ page, path: `/NewsManage/${key}` });
  const form = page.getByRole('form', { name: '学校简介单页内容' });
  await expect(form.locator('#field-motto')).toHaveValue('勤学 笃行');
  await shot(page, 'page-form', { atBothWidths: true });
  await expectNoSidewaysAt390(page);

  await page.getByRole('button', { name: '历史版本' }).click();
  const drawer = historyDrawer(page);
  const versions = drawer.getByRole('list', { name: '历史版本' });
  await expect(versions.getByRole('button')).toHaveCount(2);
  await versions.getByRole('button').last().click();
  await expect(drawer.getByRole('region', { name: '校训' })).toContainText('此版本勤学当前勤学 笃行');
  const text = drawer.getByRole('region', { name: '沿革' }).getByTestId('rich-text-diff');
  expect((await text.locator('ins').allInnerTexts()).join('')).toContain('迁入新址');
  await drawer.getByRole('button', { name: '恢复此版本' }).click();
  await confirmDialog(page).getByRole('button', { name: '恢复' }).click();
  await expect(toast(page, '已恢复到第 1 版')).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(form.locator('#field-motto')).toHaveValue('勤学');
  await expect(form.locator('#field-story')).not.toContainText('迁入新址');
});

test('回收站: deleted items wait there; 恢复 brings one back, 彻底删除 (news_purge only) removes the other', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { classId, key } = await openNewCategory({
    page,
    name: '回收站测试',
    items: [{ title: '留下的通知' }, { title: '要恢复的通知' }, { title: '要彻底删除的通知' }],
  });
  const binButton = toolbar(page).getByRole('button', { name: /^回收站/ });
  await expect(binButton).toHaveText('回收站');

  await rowOf(page, '要恢复的通知').getByRole('checkbox').check();
  await rowOf(page, '要彻底删除的通知').getByRole('checkbox').check();
  await toolbar(page)
    .getByRole('button', { name: /批量删除/ })
    .click();
  await expect(confirmDialog(page)).toContainText('选中的 2 条信息将移到回收站，保留 30 天，期间可以恢复。');
  await settled(page);
  await shot(page, 'bin-delete-confirm');
  await confirmDialog(page).getByRole('button', { name: '确定' }).click();
  await expect(rowOf(page, '要恢复的通知')).toHaveCount(0);
  await expect(binButton).toHaveText('回收站 (2)');
  await shot(page, 'bin-list', { atBothWidths: true });

  // Someone without news_purge sees the bin and 恢复, never 彻底删除.
  const suffix = Date.now() % 1_000_000;
  const roles = { editor: ['news_content'], purger: ['news_content', 'news_purge'] };
  for (const [who, granted] of Object.entries(roles))
    await api(page).call('post', 'manage_user/save_user', {
      username: `${who}${suffix}`,
      name: who === 'editor' ? '普通编辑' : '清理员',
      roles: granted,
      class_ids: [classId],
      password: 'Editor12345',
    });
  const editor = await signInAs({ browser, username: `editor${suffix}`, password: 'Editor12345' });
  await openContentList({ page: editor.page, path: `/NewsManage/${key}` });
  await toolbar(editor.page)
    .getByRole('button', { name: /^回收站/ })
    .click();
  const editorBin = binDialog(editor.page);
  await expect(editorBin.getByRole('button', { name: '恢复「要恢复的通知」' })).toBeVisible();
  await expect(editorBin.getByRole('button', { name: /^彻底删除/ })).toHaveCount(0);
  await editor.context.close();

  const purger = await signInAs({ browser, username: `purger${suffix}`, password: 'Editor12345' });
  const other = purger.page;
  await openContentList({ page: other, path: `/NewsManage/${key}` });
  await toolbar(other)
    .getByRole('button', { name: /^回收站/ })
    .click();
  const bin = binDialog(other);
  const rows = bin.getByRole('table', { name: '回收站内容' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: '要恢复的通知' })).toContainText('超级管理员');
  await shot(other, 'bin-dialog', { atBothWidths: true });
  await expectNoSidewaysAt390(other);

  await bin.getByRole('button', { name: '恢复「要恢复的通知」' }).click();
  await expect(confirmDialog(other)).toContainText('确定恢复「要恢复的通知」吗？');
  await confirmDialog(other).getByRole('button', { name: '恢复' }).click();
  await expect(toast(other, '已恢复 1 条内容')).toBeVisible();
  await expect(rows).toHaveCount(1);

  await bin.getByRole('checkbox', { name: '选择「要彻底删除的通知」' }).check();
  await bin
    .getByRole('toolbar', { name: '回收站操作' })
    .getByRole('button', { name: '彻底删除 (1)' })
    .click();
  await expect(confirmDialog(other)).toContainText('彻底删除后无法恢复');
  // Purging cannot be undone: 取消 has the focus.
  await expect(confirmDialog(other).getByRole('button', { name: '取消' })).toBeFocused();
  await confirmDialog(other).getByRole('button', { name: '彻底删除' }).click();
  await expect(toast(other, '已彻底删除 1 条内容')).toBeVisible();
  await expect(bin.getByText('回收站是空的')).toBeVisible();
  await shot(other, 'bin-empty', { atBothWidths: true });
  await bin.getByRole('button', { name: '关闭' }).first().click();
  await expect(bin).toBeHidden();
  // The restored item is back in the list; the bin's count is gone.
  await expect(rowOf(other, '要恢复的通知')).toBeVisible();
  await expect(toolbar(other).getByRole('button', { name: /^回收站/ })).toHaveText('回收站');
  await purger.context.close();
});

test('系统设置 shows 历史版本 and 回收站 settings, refuses values out of range, and the delete question follows', async ({
  page,
}) => {
  await openAdminPage({ page, path: '/system/set' });
  const form = page.getByRole('form', { name: '系统设置' });
  const keep = form.getByLabel('每条内容保留的历史版本数');
  const days = form.getByLabel('回收站保留天数');
  await expect(keep).toHaveValue('50');
  await expect(days).toHaveValue('30');
  await keep.fill('1001');
  await days.fill('-1');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('每条内容保留的历史版本数不能大于 1000')).toBeVisible();
  await expect(form.getByText('回收站保留天数不能小于 0')).toBeVisible();
  await shot(page, 'settings-undo', { atBothWidths: true });

  await keep.fill('20');
  await days.fill('0');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '系统设置已保存')).toBeVisible();
  try {
    await openNewCategory({ page, name: '保留天数', items: [{ title: '一条通知' }] });
    await rowAction(rowOf(page, '一条通知'), '删除').click();
    await expect(confirmDialog(page)).toContainText('该信息将移到回收站，一直保留到彻底删除，期间可以恢复。');
    await confirmDialog(page).getByRole('button', { name: '取消' }).click();
  } finally {
    const settings = await api(page).call<Record<string, unknown>>('get', 'system_set/get_system_set');
    await api(page).call('post', 'system_set/save_system_set', {
      ...settings,
      revision_keep: 50,
      recycle_days: 30,
    });
  }
});

test('回收站（全部栏目）: an item whose category was deleted is restored into another category of its type', async ({
  page,
}) => {
  const { classId, ids } = await openNewCategory({
    page,
    name: '将删除的栏目',
    items: [{ title: '无家可归的通知' }],
  });
  const { key: homeKey } = await openNewCategory({ page, name: '新的家', items: [{ title: '原有的通知' }] });
  await api(page).call('delete', 'news_manage/del_news', { id: ids[0] });
  await api(page).call('delete', 'class_manage/del_class', { id: classId });

  await openAdminPage({ page, path: '/class/list' });
  await page.getByRole('button', { name: '回收站（全部栏目）' }).click();
  const bin = binDialog(page);
  await expect(bin).toContainText('全部栏目');
  const row = bin.getByRole('row').filter({ hasText: '无家可归的通知' });
  await expect(row).toContainText('将删除的栏目（已删除）');
  await row.getByRole('button', { name: '恢复「无家可归的通知」' }).click();

  const target = page.getByRole('dialog', { name: '恢复到…' });
  await expect(target).toContainText('「无家可归的通知」原来的栏目已删除，请选择恢复到的栏目');
  await target.getByRole('option', { name: /新的家/ }).click();
  await settled(page);
  await shot(page, 'bin-all-restore-target', { atBothWidths: true });
  await target.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '已恢复 1 条内容')).toBeVisible();
  await expect(target).toHaveCount(0);
  await expect(bin.getByRole('row').filter({ hasText: '无家可归的通知' })).toHaveCount(0);

  await openContentList({ page, path: `/NewsManage/${homeKey}` });
  await expect(rowOf(page, '无家可归的通知')).toBeVisible();
  await expect(rowOf(page, '原有的通知')).toBeVisible();
});
