import { expect, test } from '@playwright/test';

// What server/server.mjs itself promises, over real HTTP (the manage API bypasses Next's router).
const LOGIN = '/api/v1/manage/login/login';

test.describe('生产服务器（server/server.mjs）', () => {
  test('伪造的 X-Forwarded-For 换不来新的登录次数：按真实连接地址限流', async ({ request }) => {
    const username = `nobody-${Date.now()}`;
    for (let i = 1; i <= 5; i += 1) {
      const response = await request.post(LOGIN, {
        data: { username, password: 'Wrong-pass-1' },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      expect((await response.json()).code).toBe(60204);
    }
    const sixth = await request.post(LOGIN, {
      data: { username, password: 'Wrong-pass-1' },
      headers: { 'x-forwarded-for': '198.51.100.77' },
    });
    expect(await sixth.json()).toMatchObject({ code: 429, message: '登录失败次数过多，请稍后再试' });
  });

  test('TLS 代理报 https 时页面会话 Cookie 带 Secure，直连 http 时不带', async ({ request }) => {
    const password = process.env.E2E_ADMIN_PASSWORD || 'Admin12345';
    const viaProxy = await request.post(LOGIN, {
      data: { username: 'admin', password },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect((await viaProxy.json()).code).toBe(200);
    expect(viaProxy.headers()['set-cookie']).toMatch(/cms_session=.*;\s*Secure/i);
    const direct = await request.post(LOGIN, { data: { username: 'admin', password } });
    expect((await direct.json()).code).toBe(200);
    expect(direct.headers()['set-cookie']).toMatch(/cms_session=/);
    expect(direct.headers()['set-cookie']).not.toMatch(/Secure/i);
  });

  test('未知接口与不支持的方法仍由 Next 按约定回答', async ({ request }) => {
    const unknown = await request.get('/api/v1/manage/news_manage/no_such_action');
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 404, message: '接口不存在' });
    const wrongMethod = await request.put('/api/v1/manage/news_manage/get_news_list');
    expect(wrongMethod.status()).toBe(405);
  });
});
