import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, ADMIN, fillLogin, signIn } from './support/helpers';

// A content list opened by a full page load (e.g. right after signing in) is rendered on the server
// with its rows (lib/routes/first-screen.ts): visible before the scripts have run, with the same
// checks as the API calls it replaces, then taken over by React without a second request.

type Answer<T> = { code: number; message: string; data: T };

const api = (request: APIRequestContext, token: string) => ({
  post: async <T>(path: string, data: unknown) => {
    const response = await request.post(`/api/v1/manage/${path}`, { headers: { 'X-Token': token }, data });
    const answer = (await response.json()) as Answer<T>;
    expect(answer.code, `${path}: ${answer.message}`).toBe(200);
    return answer.data;
  },
});

const createList = async (request: APIRequestContext, token: string, label: string, count: number) => {
  const key = `first_${label}_${Date.now()}_${Math.floor(Math.random() * 1000)}`;
  const { id } = await api(request, token).post<{ id: number }>('class_manage/save_class', {
    name: `首屏${label}`,
    key,
    class_type: '0',
    content_fileds: { list: [] },
  });
  const titles: string[] = [];
  for (let index = 1; index <= count; index += 1) {
    const title = `首屏${label}第${index}条`;
    titles.push(title);
    await api(request, token).post('news_manage/save_news_info', {
      class_id: id,
      title,
      // 2026-01-02 03:04 UTC plus an hour per item: 11:04 … in Asia/Shanghai.
      new_time: Date.UTC(2026, 0, 2, 3 + index, 4) / 1000,
    });
  }
  return { id, key, titles };
};

const listRegion = (page: Page, name: string) => page.getByRole('region', { name: `${name}内容列表` });

test.describe('首屏：服务器渲染的内容列表', () => {
  test('the HTML of a signed-in full load carries the rows; the header naming the path cannot be sent from outside', async ({
    page,
    request,
  }) => {
    const token = await signIn({ page });
    const a = await createList(page.request, token, 'A', 2);
    const b = await createList(page.request, token, 'B', 1);

    const html = await (await page.request.get(`/NewsManage/${a.key}`)).text();
    for (const title of a.titles) expect(html).toContain(title);
    expect(html).toContain('aria-busy="true"');

    // The path header is set by the server itself: one sent by the client is replaced.
    const spoofed = await page.request.get(`/NewsManage/${a.key}`, {
      headers: { 'x-cms-page-path': `/NewsManage/${b.key}` },
    });
    const spoofedHtml = await spoofed.text();
    expect(spoofedHtml).toContain(a.titles[0]);
    expect(spoofedHtml).not.toContain(b.titles[0]);

    // Signed out (a request context without the browser's cookies): the login page, none of the rows.
    const anonymous = await request.get(`/NewsManage/${a.key}`, { maxRedirects: 0 });
    expect(anonymous.status()).toBeGreaterThanOrEqual(300);
    expect(await anonymous.text()).not.toContain(a.titles[0]);
  });

  test('a user without the category gets no rows of it in the HTML', async ({ page, browser }) => {
    const token = await signIn({ page });
    const own = await createList(page.request, token, 'Own', 1);
    const other = await createList(page.request, token, 'Other', 1);
    const username = `first${Date.now() % 1_000_000}`;
    await api(page.request, token).post('manage_user/save_user', {
      username,
      name: '首屏编辑',
      roles: ['news_content'],
      class_ids: [own.id],
      password: 'Editor12345',
    });
    const context = await browser.newContext({ locale: 'zh-CN' });
    const editor = await context.newPage();
    await apiLogin({ request: editor.request, username, password: 'Editor12345' });

    expect(await (await editor.request.get(`/NewsManage/${own.key}`)).text()).toContain(own.titles[0]);
    const refused = await editor.request.get(`/NewsManage/${other.key}`);
    expect(await refused.text()).not.toContain(other.titles[0]);
    await context.close();
  });

  test('signing in lands on the rendered list: no list request, no hydration error, dates in the browser’s time zone, then clickable', async ({
    browser,
    request,
  }) => {
    const token = await apiLogin({ request });
    const list = await createList(request, token, 'Tz', 12);

    const context = await browser.newContext({
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      viewport: { width: 1366, height: 800 },
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const listCalls: string[] = [];
    page.on('request', (sent) => {
      if (/get_news_list|get_calss_info/.test(sent.url())) listCalls.push(sent.url());
    });

    await page.goto(`/login?redirect=${encodeURIComponent(`/NewsManage/${list.key}`)}`);
    await page.locator('input[name="username"]').waitFor();
    await fillLogin({ page, ...ADMIN });
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/NewsManage/${list.key}$`));
    const region = listRegion(page, '首屏Tz');
    // Newest first: item 12 at 2026-01-02 15:04 UTC = 23:04 in Asia/Shanghai.
    const newest = region.getByRole('row').filter({ hasText: '首屏Tz第12条' });
    await expect(newest).toBeVisible();
    await expect(region).not.toHaveAttribute('aria-busy', 'true');
    await expect(newest).toContainText('2026-01-02 23:04');
    await expect(region.getByRole('button', { name: '新增' })).toBeEnabled();
    expect(listCalls, 'the first screen came with the page').toEqual([]);
    expect(problems, 'no hydration or script errors').toEqual([]);

    // Page 2 (10 per page by default) is asked for as usual.
    const second = page.waitForResponse((response) => response.url().includes('get_news_list'));
    await page.getByRole('button', { name: /下一页/ }).click();
    expect(new URL((await second).url()).searchParams.get('page')).toBe('2');
    await expect(region.getByRole('row').filter({ hasText: '首屏Tz第2条' })).toBeVisible();
    await context.close();
  });
});
