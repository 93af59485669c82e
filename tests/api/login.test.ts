import { POST as loginRoute } from '@/app/api/v1/manage/login/login/route';
import { GET as infoRoute } from '@/app/api/v1/manage/login/info/route';
import { getDb } from '@/lib/db/client';
import { hashToken } from '@/lib/auth/token';
import { call } from '../helpers/api';
import { createUser } from '../helpers/users';

const login = (body: unknown, ip?: string) =>
  call<{ token: string }>(loginRoute, { method: 'POST', body, ip });

describe('POST login/login', () => {
  it('answers a token for the right pair and stores only its hash', async () => {
    const user = await createUser({ roles: ['news_content'] });
    const result = await login({ username: user.username, password: user.password });
    expect(result.status).toBe(200);
    expect(result.body.code).toBe(200);
    const { token } = result.body.data;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const db = await getDb();
    const sessions = await db.adminSession.findMany({ where: { userId: user.id } });
    expect(sessions).toHaveLength(1);
    expect(sessions[0].tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(sessions)).not.toContain(token);
    expect(result.headers.get('set-cookie')).toMatch(/cms_session=Fe26/);
    expect(result.headers.get('set-cookie')).toMatch(/HttpOnly/);
  });

  it('gives two logins two different tokens', async () => {
    const user = await createUser();
    const a = await login({ username: user.username, password: user.password });
    const b = await login({ username: user.username, password: user.password });
    expect(a.body.data.token).not.toBe(b.body.data.token);
  });

  it.each([
    ['wrong password', (u: { username: string }) => ({ username: u.username, password: 'Wrong-pass1' })],
    ['unknown user', () => ({ username: 'nobody_here', password: 'Wrong-pass1' })],
  ])('refuses a %s with 60204 and the same message', async (_name, body) => {
    const user = await createUser();
    const result = await login(body(user));
    expect(result.body.code).toBe(60204);
    expect(result.body.message).toBe('用户名或密码错误');
    expect(result.body.data).toBeNull();
    expect(result.status).toBe(401);
  });

  it('refuses a disabled user with a clear message and no token', async () => {
    const user = await createUser({ isDisabled: true });
    const result = await login({ username: user.username, password: user.password });
    expect(result.body.code).toBe(403);
    expect(result.body.message).toBe('该账号已被停用，请联系管理员');
    expect(result.body.data).toBeNull();
    const db = await getDb();
    expect(await db.adminSession.count({ where: { userId: user.id } })).toBe(0);
  });

  it('validates input with Chinese messages', async () => {
    expect((await login({ username: '', password: 'x' })).body).toMatchObject({
      code: 400,
      message: '请输入用户名',
    });
    expect((await login({ username: 'a' })).body).toMatchObject({ code: 400, message: '请输入密码' });
    const malformed = await loginRoute(
      new Request('http://127.0.0.1/api/v1/manage/login/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"username":',
      }),
    );
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 400, message: '请求格式不正确' });
  });
});

describe('login throttling', () => {
  it('answers 429 after 5 failures for a username+IP until the window passes, kept in the database', async () => {
    const user = await createUser();
    const ip = '10.9.8.7';
    for (let i = 0; i < 5; i += 1) {
      expect((await login({ username: user.username, password: 'Wrong-pass1' }, ip)).body.code).toBe(60204);
    }
    const blocked = await login({ username: user.username, password: user.password }, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 429, message: '登录失败次数过多，请稍后再试', data: null });

    // Another IP is not blocked by this one's failures.
    expect((await login({ username: user.username, password: user.password }, '10.9.8.8')).body.code).toBe(
      200,
    );

    // Once the window has passed (attempts older than 15 minutes), the right password works again.
    const db = await getDb();
    await db.loginAttempt.updateMany({
      where: { username: user.username, ip },
      data: { createdAt: new Date(Date.now() - 16 * 60_000) },
    });
    expect((await login({ username: user.username, password: user.password }, ip)).body.code).toBe(200);
  });

  it('counts only failures after the last success', async () => {
    const user = await createUser();
    const ip = '10.1.1.1';
    for (let i = 0; i < 4; i += 1) await login({ username: user.username, password: 'Wrong-pass1' }, ip);
    expect((await login({ username: user.username, password: user.password }, ip)).body.code).toBe(200);
    for (let i = 0; i < 4; i += 1) await login({ username: user.username, password: 'Wrong-pass1' }, ip);
    expect((await login({ username: user.username, password: user.password }, ip)).body.code).toBe(200);
  });

  it('caps failures per username across addresses, so a forged X-Forwarded-For does not bypass it', async () => {
    const user = await createUser();
    for (let i = 0; i < 20; i += 1)
      await login({ username: user.username, password: 'Wrong-pass1' }, `10.2.0.${i}`);
    expect((await login({ username: user.username, password: user.password }, '10.2.1.1')).body.code).toBe(
      429,
    );
  });
});

describe('GET login/info', () => {
  it('answers the profile with a non-empty roles array, token by header or query', async () => {
    const user = await createUser({ roles: ['class_manage', 'news_content'], name: '编辑甲' });
    const token = (await login({ username: user.username, password: user.password })).body.data.token;
    for (const options of [{ token }, { query: { token } }]) {
      const result = await call<{ name: string; roles: string[] }>(infoRoute, options);
      expect(result.body.code).toBe(200);
      expect(result.body.data).toEqual({
        name: '编辑甲',
        avatar: '',
        introduction: '',
        roles: ['class_manage', 'news_content'],
        username: user.username,
      });
    }
  });

  it('answers 50008 without a token or with an unknown one', async () => {
    expect((await call(infoRoute)).body.code).toBe(50008);
    const unknown = await call(infoRoute, { token: 'not-a-real-token' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe(50008);
  });
});
