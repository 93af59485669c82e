import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';

/** The first admin of the test server (scripts/e2e-server.mjs sets the same password). */
export const ADMIN = { username: 'admin', password: process.env.E2E_ADMIN_PASSWORD || 'Admin12345' } as const;

/**
 * Signs in through the API as the login form would and answers the token; a page's or context's
 * `request` also keeps the answer's cookies. Every spec signs in through this (or signIn/signInAs).
 */
export const apiLogin = async ({
  request,
  username = ADMIN.username,
  password = ADMIN.password,
}: {
  request: APIRequestContext;
  username?: string;
  password?: string;
}) => {
  const response = await request.post('/api/v1/manage/login/login', { data: { username, password } });
  const body = (await response.json()) as { code: number; message: string; data: { token: string } };
  expect(body.code, `${username} API login: ${body.message}`).toBe(200);
  return body.data.token;
};
export const PRODUCT_TITLE = '内容管理后台';

/** Signs the page's browser context in through the API, as the login form would (both cookies). */
export const signIn = async ({ page, password = ADMIN.password }: { page: Page; password?: string }) => {
  const token = await apiLogin({ request: page.request, password });
  await setAdminToken({ context: page.context(), token });
  return token;
};

export const setAdminToken = async ({ context, token }: { context: BrowserContext; token: string }) => {
  const url = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT || 3210}`;
  await context.addCookies([{ name: 'Admin-Token', value: token, url, sameSite: 'Lax' }]);
};

export const cookieValue = async ({ page, name }: { page: Page; name: string }) =>
  (await page.context().cookies()).find((cookie) => cookie.name === name)?.value;

export const fillLogin = async ({
  page,
  username,
  password,
}: {
  page: Page;
  username: string;
  password: string;
}) => {
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
};

export const sidebar = (page: Page) => page.getByRole('navigation', { name: '侧边菜单' });
export const tagBar = (page: Page) => page.getByRole('navigation', { name: '已打开的页面' });
export const tagLink = (page: Page, title: string) =>
  tagBar(page).getByRole('link', { name: title, exact: true });

/** Titles of the open tags, left to right. */
export const tagTitles = async (page: Page) =>
  (await tagBar(page).getByRole('link').allInnerTexts()).map((text) => text.trim());

/**
 * Opens an admin page and waits until the shell has hydrated: its client guard calls login/info
 * from an effect, so typing cannot race React taking over the server-rendered form.
 */
export const openAdminPage = async ({ page, path }: { page: Page; path: string }) => {
  const info = page.waitForResponse((response) => response.url().includes('/api/v1/manage/login/info'));
  await page.goto(path);
  await info;
};

/**
 * Opens a content list by a full load and waits until React has taken it over: the server sends its
 * rows with the page, and its controls stay disabled (the region aria-busy) until then.
 */
export const openContentList = async ({ page, path }: { page: Page; path: string }) => {
  await page.goto(path);
  const region = page.getByRole('region', { name: /内容列表$/ });
  await expect(region).toBeVisible();
  await expect(region).not.toHaveAttribute('aria-busy', 'true');
};

export const reloadAdminPage = async ({ page }: { page: Page }) => {
  const info = page.waitForResponse((response) => response.url().includes('/api/v1/manage/login/info'));
  await page.reload();
  await info;
};

/** A second browser, signed in as `username` through the API as the login form would. */
export const signInAs = async ({
  browser,
  username,
  password,
  width = 1366,
}: {
  browser: Browser;
  username: string;
  password: string;
  width?: number;
}) => {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width, height: 800 } });
  const page = await context.newPage();
  const token = await apiLogin({ request: page.request, username, password });
  await setAdminToken({ context, token });
  return { context, page, token };
};

/** Waits until no finite animation is running (a dialog sliding in is seen, or measured by axe, where it stops). */
export const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
