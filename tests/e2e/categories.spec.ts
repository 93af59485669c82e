import { expect, test, type Locator, type Page } from '@playwright/test';
import { fieldDef } from './support/field-fixtures';
import { openAdminPage, sidebar, signIn, tagLink } from './support/helpers';

const toast = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });
const classTable = (page: Page) => page.getByRole('table', { name: '栏目列表' });
const classRow = (page: Page, name: string) =>
  classTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name }) });
const textbox = (scope: Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

/** Picks an option of an MUI select by its label. */
const choose = async ({
  scope,
  select,
  option,
}: {
  scope: Locator;
  select: string;
  option: string | RegExp;
}) => {
  await scope.getByRole('combobox', { name: select }).click();
  await scope
    .page()
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .click();
};

/** Adds a definition and waits for its editor: the one open before folds away (one at a time). */
const addField = async ({ scope, noun = '字段' }: { scope: Locator; noun?: '字段' | '子字段' }) => {
  await scope.getByRole('button', { name: `添加${noun}` }).click();
  await expect(textbox(scope, `${noun}标识`)).toHaveCount(1);
  await expect(textbox(scope, `${noun}标识`)).toHaveValue('');
};

/** Names of the tree table's rows, top to bottom. */
const rowNames = async (page: Page) =>
  (await classTable(page).getByRole('rowheader').allInnerTexts()).map((text) => text.trim());

/** An action of a row's 更多 menu (新增子栏目, 删除). */
const rowMenuAction = async (page: Page, name: string, action: string) => {
  await classRow(page, name)
    .getByRole('button', { name: `更多操作 ${name}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
};

const deleteRow = async ({ page, name, expected }: { page: Page; name: string; expected: string }) => {
  await rowMenuAction(page, name, '删除');
  const confirm = page.getByRole('alertdialog', { name: '提示' });
  await expect(confirm).toContainText('此操作将永久删除该信息, 是否继续?');
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, expected)).toBeVisible();
};

test.describe('栏目管理', () => {
  test('新建父子栏目（多种字段与流程）、菜单即时出现、打开、排序、删除', async ({ page }) => {
    test.setTimeout(150_000);
    const stamp = Date.now().toString(36);
    const parent = { name: `父栏目${stamp}`, key: `p_${stamp}` };
    const child = { name: `子栏目甲${stamp}`, key: `c1_${stamp}` };
    const sibling = { name: `子栏目乙${stamp}`, key: `c2_${stamp}` };

    const token = await signIn({ page });
    await openAdminPage({ page, path: '/class/list' });
    await expect(page.getByRole('heading', { name: '栏目管理' })).toBeVisible();

    // —— the parent: type 4 with string (search), select (options) and child_info (two children) fields.
    await page.getByRole('button', { name: '新增栏目' }).first().click();
    const editor = page.getByRole('dialog', { name: '新增栏目' });
    await textbox(editor, '栏目名称').fill(parent.name);
    await textbox(editor, '栏目标识').fill(parent.key);
    await choose({ scope: editor, select: '栏目类型', option: '列表 + 流程' });

    await editor.getByRole('tab', { name: '列表字段' }).click();
    await addField({ scope: editor });
    await textbox(editor, '字段标识').fill('Bad Key');
    await textbox(editor, '字段名称').fill('作者');
    // The registry's own message, live and again when 保存 is refused in the browser.
    const keyMessage = '字段标识只能以小写字母开头，由小写字母、数字和下划线组成';
    await expect(editor.getByRole('status').filter({ hasText: keyMessage })).toContainText(
      '列表字段：字段「作者」',
    );
    const saves = [] as string[];
    page.on('request', (request) => {
      if (request.url().includes('/class_manage/save_class')) saves.push(request.url());
    });
    await editor.getByRole('button', { name: '保存' }).click();
    await expect(editor.getByRole('alert')).toContainText(`列表字段：字段「作者」：${keyMessage}`);
    expect(saves).toHaveLength(0);

    await textbox(editor, '字段标识').fill('author');
    await editor.getByLabel(/作为搜索条件/).check();
    await editor.getByLabel('列表显示').check();
    await expect(editor.getByRole('status').filter({ hasText: keyMessage })).toHaveCount(0);

    await addField({ scope: editor });
    await textbox(editor, '字段标识').fill('level');
    await textbox(editor, '字段名称').fill('级别');
    await choose({ scope: editor, select: '字段类型', option: /^单选/ });
    await expect(editor.getByRole('status')).toContainText('请至少添加一个选项');
    await editor.getByRole('button', { name: '添加选项' }).click();
    await editor.getByRole('button', { name: '添加选项' }).click();
    await textbox(editor, '选项 1 名称').fill('高');
    await textbox(editor, '选项 1 值').fill('high');
    await textbox(editor, '选项 1 颜色').fill('#f5222d');
    await textbox(editor, '选项 2 名称').fill('低');
    await textbox(editor, '选项 2 值').fill('high');
    await expect(editor.getByRole('status')).toContainText('选项值「high」重复');
    await textbox(editor, '选项 2 值').fill('low');

    await addField({ scope: editor });
    await textbox(editor, '字段标识').fill('staff');
    await textbox(editor, '字段名称').fill('联系人');
    await choose({ scope: editor, select: '字段类型', option: /^子表单/ });
    await addField({ scope: editor, noun: '子字段' });
    await textbox(editor, '子字段标识').fill('person');
    await textbox(editor, '子字段名称').fill('姓名');
    await addField({ scope: editor, noun: '子字段' });
    await textbox(editor, '子字段标识').fill('phone');
    await textbox(editor, '子字段名称').fill('电话');
    // A group's children cannot be groups.
    await editor.getByRole('combobox', { name: '子字段类型' }).click();
    await expect(page.getByRole('option', { name: /^子表单/ })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Process steps (type 4): positive, unique values, checked like the server does.
    await editor.getByRole('tab', { name: '流程步骤' }).click();
    await expect(editor.getByRole('status')).toContainText('流程类栏目请至少添加一个流程步骤');
    await editor.getByRole('button', { name: '添加步骤' }).click();
    await editor.getByRole('button', { name: '添加步骤' }).click();
    await textbox(editor, '第 1 步名称').fill('提交');
    await textbox(editor, '第 2 步名称').fill('审核');
    await textbox(editor, '第 2 步的值').fill('1');
    await editor.getByRole('button', { name: '保存' }).click();
    await expect(editor.getByRole('alert')).toContainText('流程步骤「审核」的值 1 重复');
    await textbox(editor, '第 2 步的值').fill('2');

    await editor.getByRole('tab', { name: 'JSON' }).click();
    await expect(editor.getByLabel('content_fileds JSON')).toContainText('"key": "person"');

    const created = page.waitForResponse((response) => response.url().includes('/class_manage/save_class'));
    await editor.getByRole('button', { name: '保存' }).click();
    const answer = (await (await created).json()) as { code: number; data: { id: number } };
    expect(answer.code).toBe(200);
    await expect(toast(page, '栏目已创建')).toBeVisible();
    await expect(editor).toBeHidden();
    await expect(classRow(page, parent.name)).toContainText('列表 + 流程');

    // What was stored is what the builder showed.
    const one = await page.request.get(`/api/v1/manage/class_manage/get_class_one?id=${answer.data.id}`, {
      headers: { 'X-Token': token },
    });
    const detail = (
      (await one.json()) as {
        data: { content_fileds: { list: Record<string, unknown>[]; process: unknown[] } };
      }
    ).data;
    expect(detail.content_fileds.list).toMatchObject([
      { key: 'author', title: '作者', type: 'string', search: true, showlist: true },
      {
        key: 'level',
        type: 'select',
        options: [
          { label: '高', value: 'high', color: '#f5222d' },
          { label: '低', value: 'low' },
        ],
      },
      {
        key: 'staff',
        type: 'child_info',
        child_info: [
          { key: 'person', title: '姓名' },
          { key: 'phone', title: '电话' },
        ],
      },
    ]);
    expect(detail.content_fileds.process).toEqual([
      { title: '提交', value: 1 },
      { title: '审核', value: 2 },
    ]);

    // —— two children, from the parent's row.
    for (const item of [child, sibling]) {
      await rowMenuAction(page, parent.name, '新增子栏目');
      const childEditor = page.getByRole('dialog', { name: '新增栏目' });
      await expect(childEditor.getByRole('combobox', { name: '上级栏目' })).toContainText(parent.name);
      await textbox(childEditor, '栏目名称').fill(item.name);
      await textbox(childEditor, '栏目标识').fill(item.key);
      await childEditor.getByRole('button', { name: '保存' }).click();
      await expect(childEditor).toBeHidden();
      await expect(classRow(page, item.name)).toBeVisible();
    }
    expect((await rowNames(page)).filter((name) => name.includes(stamp))).toEqual([
      parent.name,
      child.name,
      sibling.name,
    ]);

    // —— the menu has them without signing out.
    const menu = sidebar(page);
    await menu.getByRole('button', { name: '内容管理' }).click();
    await menu.getByRole('button', { name: parent.name }).click();
    const childLink = menu.getByRole('link', { name: child.name });
    await expect(childLink).toHaveAttribute('href', `/NewsManage/${parent.key}/${child.key}`);
    const info = page.waitForResponse((response) => response.url().includes('/news_manage/get_calss_info'));
    await childLink.click();
    await expect(page).toHaveURL(new RegExp(`/NewsManage/${parent.key}/${child.key}$`));
    expect(((await (await info).json()) as { code: number }).code).toBe(200);
    await expect(page.getByRole('region', { name: `${child.name}栏目` })).toBeVisible();

    // —— reorder: buttons, then the drag handle with the keyboard.
    await menu.getByRole('link', { name: '栏目管理' }).click();
    await expect(classRow(page, child.name)).toBeVisible();
    await classRow(page, child.name)
      .getByRole('button', { name: `下移 ${child.name}` })
      .click();
    await expect(toast(page, '排序已保存')).toBeVisible();
    await expect
      .poll(async () => (await rowNames(page)).filter((name) => name.includes(stamp)))
      .toEqual([parent.name, sibling.name, child.name]);

    // A drag begun while the last move is still saving has no rows to land on (they are disabled
    // until the tree has reloaded): wait for the row buttons to come back first — the child's 上移
    // (it is last of its siblings now, so 上移 is enabled once the rows are; the parent may be the
    // last top-level row, whose 下移 stays disabled).
    await expect(
      classRow(page, child.name).getByRole('button', { name: `上移 ${child.name}` }),
    ).toBeEnabled();
    const handle = classRow(page, child.name).getByRole('button', { name: `拖动排序 ${child.name}` });
    await handle.focus();
    await page.keyboard.press('Space');
    // The sensor listens for arrows only once the drag has started.
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('ArrowUp');
    // The drop lands where the sensor has measured the row to be: its announcement says so (a
    // fixed wait was too short on a loaded machine).
    await expect(page.getByText(`栏目「${child.name}」移到了「${sibling.name}」的位置。`)).toBeAttached();
    await page.keyboard.press('Space');
    await expect
      .poll(async () => (await rowNames(page)).filter((name) => name.includes(stamp)))
      .toEqual([parent.name, child.name, sibling.name]);

    // Moving a category under its own child is refused by the server.
    await expect(
      classRow(page, sibling.name).getByRole('button', { name: `上移 ${sibling.name}` }),
    ).toBeEnabled();
    const parentHandle = classRow(page, parent.name).getByRole('button', { name: `拖动排序 ${parent.name}` });
    await parentHandle.focus();
    await page.keyboard.press('Space');
    await expect(parentHandle).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByText(`栏目「${parent.name}」移到了「${child.name}」的位置。`)).toBeAttached();
    await page.keyboard.press('Space');
    await expect(toast(page, '不能把栏目移动到它自己或它的子栏目下')).toBeVisible();

    // —— delete: cancel, refused while it has children, then children and parent.
    await rowMenuAction(page, parent.name, '删除');
    await page.getByRole('alertdialog', { name: '提示' }).getByRole('button', { name: '取消' }).click();
    await expect(toast(page, '已取消删除')).toBeVisible();
    await deleteRow({ page, name: parent.name, expected: '该栏目下还有 2 个子栏目，请先删除或移走子栏目' });
    await expect(classRow(page, parent.name)).toBeVisible();

    // The child's page was opened above: its tag closes once the menu no longer has it.
    await expect(tagLink(page, child.name)).toBeVisible();
    await deleteRow({ page, name: child.name, expected: '删除成功' });
    await expect(classRow(page, child.name)).toHaveCount(0);
    await expect(tagLink(page, child.name)).toHaveCount(0);
    await deleteRow({ page, name: sibling.name, expected: '删除成功' });
    await deleteRow({ page, name: parent.name, expected: '删除成功' });
    await expect(classRow(page, parent.name)).toHaveCount(0);
    await expect(menu.getByText(parent.name)).toHaveCount(0);
  });

  test('编辑时说明结构变化的后果，未保存关闭前先确认', async ({ page }) => {
    const token = await signIn({ page });
    const name = `结构变化${Date.now().toString(36)}`;
    const response = await page.request.post('/api/v1/manage/class_manage/save_class', {
      headers: { 'X-Token': token },
      data: {
        name,
        content_fileds: {
          list: [
            fieldDef({ key: 'author', title: '作者' }),
            fieldDef({
              key: 'level',
              title: '级别',
              type: 'select',
              options: [{ label: '高', value: 'high' }],
            }),
          ],
        },
      },
    });
    const id = ((await response.json()) as { data: { id: number } }).data.id;

    await openAdminPage({ page, path: '/class/list' });
    await classRow(page, name).getByRole('button', { name: '编辑' }).click();
    const editor = page.getByRole('dialog', { name: `编辑栏目：${name}` });
    await expect(textbox(editor, '栏目名称')).toHaveValue(name);
    // The key defaults to the id.
    await expect(textbox(editor, '栏目标识')).toHaveValue(String(id));

    await editor.getByRole('tab', { name: '列表字段' }).click();
    await editor.getByRole('button', { name: '编辑 作者' }).click();
    await choose({ scope: editor, select: '字段类型', option: /^整数/ });
    await editor.getByRole('button', { name: '删除 级别' }).click();
    const notice = editor.getByLabel('保存后的变化');
    await expect(notice).toContainText(
      '「作者」的类型将由 单行文本 改为 整数：已保存的值会被检查，无法转换时将拒绝保存',
    );
    await expect(notice).toContainText('「级别」将被隐藏，已保存的数据会保留，重新添加相同标识即可恢复');

    // Unsaved changes: Escape asks first; 继续编辑 keeps the dialog, 放弃修改 closes it.
    await page.keyboard.press('Escape');
    const confirm = page.getByRole('alertdialog', { name: '提示' });
    await expect(confirm).toContainText('未保存的修改');
    await confirm.getByRole('button', { name: '继续编辑' }).click();
    await expect(editor).toBeVisible();
    await editor.getByRole('button', { name: '取消' }).click();
    await confirm.getByRole('button', { name: '放弃修改' }).click();
    await expect(editor).toBeHidden();

    // Nothing was saved.
    const one = await page.request.get(`/api/v1/manage/class_manage/get_class_one?id=${id}`, {
      headers: { 'X-Token': token },
    });
    expect(
      (
        (await one.json()) as { data: { content_fileds: { list: { type: string }[] } } }
      ).data.content_fileds.list.map((field) => field.type),
    ).toEqual(['string', 'select']);

    await page.request.delete('/api/v1/manage/class_manage/del_class', {
      headers: { 'X-Token': token },
      data: { id },
    });
  });

  test('/NewsManage 列出可见栏目，未知栏目路径 → /404', async ({ page }) => {
    const token = await signIn({ page });
    const key = `idx_${Date.now().toString(36)}`;
    const response = await page.request.post('/api/v1/manage/class_manage/save_class', {
      headers: { 'X-Token': token },
      data: { name: '索引栏目', key },
    });
    const id = ((await response.json()) as { data: { id: number } }).data.id;

    await openAdminPage({ page, path: '/NewsManage' });
    const card = page.getByRole('main').getByRole('link', { name: /索引栏目/ });
    await expect(card).toHaveAttribute('href', `/NewsManage/${key}`);
    await card.click();
    await expect(page.getByRole('region', { name: '索引栏目栏目' })).toBeVisible();

    await page.goto(`/NewsManage/${key}/nope`);
    await expect(page).toHaveURL(/\/404$/);
    await page.request.delete('/api/v1/manage/class_manage/del_class', {
      headers: { 'X-Token': token },
      data: { id },
    });
  });
});
