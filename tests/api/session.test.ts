import { POST as changePasswordRoute } from '@/app/api/v1/manage/login/change_password/route';
import { GET as infoRoute } from '@/app/api/v1/manage/login/info/route';
import { POST as loginRoute } from '@/app/api/v1/manage/login/login/route';
import { POST as logoutRoute } from '@/app/api/v1/manage/login/logout/route';
import { hashToken } from '@/lib/auth/token';
import { getDb } from '@/lib/db/client';
import { call } from '../helpers/api';
import { createUser, loginAs, signedIn } from '../helpers/users';

const info = (token: string) => call(infoRoute, { token });

describe('POST login/logout', () => {
  it('stops the token at once (later calls get 50008) and clears the page cookie', async () => {
    const { token } = await signedIn();
    expect((await info(token)).body.code).toBe(200);
    const result = await call(logoutRoute, { method: 'POST', token });
    expect(result.body.code).toBe(200);
    expect(result.headers.get('set-cookie')).toMatch(/cms_session=;.*Max-Age=0/);
    expect((await info(token)).body.code).toBe(50008);
    // Logging out again is harmless and still clears the page cookie.
    const again = await call(logoutRoute, { method: 'POST', token });
    expect(again.body.code).toBe(200);
    expect(again.headers.get('set-cookie')).toMatch(/cms_session=;/);
    expect((await info(token)).body.code).toBe(50008);
  });

  it('ends only that session', async () => {
    const { user, token } = await signedIn();
    const other = await loginAs(user);
    await call(logoutRoute, { method: 'POST', token });
    expect((await info(other)).body.code).toBe(200);
  });
});

describe('POST login/change_password', () => {
  it('refuses a wrong old password and changes nothing', async () => {
    const { user, token } = await signedIn();
    const result = await call(changePasswordRoute, {
      method: 'POST',
      token,
      body: { old_password: 'Not-the-old1', new_password: 'Brand-new-pw9' },
    });
    expect(result.body).toMatchObject({ code: 400, message: '原密码不正确' });
    expect(await loginAs(user)).toBeTruthy();
  });

  it.each([
    ['too short', 'ab1', '密码长度 8–64 位，且至少包含小写字母、大写字母、数字、符号中的 2 种'],
    ['no digit', 'abcdefghij', '密码长度 8–64 位，且至少包含小写字母、大写字母、数字、符号中的 2 种'],
    ['no letter', '1234567890', '密码长度 8–64 位，且至少包含小写字母、大写字母、数字、符号中的 2 种'],
  ])('refuses a new password that is %s', async (_name, newPassword, message) => {
    const { user, token } = await signedIn();
    const result = await call(changePasswordRoute, {
      method: 'POST',
      token,
      body: { old_password: user.password, new_password: newPassword },
    });
    expect(result.body).toMatchObject({ code: 400, message });
  });

  it('refuses the same password', async () => {
    const { user, token } = await signedIn();
    const result = await call(changePasswordRoute, {
      method: 'POST',
      token,
      body: { old_password: user.password, new_password: user.password },
    });
    expect(result.body).toMatchObject({ code: 400, message: '新密码不能与原密码相同' });
  });

  it('changes it, keeps this session, ends every other one with 50012, and the old password stops working', async () => {
    const { user, token } = await signedIn({ password: 'Old-password1' });
    const elsewhere = await loginAs(user);
    const result = await call(changePasswordRoute, {
      method: 'POST',
      token,
      body: { old_password: 'Old-password1', new_password: 'New-password2' },
    });
    expect(result.body.code).toBe(200);
    expect((await info(token)).body.code).toBe(200);
    const ended = await info(elsewhere);
    expect(ended.status).toBe(401);
    expect(ended.body.code).toBe(50012);
    const old = await call(loginRoute, {
      method: 'POST',
      body: { username: user.username, password: 'Old-password1' },
    });
    expect(old.body.code).toBe(60204);
    expect(await loginAs({ username: user.username, password: 'New-password2' })).toBeTruthy();
  });
});

describe('session expiry', () => {
  const ageSession = async (token: string, data: { lastSeenAt?: Date; expiresAt?: Date }) => {
    const db = await getDb();
    await db.adminSession.update({ where: { tokenHash: hashToken(token) }, data });
  };

  it('answers 50014 after the idle timeout', async () => {
    const { token } = await signedIn();
    await ageSession(token, { lastSeenAt: new Date(Date.now() - 5 * 3600_000) });
    const result = await info(token);
    expect(result.body).toMatchObject({ code: 50014, message: '登录已过期，请重新登录' });
  });

  it('answers 50014 after the absolute lifetime even when active', async () => {
    const { token } = await signedIn();
    await ageSession(token, { expiresAt: new Date(Date.now() - 1000) });
    expect((await info(token)).body.code).toBe(50014);
  });

  it('refreshes the idle clock on use', async () => {
    const { token } = await signedIn();
    const longAgo = new Date(Date.now() - 30 * 60_000);
    await ageSession(token, { lastSeenAt: longAgo });
    expect((await info(token)).body.code).toBe(200);
    const db = await getDb();
    const session = await db.adminSession.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
    expect(session.lastSeenAt.getTime()).toBeGreaterThan(longAgo.getTime());
  });

  it('ends the sessions of a user who is disabled afterwards', async () => {
    const { user, token } = await signedIn();
    const db = await getDb();
    await db.adminUser.update({ where: { id: user.id }, data: { isDisabled: true } });
    expect((await info(token)).body).toMatchObject({ code: 50012, message: '该账号已被停用，请联系管理员' });
  });

  it('keeps the sessions of other users apart', async () => {
    const a = await signedIn();
    const b = await createUser();
    await loginAs(b);
    expect((await info(a.token)).body.code).toBe(200);
  });
});
