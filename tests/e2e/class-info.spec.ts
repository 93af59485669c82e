import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/helpers';
import { fieldDef, makeTestFiles, type TestFiles } from './support/field-fixtures';

// A type-1 (single page) category whose form has one field of every one of the 18 types.
const SCHEMA = [
  fieldDef({ key: 'name', title: '名称', ismust: true, max: 20, style: '50%' }),
  fieldDef({ key: 'code', title: '编号', type: 'auto', style: '25%' }),
  fieldDef({ key: 'editor', title: '最后修改', type: 'auto_back', style: '25%' }),
  fieldDef({ key: 'summary', title: '摘要', type: 'mult_string', max: 200 }),
  fieldDef({ key: 'count', title: '数量', type: 'int', style: '50%' }),
  fieldDef({ key: 'price', title: '价格', type: 'float', style: '50%' }),
  fieldDef({
    key: 'level',
    title: '级别',
    type: 'select',
    style: '50%',
    options: [
      { label: '高', value: 'high', color: '#f5222d' },
      { label: '中', value: 'mid', color: '#fa8c16' },
      { label: '低', value: 'low', color: '#52c41a' },
    ],
  }),
  fieldDef({
    key: 'tags',
    title: '标签',
    type: 'mult_select',
    max: 2,
    style: '50%',
    options: [
      { label: '新闻', value: 'news', color: '#1890ff' },
      { label: '公告', value: 'notice', color: '#722ed1' },
      { label: '活动', value: 'event' },
    ],
  }),
  fieldDef({ key: 'publish_at', title: '发布时间', type: 'datetime', style: '50%' }),
  fieldDef({ key: 'open_day', title: '开放日', type: 'date', style: '50%' }),
  fieldDef({ key: 'theme', title: '主题色', type: 'color', style: '50%' }),
  // Its url is set to a category of partners made for each test (schemaWith).
  fieldDef({ key: 'partner', title: '合作单位', type: 'out_auto', url: '', style: '50%' }),
  fieldDef({ key: 'cover', title: '封面图', type: 'img' }),
  fieldDef({ key: 'logo', title: '标志', type: 'one_picture' }),
  fieldDef({ key: 'gallery', title: '相册', type: 'mult_pictures', limit: 4 }),
  fieldDef({ key: 'clip', title: '宣传片', type: 'one_video' }),
  fieldDef({ key: 'body', title: '正文', type: 'html_editor' }),
  fieldDef({
    key: 'staff',
    title: '联系人',
    type: 'child_info',
    child_info: [
      fieldDef({ key: 'person', title: '姓名', ismust: true, style: '50%' }),
      fieldDef({ key: 'phone', title: '电话', style: '50%' }),
    ],
  }),
];

/** The schema with the relation pointing at the items of category `partnerClassId`. */
const schemaWith = (partnerClassId: number) =>
  SCHEMA.map((field) =>
    field.key === 'partner'
      ? { ...field, url: `news_manage/get_out_options?class_id=${partnerClassId}` }
      : field,
  );

const UPLOAD_URL = /^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.(png|jpg|mp4)$/;

type ClassInfo = { id: number; class_fields: Record<string, unknown> };

const slot = (page: Page, path: string) => page.locator(`[data-field-path="${path}"]`);
const fileInput = (page: Page, path: string) => slot(page, path).locator('input[type="file"]').first();
const toast = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });

/** Types into a date picker section by section, starting at its year (the field moves on by itself). */
const typeDate = async ({ field, digits }: { field: Locator; digits: string }) => {
  await field.getByRole('spinbutton', { name: '年' }).click();
  await field.page().keyboard.type(digits, { delay: 30 });
};

test.describe('单页栏目表单（每种字段类型）', () => {
  let token = '';
  let files: TestFiles;
  let partnerClassId = 0;
  let starId = 0;

  const api = (page: Page) => ({
    createClass: async (body: Record<string, unknown>) => {
      const response = await page.request.post('/api/v1/manage/class_manage/save_class', {
        headers: { 'X-Token': token },
        data: body,
      });
      const answer = (await response.json()) as { code: number; message: string; data: { id: number } };
      expect(answer.message).toMatch(/栏目已创建/);
      return answer.data.id;
    },
    saveNews: async (body: Record<string, unknown>) => {
      const response = await page.request.post('/api/v1/manage/news_manage/save_news_info', {
        headers: { 'X-Token': token },
        data: body,
      });
      const answer = (await response.json()) as { code: number; message: string; data: { id: number } };
      expect(answer.code, answer.message).toBe(200);
      return answer.data.id;
    },
    classInfo: async (id: number) => {
      const response = await page.request.get(`/api/v1/manage/news_manage/get_calss_info?id=${id}`, {
        headers: { 'X-Token': token },
      });
      return ((await response.json()) as { data: ClassInfo }).data;
    },
  });

  test.beforeEach(async ({ page }) => {
    token = await signIn({ page });
    files = await makeTestFiles({ page });
    // The out_auto field lists the items of this category (news_manage/get_out_options).
    partnerClassId = await api(page).createClass({
      name: '合作单位库',
      key: `partners_${Date.now()}`,
      class_type: '0',
      content_fileds: { list: [] },
    });
    starId = await api(page).saveNews({ class_id: partnerClassId, title: '星辰科技' });
    await api(page).saveNews({ class_id: partnerClassId, title: '远山文化' });
  });

  test('填写全部类型、上传、保存，刷新后每个值都在', async ({ page }) => {
    test.setTimeout(180_000);
    const key = `single_${Date.now()}`;
    const id = await api(page).createClass({
      name: '关于我们',
      key,
      class_type: '1',
      content_fileds: { class: schemaWith(partnerClassId) },
    });

    await page.goto(`/NewsManage/${key}`);
    const form = page.getByRole('form', { name: '关于我们单页内容' });
    await expect(form).toBeVisible();
    await expect(slot(page, 'code').locator('input')).toHaveValue('保存后自动生成');
    await expect(slot(page, 'editor').locator('input')).toHaveValue('保存时自动记录');

    // Required: the registry's message under the field, and the cursor put there.
    await form.getByRole('button', { name: '保存' }).click();
    await expect(slot(page, 'name')).toContainText('请填写名称');
    await expect(page.locator('#field-name')).toBeFocused();
    await page.locator('#field-name').fill('星河博物馆');
    await expect(slot(page, 'name')).not.toContainText('请填写名称');
    await expect(slot(page, 'name')).toContainText('5/20');

    await page.locator('#field-summary').fill('第一行\n第二行');

    // Numbers: a value that is not a number is cleared; the minus sign may be typed first.
    await page.locator('#field-count').fill('abc');
    await expect(page.locator('#field-count')).toHaveValue('');
    await page.locator('#field-count').pressSequentially('-12');
    await expect(page.locator('#field-count')).toHaveValue('-12');
    await page.locator('#field-price').pressSequentially('3.14');

    await form.getByRole('combobox', { name: '级别' }).click();
    await page.getByRole('option', { name: '中' }).click();

    await page.locator('#field-tags').click();
    await page.getByRole('option', { name: '新闻' }).click();
    await page.getByRole('option', { name: '公告' }).click();
    // max 2: the third option cannot be chosen any more.
    await expect(page.getByRole('option', { name: '活动' })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    await expect(slot(page, 'tags')).toContainText('已选 2 项');

    await typeDate({ field: slot(page, 'publish_at'), digits: '202605011030' });
    await typeDate({ field: slot(page, 'open_day'), digits: '20260615' });

    await page.locator('#field-theme').fill('#FF5500');
    await page.locator('#field-theme').blur();
    await expect(page.locator('#field-theme')).toHaveValue('#ff5500');

    await page.locator('#field-partner').click();
    await page.getByRole('option', { name: '星辰科技' }).click();

    // Uploads: wrong type and oversize are refused in the browser with the product's messages …
    await fileInput(page, 'cover').setInputFiles(files.text);
    await expect(toast(page, '上传格式不正确，请上传图片格式')).toBeVisible();
    await fileInput(page, 'cover').setInputFiles(files.oversize);
    await expect(toast(page, '上传文件大小不能超过 20 MB!')).toBeVisible();
    // … and a .png that is not a picture passes that check but is refused by the server, whose
    // message is shown (identical toasts are merged, so wait until the browser's one has left the page,
    // exit animation included).
    await expect(toast(page, '上传格式不正确，请上传图片格式')).toHaveCount(0, { timeout: 10_000 });
    await fileInput(page, 'cover').setInputFiles(files.fakePng);
    await expect(toast(page, '上传格式不正确，请上传图片格式')).toBeVisible();
    await expect(slot(page, 'cover').locator('img')).toHaveCount(0);

    await fileInput(page, 'cover').setInputFiles(files.png('cover.png'));
    await expect(slot(page, 'cover').locator('img')).toHaveAttribute('src', UPLOAD_URL);

    // An upload can be cancelled while it runs (held back here so there is time to press 取消).
    await page.route('**/upload_one_file**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue().catch(() => undefined);
    });
    await fileInput(page, 'logo').setInputFiles(files.jpeg);
    await expect(slot(page, 'logo').getByRole('progressbar')).toBeVisible();
    await slot(page, 'logo').getByRole('button', { name: '取消上传 logo.jpg' }).click();
    await expect(toast(page, '已取消上传：logo.jpg')).toBeVisible();
    await expect(slot(page, 'logo').getByRole('progressbar')).toHaveCount(0);
    await page.unroute('**/upload_one_file**');
    await fileInput(page, 'logo').setInputFiles(files.jpeg);
    await expect(slot(page, 'logo').locator('img')).toHaveAttribute('src', UPLOAD_URL);

    // Several pictures at once; one removed (del_oss_file), the other two swapped with the keyboard.
    await fileInput(page, 'gallery').setInputFiles([
      files.png('a.png'),
      files.png('b.png'),
      files.png('c.png'),
    ]);
    const pictures = slot(page, 'gallery').locator('li[data-picture-url]');
    await expect(pictures).toHaveCount(3);
    const [first, second, third] = await pictures.evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-picture-url') ?? ''),
    );
    const deleted = page.waitForResponse((response) => response.url().includes('/del_oss_file'));
    await slot(page, 'gallery').getByRole('button', { name: '删除 相册第 3 张' }).click();
    expect(((await (await deleted).json()) as { code: number }).code).toBe(200);
    await expect(pictures).toHaveCount(2);
    expect(third).toMatch(UPLOAD_URL);
    const handle = slot(page, 'gallery').getByRole('button', { name: '拖动排序 相册第 1 张' });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    // The drop lands where the sensor has measured the picture to be: dnd-kit's (default) live
    // announcement says over which (a fixed wait was too short on a loaded machine). Measured before
    // the layout had settled after the deletion, the first step can leave it over its own place
    // (seen once in CI): then one more step.
    const overSecond = page.getByText(`was moved over droppable area ${second}`);
    await page.keyboard.press('ArrowRight');
    const isOverSecond = await overSecond
      .waitFor({ state: 'attached', timeout: 3000 })
      .then(() => true)
      .catch(() => false);
    if (!isOverSecond) {
      await expect(page.getByText(/was moved over droppable area/)).toBeAttached();
      await page.keyboard.press('ArrowRight');
    }
    await expect(overSecond).toBeAttached();
    await page.keyboard.press('Space');
    await expect(pictures.first()).toHaveAttribute('data-picture-url', second);

    await fileInput(page, 'clip').setInputFiles(files.mp4);
    await expect(slot(page, 'clip').locator('video')).toHaveAttribute('src', UPLOAD_URL);

    // Rich text with an inserted picture.
    const editor = page.locator('#field-body');
    await editor.click();
    await page.keyboard.type('欢迎来到星河博物馆。');
    await slot(page, 'body').getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('开放时间');
    await slot(page, 'body')
      .locator('input[aria-label="插入图片文件"]')
      .setInputFiles(files.png('inline.png'));
    await expect(editor.locator('img')).toHaveAttribute('src', UPLOAD_URL);

    // A repeatable group with two rows; each row is validated.
    await slot(page, 'staff').getByRole('button', { name: '添加一行' }).click();
    await slot(page, 'staff').getByRole('button', { name: '添加一行' }).click();
    await page.locator('#field-staff-0-person').fill('张三');
    await page.locator('#field-staff-0-phone').fill('13800000000');
    await form.getByRole('button', { name: '保存' }).click();
    await expect(slot(page, 'staff.1.person')).toContainText('请填写姓名');
    await expect(page.locator('#field-staff-1-person')).toBeFocused();
    await page.locator('#field-staff-1-person').fill('李四');

    await form.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '保存成功')).toBeVisible();

    const expected = {
      name: '星河博物馆',
      summary: '第一行\n第二行',
      count: -12,
      price: 3.14,
      level: 'mid',
      tags: ['news', 'notice'],
      publish_at: await page.evaluate(() => new Date(2026, 4, 1, 10, 30).getTime() / 1000),
      open_day: '2026-06-15',
      theme: '#ff5500',
      partner: starId,
      gallery: `${second},${first}`,
      staff: [
        { person: '张三', phone: '13800000000' },
        { person: '李四', phone: null },
      ],
      code: 1,
    };
    const saved = (await api(page).classInfo(id)).class_fields;
    expect(saved).toMatchObject(expected);
    for (const key of ['cover', 'logo', 'clip']) expect(saved[key]).toMatch(UPLOAD_URL);
    expect(saved.body).toContain('欢迎来到星河博物馆。<strong>开放时间</strong>');
    expect(saved.body).toMatch(/<img src="\/uploads\/[^"]+\.png"/);
    expect(saved.editor).toMatchObject({ name: '超级管理员' });

    // Everything is back after a reload.
    await page.reload();
    await expect(form).toBeVisible();
    await expect(page.locator('#field-name')).toHaveValue('星河博物馆');
    await expect(page.locator('#field-summary')).toHaveValue('第一行\n第二行');
    await expect(page.locator('#field-count')).toHaveValue('-12');
    await expect(page.locator('#field-price')).toHaveValue('3.14');
    await expect(form.getByRole('combobox', { name: '级别' })).toHaveText('中');
    await expect(slot(page, 'tags').locator('.MuiChip-root')).toHaveText(['新闻', '公告']);
    await expect(slot(page, 'publish_at').getByRole('group').first()).toHaveText(/2026-05-01 10:30/);
    await expect(slot(page, 'open_day').getByRole('group').first()).toHaveText(/2026-06-15/);
    await expect(page.locator('#field-theme')).toHaveValue('#ff5500');
    await expect(page.locator('#field-partner')).toHaveValue('星辰科技');
    await expect(slot(page, 'cover').locator('img')).toHaveAttribute('src', String(saved.cover));
    await expect(slot(page, 'logo').locator('img')).toHaveAttribute('src', String(saved.logo));
    await expect(pictures).toHaveCount(2);
    await expect(pictures.first()).toHaveAttribute('data-picture-url', second);
    await expect(slot(page, 'clip').locator('video')).toHaveAttribute('src', String(saved.clip));
    await expect(editor).toContainText('欢迎来到星河博物馆。开放时间');
    await expect(editor.locator('strong')).toHaveText('开放时间');
    await expect(editor.locator('img')).toHaveCount(1);
    await expect(page.locator('#field-staff-0-person')).toHaveValue('张三');
    await expect(page.locator('#field-staff-0-phone')).toHaveValue('13800000000');
    await expect(page.locator('#field-staff-1-person')).toHaveValue('李四');
    await expect(page.locator('#field-code')).toHaveValue('1');
    await expect(page.locator('#field-editor')).toHaveValue(/^超级管理员 \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  test('没有单页字段时提示去栏目管理添加', async ({ page }) => {
    const key = `single_empty_${Date.now()}`;
    await api(page).createClass({ name: '空白单页', key, class_type: '1', content_fileds: { class: [] } });
    await page.goto(`/NewsManage/${key}`);
    await expect(page.getByText('「空白单页」还没有单页字段')).toBeVisible();
    await expect(page.getByRole('link', { name: '前往栏目管理' })).toHaveAttribute('href', '/class/list');
  });
});
