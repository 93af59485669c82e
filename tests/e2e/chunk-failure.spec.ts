import { expect, test } from '@playwright/test';
import { openAdminPage, openContentList, signIn } from './support/helpers';

// Dialogs load on first use. When their chunk cannot be fetched (the network dropped, or a new
// deployment removed the old chunks), the list must still answer: a delete asks with the browser's
// own confirm box, and the 内容 form says it could not be loaded instead of doing nothing.

type Answer<T> = { code: number; message: string; data: T };

test('对话框的脚本取不到时：删除改用浏览器的确认框，新增提示加载失败', async ({ page }) => {
  const token = await signIn({ page });
  const headers = { 'X-Token': token };
  const key = `chunk_${Date.now()}`;
  const created = await page.request.post('/api/v1/manage/class_manage/save_class', {
    headers,
    data: { name: '脚本失败', key, class_type: '0', content_fileds: { list: [] } },
  });
  const classId = ((await created.json()) as Answer<{ id: number }>).data.id;
  for (const title of ['留下的一条', '要删除的一条']) {
    const saved = await page.request.post('/api/v1/manage/news_manage/save_news_info', {
      headers,
      data: { class_id: classId, title },
    });
    expect(((await saved.json()) as Answer<unknown>).code).toBe(200);
  }
  await openContentList({ page, path: `/NewsManage/${key}` });
  const table = page.getByRole('table', { name: /内容$/ });
  await expect(table.getByText('要删除的一条')).toBeVisible();

  // From here on no script can be fetched; the API still answers.
  await page.route('**/_next/static/**/*.js', (route) => route.abort('internetdisconnected'));

  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.accept();
  });
  await table.getByRole('button', { name: '删除「要删除的一条」' }).click();
  await expect(table.getByText('要删除的一条')).toHaveCount(0);
  await expect(table.getByText('留下的一条')).toBeVisible();
  expect(asked).toHaveLength(1);
  expect(asked[0]).toContain('该信息将移到回收站');

  await page.getByRole('toolbar', { name: '内容操作' }).getByRole('button', { name: '新增' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '内容表单加载失败' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: '内容' })).toHaveCount(0);
  // Opened again: the same answer, not a silent button.
  await page.getByRole('toolbar', { name: '内容操作' }).getByRole('button', { name: '新增' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '内容表单加载失败' })).toBeVisible();
});

test('列表的第一页取不到时：显示加载失败和重试，而不是暂无数据', async ({ page }) => {
  const token = await signIn({ page });
  const key = `listfail_${Date.now()}`;
  const name = `取不到${Date.now() % 10_000}`;
  const created = await page.request.post('/api/v1/manage/class_manage/save_class', {
    headers: { 'X-Token': token },
    data: { name, key, class_type: '0', content_fileds: { list: [] } },
  });
  const classId = ((await created.json()) as Answer<{ id: number }>).data.id;
  await page.request.post('/api/v1/manage/news_manage/save_news_info', {
    headers: { 'X-Token': token },
    data: { class_id: classId, title: '重试后出现的一条' },
  });

  await openAdminPage({ page, path: '/home' });
  await page.route('**/news_manage/get_news_list**', (route) => route.abort('internetdisconnected'));
  const refused = page.waitForEvent('requestfailed', (request) => request.url().includes('/get_news_list'));
  const menu = page.getByRole('navigation', { name: '侧边菜单' });
  await menu.getByText('内容管理', { exact: true }).first().click();
  // Now and then (1 run in about 80 with the CPU loaded here; in CI once) a click on the link just shown does not
  // navigate: the menu is open, the link is there, the URL stays /home for 10 s. Next's issue tracker reports
  // intermittently ignored Link clicks in production builds (vercel/next.js#75566). A person clicks again; so
  // does the test. What it checks is the list's failure below, not the click.
  await expect(async () => {
    await menu.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/NewsManage/${key}$`), { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await refused;
  const failed = page.getByRole('alert').filter({ hasText: '内容列表加载失败' });
  await expect(failed).toBeVisible();
  await expect(page.getByText('暂无数据')).toHaveCount(0);

  await page.unroute('**/news_manage/get_news_list**');
  await failed.getByRole('button', { name: '重试' }).click();
  await expect(page.getByRole('table', { name: /内容$/ }).getByText('重试后出现的一条')).toBeVisible();
  await expect(failed).toHaveCount(0);
});
