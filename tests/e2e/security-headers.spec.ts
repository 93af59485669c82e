import { expect, test, type Page } from '@playwright/test';
import { rawRequest } from '../helpers/raw-request';
import { ADMIN, cookieValue, fillLogin, signIn } from './support/helpers';
import { fieldDef } from './support/field-fixtures';

const port = Number(process.env.E2E_PORT || 3210);

// The headers server/server.mjs puts on every answer, and the pages working under their
// Content-Security-Policy in a real browser.

/** Collects the page's CSP violations from the moment it loads (init scripts are not subject to CSP). */
const watchViolations = async (page: Page) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(
        `${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} @${location.pathname}`,
      ),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
};

const nonceOf = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];

test.describe('安全响应头与内容安全策略', () => {
  test('页面带每次不同的 nonce 策略；登录、内容列表、编辑器、设置页都在策略下正常运行', async ({ page }) => {
    const violations = await watchViolations(page);
    const first = await page.goto('/login');
    const second = await page.request.get('/login');
    const policy = first?.headers()['content-security-policy'];
    expect(policy).toContain("script-src 'self' 'nonce-");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    // Only `npm run dev`'s policy allows eval (server/security-headers.js).
    expect(policy).not.toContain('unsafe-eval');
    expect(first?.headers()['x-content-type-options']).toBe('nosniff');
    expect(nonceOf(policy)).toBeTruthy();
    expect(nonceOf(second.headers()['content-security-policy'])).not.toBe(nonceOf(policy));

    // Sign in through the form: only works if Next's scripts ran under the policy.
    await fillLogin({ page, username: ADMIN.username, password: ADMIN.password });
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await expect(page.getByRole('navigation', { name: '侧边菜单' })).toBeVisible();

    const token = (await cookieValue({ page, name: 'Admin-Token' })) ?? '';
    const key = `csp_${Date.now()}`;
    const created = await page.request.post('/api/v1/manage/class_manage/save_class', {
      headers: { 'X-Token': token },
      data: {
        name: 'CSP 栏目',
        key,
        class_type: '0',
        content_fileds: {
          list: [fieldDef({ key: 'author', title: '作者', showlist: true })],
          base_set: { content: { name: '正文', showlist: false, isshow: true } },
        },
      },
    });
    expect((await created.json()).code).toBe(200);

    await page.goto(`/NewsManage/${key}`);
    await expect(page.getByRole('table', { name: /内容$/ })).toBeVisible();
    await page.getByRole('toolbar', { name: '内容操作' }).getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '内容' });
    await expect(dialog.locator('.ProseMirror')).toBeVisible();
    await dialog.locator('.ProseMirror').click();
    await page.keyboard.type('正文可以编辑');
    await expect(dialog.locator('.ProseMirror')).toContainText('正文可以编辑');
    await page.keyboard.press('Escape');

    for (const path of ['/system/set', '/manageuser/list', '/myinfo/index']) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
    }
    expect(await violations()).toEqual([]);
  });

  test('注入的内联事件脚本不会执行，并被策略记录', async ({ page }) => {
    await signIn({ page });
    const violations = await watchViolations(page);
    await page.goto('/home');
    await expect(page.getByRole('navigation', { name: '侧边菜单' })).toBeVisible();
    await page.evaluate(() => {
      const box = document.createElement('div');
      box.innerHTML =
        '<img src="data:," onerror="window.__pwned = 1"><a href="javascript:window.__pwned=2">x</a>';
      document.body.appendChild(box);
      box.querySelector('a')?.click();
    });
    await expect.poll(async () => (await violations()).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test('看似静态文件或上传文件、实际可到达页面的路径，同样带页面策略', async ({ request }) => {
    // Sent as written (no URL normalisation on our side): the server decides on the path the
    // router will resolve.
    for (const path of [
      '/uploads/../login',
      '/uploads/%2e%2e/login',
      '/_next/static/../../login',
      '/_next/static/..%2flogin',
      '//uploads/x',
      '/uploads%2f..',
      '/api/../login',
    ]) {
      const answer = await rawRequest({ port, path });
      expect([path, answer.headers['content-security-policy']]).toEqual([
        path,
        expect.stringContaining("script-src 'self' 'nonce-"),
      ]);
    }
    // The login page reached that way runs under the policy: its scripts carry the nonce.
    const page = await rawRequest({ port, path: '/uploads/%2e%2e/login' });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`nonce="${nonceOf(page.headers['content-security-policy'] as string)}"`);
    // A real static file keeps its own headers.
    const script = /\/_next\/static\/[^"?]+\.js/.exec(await (await request.get('/login')).text())?.[0] ?? '';
    const file = await rawRequest({ port, path: script });
    expect([script, file.status, file.headers['content-security-policy']]).toEqual([script, 200, undefined]);
  });

  test('接口回答带 nosniff 与禁止执行的策略；无可信代理时不发 HSTS', async ({ request }) => {
    const api = await request.get('/api/v1/manage/login/info', { headers: { 'x-forwarded-proto': 'https' } });
    const headers = api.headers();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
    expect(headers['content-security-policy']).toContain("default-src 'none'");
    expect(headers['strict-transport-security']).toBeUndefined();
    // An API path Next answers (unknown) gets the same headers.
    const unknown = await request.get('/api/v1/manage/news_manage/no_such_action');
    expect(unknown.status()).toBe(404);
    expect(unknown.headers()['content-security-policy']).toContain("default-src 'none'");
  });
});
