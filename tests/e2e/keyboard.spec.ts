import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, apiLogin } from './support/helpers';

// Issue 26: the main flow by keyboard alone — sign in, open a category from the menu, search, open
// 编辑, change a field, save with Ctrl/⌘+Enter, open it again and close it with Esc — with the focus
// visible at every control it lands on, kept inside the open dialog and given back when it closes.
// Nothing is clicked: locators only say which control the Tab key should have reached.

type Answer<T> = { code: number; message: string; data: T };

const BASE_SET = {
  title: { name: '标题', showlist: true, isshow: true },
  short_title: { name: '副标题', showlist: false, isshow: false },
  intro: { name: '简介', showlist: false, isshow: false },
  content: { name: '正文', showlist: false, isshow: true },
};
const SCHEMA = [
  { key: 'author', title: '作者', type: 'string', style: '50%', isshow: true, showlist: true, search: false },
];

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
const tabTo = async (page: Page, target: Locator, { max = 60, back = false } = {}) => {
  for (let press = 0; press < max; press += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab did not reach ${target} in ${max} presses`);
};

/** The focused control shows it: it matches :focus-visible and draws an outline (or, a text field, its focused frame). */
const expectFocusShown = async (page: Page) => {
  const look = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return null;
    const style = getComputedStyle(element);
    return {
      isFocusVisible: element.matches(':focus-visible'),
      hasOutline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
      isFramedField: Boolean(element.closest('.MuiInputBase-root.Mui-focused')),
    };
  });
  expect(look?.isFocusVisible).toBe(true);
  expect(look?.hasOutline || look?.isFramedField).toBe(true);
};

const isFocusInside = (scope: Locator) =>
  scope.evaluate((element) => element.contains(document.activeElement));

test('只用键盘：登录、从菜单打开栏目、搜索、编辑、Ctrl+Enter 保存、Esc 关闭', async ({ page, request }) => {
  // The category and its items, made through the API from a separate request context: the browser
  // itself arrives at /login signed out.
  const token = await apiLogin({ request });
  const headers = { 'X-Token': token };
  const key = `kbd_${Date.now()}`;
  const name = `键盘栏目${Date.now() % 10000}`;
  const created = await request.post('/api/v1/manage/class_manage/save_class', {
    headers,
    data: { name, key, class_type: '0', content_fileds: { list: SCHEMA, base_set: BASE_SET } },
  });
  const category = (await created.json()) as Answer<{ id: number }>;
  expect(category.code, category.message).toBe(200);
  for (const title of ['校园开放日安排', '招生简章发布']) {
    const saved = await request.post('/api/v1/manage/news_manage/save_news_info', {
      headers,
      data: { class_id: category.data.id, title, author: '招生办' },
    });
    expect(((await saved.json()) as Answer<unknown>).code).toBe(200);
  }

  // Sign in: the user name has the focus; Tab to the password; Enter submits.
  await page.goto('/login');
  await expect(page.getByLabel('用户名')).toBeFocused();
  await page.keyboard.type(ADMIN.username);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('密码', { exact: true })).toBeFocused();
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
  const menu = page.getByRole('navigation', { name: '侧边菜单' });
  await expect(menu).toBeVisible();

  // The menu: 内容管理 unfolds with Enter, then the category's entry opens its list.
  const group = menu.getByRole('button', { name: '内容管理' });
  await tabTo(page, group);
  await expectFocusShown(page);
  await page.keyboard.press('Enter');
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  const entry = menu.getByRole('link', { name });
  await tabTo(page, entry);
  await expectFocusShown(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/NewsManage/${key}$`));
  const rows = page.getByRole('table', { name: /内容$/ }).locator('tbody tr');
  await expect(rows).toHaveCount(2);

  // Search: Tab to 标题 in the search form, type, Enter.
  const search = page.getByRole('search', { name: '搜索内容' });
  await tabTo(page, search.getByLabel('标题', { exact: true }));
  await page.keyboard.type('开放日');
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(1);

  // 编辑 with Enter: the dialog opens with the focus inside it, and Tab does not leave it.
  const edit = page.getByRole('button', { name: '编辑「校园开放日安排」' });
  await tabTo(page, edit);
  await expectFocusShown(page);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '内容' });
  const author = dialog.locator('#field-author');
  await expect(author).toHaveValue('招生办');
  await expect.poll(() => isFocusInside(dialog)).toBe(true);
  for (let press = 0; press < 30; press += 1) {
    await page.keyboard.press(press % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await isFocusInside(dialog), `after ${press + 1} presses`).toBe(true);
  }

  // Change 作者 and save with Ctrl+Enter (⌘+Enter on a Mac): the dialog closes, the row shows the
  // new value, and the focus is back on the 编辑 button it came from.
  await tabTo(page, author);
  await expectFocusShown(page);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('教务处');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(dialog).toBeHidden();
  await expect(rows.first()).toContainText('教务处');
  await expect(edit).toBeFocused();
  await expectFocusShown(page);

  // Again with Enter, then Esc: nothing changed, so it closes at once and gives the focus back.
  await page.keyboard.press('Enter');
  await expect(author).toHaveValue('教务处');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
});
