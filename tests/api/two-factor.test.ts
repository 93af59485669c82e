// Two-factor sign-in (TOTP): setup in 个人中心, the two-step login, recovery codes, turning it off,
// 重置两步验证 by another admin. Runs on PGlite and PostgreSQL.
import { POST as changePasswordRoute } from '@/app/api/v1/manage/login/change_password/route';
import { POST as confirmRoute } from '@/app/api/v1/manage/login/confirm_two_factor/route';
import { POST as disableRoute } from '@/app/api/v1/manage/login/disable_two_factor/route';
import { GET as statusRoute } from '@/app/api/v1/manage/login/get_two_factor/route';
import { GET as infoRoute } from '@/app/api/v1/manage/login/info/route';
import { POST as loginRoute } from '@/app/api/v1/manage/login/login/route';
import { POST as secondStepRoute } from '@/app/api/v1/manage/login/login_two_factor/route';
import { POST as renewRoute } from '@/app/api/v1/manage/login/renew_recovery_codes/route';
import { POST as startRoute } from '@/app/api/v1/manage/login/start_two_factor/route';
import { POST as resetRoute } from '@/app/api/v1/manage/manage_user/reset_two_factor/route';
import { getDb } from '@/lib/db/client';
import { call, type ApiResult } from '../helpers/api';
import { advanceClock, enableTwoFactor, installClock, nextCode } from '../helpers/two-factor';
import { createUser, signedIn } from '../helpers/users';

beforeAll(installClock);
afterAll(() => jest.restoreAllMocks());

type Ticketed = { ticket: string };
const passwordStep = (user: { username: string; password: string }, ip = '10.20.0.1') =>
  call<Ticketed>(loginRoute, {
    method: 'POST',
    body: { username: user.username, password: user.password },
    ip,
  });
const secondStep = (ticket: string, code: string, cookie = '') =>
  call<{ token: string }>(secondStepRoute, {
    method: 'POST',
    body: { ticket, code },
    headers: cookie ? { cookie } : {},
  });
/** The device cookie a successful sign-in set, as the browser sends it back. */
const deviceCookieOf = (result: ApiResult) => {
  const line = result.headers.getSetCookie().find((cookie) => cookie.startsWith('cms_device_'));
  if (!line) throw new Error('no device cookie');
  return line.split(';')[0];
};
const status = async (token: string) =>
  (await call<{ enabled: boolean; recovery_codes_left: number; required: boolean }>(statusRoute, { token }))
    .body.data;
const codes = (results: ApiResult[]) => results.map((result) => result.body.code).sort();

/** The 操作日志 entries about two-factor for a user: [action, who acted]. */
const twoFactorEntries = async (userId: number) => {
  const db = await getDb();
  const rows = await db.$queryRaw<{ action: string; username: string }[]>`
    SELECT action, username FROM audit_log
    WHERE target_type = 'user' AND target_id = ${userId} AND action LIKE 'two_factor_%' ORDER BY id`;
  return rows.map((row) => [row.action, row.username]);
};

describe('setting up two-factor in 个人中心', () => {
  it('shows the secret once (QR and manual key), turns on with a code and answers 10 recovery codes', async () => {
    const { user, token } = await signedIn({ roles: ['news_content'] });
    expect(await status(token)).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required: false,
    });

    const { secret, recoveryCodes, started } = await enableTwoFactor({ token });
    expect(started.uri).toBe(
      `otpauth://totp/${encodeURIComponent('内容管理后台')}:${user.username}?secret=${secret}&issuer=${encodeURIComponent('内容管理后台')}`,
    );
    expect(started.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(started.qr.split(',')[1], 'base64').toString()).toMatch(/^<svg/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);

    const now = await status(token);
    expect(now).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    // Stored: the secret encrypted, the codes as HMACs — neither in plain text anywhere.
    const db = await getDb();
    const row = await db.adminUser.findUnique({ where: { id: user.id } });
    const rows = await db.adminRecoveryCode.findMany({ where: { userId: user.id } });
    const stored = JSON.stringify({ row, rows }, (_key, value) =>
      typeof value === 'bigint' ? String(value) : value,
    );
    expect(stored).not.toContain(secret);
    for (const code of recoveryCodes) expect(stored).not.toContain(code.replace(/-/g, ''));
    expect(row?.totpSecret).toMatch(/^v1\./);
    expect(row?.totpPendingSecret).toBeNull();
    // Never answered again: starting over is refused while it is on.
    const again = await call(startRoute, { method: 'POST', token });
    expect(again.body).toEqual({ code: 400, message: '两步验证已开启', data: null });
  });

  it('refuses a wrong code, a confirm before any start, and counts wrong codes', async () => {
    const { token } = await signedIn({ roles: ['news_content'] });
    expect((await call(confirmRoute, { method: 'POST', token, body: { code: '123456' } })).body.message).toBe(
      '请先扫描二维码开始设置',
    );
    await call(startRoute, { method: 'POST', token });
    const tries = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(confirmRoute, { method: 'POST', token, body: { code: '000000' } }),
      ),
    );
    // Five tries in all (the confirm before the start was one): four more wrong codes, then 429.
    expect(codes(tries)).toEqual([...Array(4).fill(400), ...Array(4).fill(429)].sort());
    expect((await status(token)).enabled).toBe(false);
  });
});

describe('signing in with two-factor', () => {
  it('asks for a code after the password (60206 and a ticket, no token), then signs in with it', async () => {
    const { user, token } = await signedIn({ roles: ['news_content'] });
    const { secret } = await enableTwoFactor({ token });
    const first = await passwordStep(user);
    expect(first.status).toBe(401);
    expect(first.body).toMatchObject({ code: 60206, message: '请输入两步验证码' });
    expect(first.headers.getSetCookie()).toEqual([]);
    const { ticket } = first.body.data;

    expect((await secondStep(ticket, '000000')).body).toEqual({
      code: 400,
      message: '验证码不正确',
      data: null,
    });
    // The password was right but the code wrong: a failed sign-in in the 操作日志.
    const failures = await (
      await getDb()
    ).auditLog.findMany({
      where: { action: 'login_failed', targetId: user.id },
    });
    expect(failures.map((entry) => entry.detail)).toEqual([
      { name: user.username, reason: '两步验证码错误' },
    ]);
    const code = nextCode(secret);
    const signed = await secondStep(ticket, code);
    expect(signed.body.code).toBe(200);
    expect(signed.headers.getSetCookie().join('\n')).toMatch(/cms_session=.*\n?.*cms_device_/s);
    expect((await call(infoRoute, { token: signed.body.data.token })).body.code).toBe(200);
    // The same code does not work twice, not even with a fresh ticket.
    const replay = await secondStep((await passwordStep(user)).body.data.ticket, code);
    expect(replay.body.message).toBe('验证码不正确');
  });

  it('accepts each recovery code once, in any case and without dashes', async () => {
    const { user, token } = await signedIn({ roles: ['news_content'] });
    const { recoveryCodes } = await enableTwoFactor({ token });
    const { ticket } = (await passwordStep(user)).body.data;
    const typed = recoveryCodes[3].replace(/-/g, '').toUpperCase();
    expect((await secondStep(ticket, typed)).body.code).toBe(200);
    expect((await secondStep(ticket, recoveryCodes[3])).body.message).toBe('验证码不正确');
    expect((await status(token)).recovery_codes_left).toBe(9);
    // Used in parallel, one code signs in once.
    const both = await Promise.all([
      secondStep(ticket, recoveryCodes[4]),
      secondStep(ticket, recoveryCodes[4]),
    ]);
    expect(codes(both)).toEqual([200, 400]);
  });

  it('refuses forged, expired and outdated tickets', async () => {
    const { user, token } = await signedIn({ roles: ['news_content'] });
    const { secret } = await enableTwoFactor({ token });
    const expired = { code: 400, message: '登录验证已过期，请重新输入密码', data: null };
    expect((await secondStep('Fe26.2**forged', nextCode(secret))).body).toEqual(expired);
    const old = (await passwordStep(user)).body.data.ticket;
    advanceClock(6 * 60);
    expect((await secondStep(old, nextCode(secret))).body).toEqual(expired);
    // A ticket won with a password that has changed since is dead too.
    const beforeChange = (await passwordStep(user)).body.data.ticket;
    const changed = await call(changePasswordRoute, {
      method: 'POST',
      token,
      body: { old_password: user.password, new_password: 'Another-passw0rd' },
    });
    expect(changed.body.code).toBe(200);
    expect((await secondStep(beforeChange, nextCode(secret))).body).toEqual(expired);
  });

  it('lets only 5 of 20 parallel code guesses be checked', async () => {
    const { user, token } = await signedIn({ roles: ['news_content'] });
    await enableTwoFactor({ token });
    const { ticket } = (await passwordStep(user)).body.data;
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => secondStep(ticket, String(100000 + i))),
    );
    expect(codes(guesses)).toEqual([...Array(15).fill(429), ...Array(5).fill(400)].sort());
    expect(guesses.find((guess) => guess.body.code === 429)?.body.message).toBe(
      '验证码错误次数过多，请稍后再试',
    );
  });
});

describe('code guesses from elsewhere do not lock out the owner’s trusted device', () => {
  const THROTTLED = { code: 429, message: '验证码错误次数过多，请稍后再试', data: null };

  it('the right code from a trusted device works after five wrong ones elsewhere; untrusted stay throttled', async () => {
    const { user, token } = await signedIn({ roles: ['news_content'] });
    // The owner's browser signed in before: it holds a device cookie for the user.
    const owner = deviceCookieOf(
      await call(loginRoute, {
        method: 'POST',
        body: { username: user.username, password: user.password },
        ip: '10.21.0.1',
      }),
    );
    const { secret } = await enableTwoFactor({ token });

    // Someone who knows the password spends the user's code counter from another address.
    const stolen = (await passwordStep(user, '203.0.113.7')).body.data.ticket;
    const wrong = [];
    for (let i = 0; i < 5; i += 1) wrong.push((await secondStep(stolen, String(200000 + i))).body.code);
    expect(wrong).toEqual([400, 400, 400, 400, 400]);
    expect((await secondStep(stolen, nextCode(secret))).body).toEqual(THROTTLED);

    // The owner's browser: the password step, then the right code, signs in.
    const first = await call<Ticketed>(loginRoute, {
      method: 'POST',
      body: { username: user.username, password: user.password },
      ip: '10.21.0.1',
      headers: { cookie: owner },
    });
    expect(first.body.code).toBe(60206);
    const signed = await secondStep(first.body.data.ticket, nextCode(secret), owner);
    expect(signed.body.code).toBe(200);
    const ownerToken = signed.body.data.token;

    // Untrusted clients stay throttled, right code or not, and whatever address they come from;
    // a cookie of another user or a tampered one is untrusted.
    const other = await createUser({ roles: ['news_content'] });
    const otherCookie = deviceCookieOf(
      await call(loginRoute, {
        method: 'POST',
        body: { username: other.username, password: other.password },
      }),
    );
    const tampered = `${owner.slice(0, -3)}${owner.endsWith('A') ? 'B' : 'A'}xx`;
    const ticket = (await passwordStep(user, '198.51.100.9')).body.data.ticket;
    for (const cookie of ['', otherCookie, tampered])
      expect((await secondStep(ticket, nextCode(secret), cookie)).body).toEqual(THROTTLED);

    // In 个人中心 the owner's browser still renews recovery codes with a code; without it, 429.
    const renew = (cookie: string) =>
      call(renewRoute, {
        method: 'POST',
        token: ownerToken,
        body: { code: nextCode(secret) },
        headers: cookie ? { cookie } : {},
      });
    expect((await renew('')).body).toEqual(THROTTLED);
    expect((await renew(owner)).body.code).toBe(200);
  });

  it('a trusted device is throttled on its own counter: five wrong codes there, then 429 there only', async () => {
    const { user, token } = await signedIn({ roles: ['news_content'] });
    const device = deviceCookieOf(
      await call(loginRoute, { method: 'POST', body: { username: user.username, password: user.password } }),
    );
    const second = deviceCookieOf(
      await call(loginRoute, { method: 'POST', body: { username: user.username, password: user.password } }),
    );
    const { secret } = await enableTwoFactor({ token });
    const ticket = (await passwordStep(user)).body.data.ticket;
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => secondStep(ticket, String(300000 + i), device)),
    );
    expect(codes(guesses)).toEqual([...Array(7).fill(429), ...Array(5).fill(400)].sort());
    expect((await secondStep(ticket, nextCode(secret), device)).body).toEqual(THROTTLED);
    // Another trusted device of the user, and untrusted clients, are not held back by it.
    expect((await secondStep(ticket, nextCode(secret), second)).body.code).toBe(200);
    expect((await secondStep(ticket, nextCode(secret))).body.code).toBe(200);
  });
});

describe('turning two-factor off', () => {
  it('needs a valid code of the user; then the password alone signs in again', async () => {
    const { user, token } = await signedIn({ roles: ['news_content'] });
    const { secret } = await enableTwoFactor({ token });
    expect((await call(disableRoute, { method: 'POST', token, body: { code: '000000' } })).body.message).toBe(
      '验证码不正确',
    );
    expect((await status(token)).enabled).toBe(true);
    // Turning on is in the 操作日志; the refused code above wrote nothing.
    expect(await twoFactorEntries(user.id)).toEqual([['two_factor_on', user.username]]);
    const off = await call(disableRoute, { method: 'POST', token, body: { code: nextCode(secret) } });
    expect(off.body).toEqual({ code: 200, message: '两步验证已关闭', data: null });
    expect(await twoFactorEntries(user.id)).toEqual([
      ['two_factor_on', user.username],
      ['two_factor_off', user.username],
    ]);
    expect(await status(token)).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    expect((await passwordStep(user)).body.code).toBe(200);
    const db = await getDb();
    expect(await db.adminRecoveryCode.count({ where: { userId: user.id } })).toBe(0);
    expect((await db.adminUser.findUnique({ where: { id: user.id } }))?.totpSecret).toBeNull();
  });

  it('renews recovery codes for a code: the old ones stop working', async () => {
    const { user, token } = await signedIn({ roles: ['news_content'] });
    const { secret, recoveryCodes } = await enableTwoFactor({ token });
    const renewed = await call<{ recovery_codes: string[] }>(renewRoute, {
      method: 'POST',
      token,
      body: { code: nextCode(secret) },
    });
    expect(renewed.body.data.recovery_codes).toHaveLength(10);
    const { ticket } = (await passwordStep(user)).body.data;
    expect((await secondStep(ticket, recoveryCodes[0])).body.code).toBe(400);
    expect((await secondStep(ticket, renewed.body.data.recovery_codes[0])).body.code).toBe(200);
  });
});

describe('重置两步验证 (manage_user/reset_two_factor)', () => {
  it('turns off another user’s two-factor and ends their sessions; not one’s own, not without it', async () => {
    // The manager holds the editor's role: it manages only users whose rights are within its own.
    const manager = await signedIn({ roles: ['manage_user', 'news_content'] });
    const { user, token } = await signedIn({ roles: ['news_content'] });
    await enableTwoFactor({ token });
    const reset = (id: number, as = manager.token) =>
      call(resetRoute, { method: 'POST', token: as, body: { id } });

    expect((await reset(user.id, token)).body.code).toBe(403);
    expect((await reset(manager.user.id)).body.message).toBe(
      '不能重置自己的两步验证，请在个人中心用验证码关闭',
    );
    expect((await reset(999_999)).body.code).toBe(404);
    expect((await reset(user.id)).body).toEqual({
      code: 200,
      message: '两步验证已重置，该用户需重新登录并重新设置',
      data: null,
    });
    expect((await call(infoRoute, { token })).body).toMatchObject({
      code: 50012,
      message: '您的两步验证已被管理员重置，请重新登录',
    });
    expect((await passwordStep(user)).body.code).toBe(200);
    expect((await reset(user.id)).body.message).toBe('该用户未开启两步验证');
    // In the 操作日志 under the admin who reset it; the refused resets wrote nothing.
    expect(await twoFactorEntries(user.id)).toEqual([
      ['two_factor_on', user.username],
      ['two_factor_reset', manager.user.username],
    ]);
  });
});

describe('roles that must use two-factor (系统设置 two_factor_roles)', () => {
  afterEach(async () => {
    const db = await getDb();
    await db.systemSetting.deleteMany({ where: { key: 'system' } });
    const { forgetSystemSettings } = await import('@/lib/settings/system-settings');
    forgetSystemSettings();
  });

  it('lets such a user in only to set it up, and then keeps it on', async () => {
    const { defaultSystemSettings } = await import('@/lib/settings/settings-schema');
    const { forgetSystemSettings } = await import('@/lib/settings/system-settings');
    const db = await getDb();
    await db.systemSetting.create({
      data: { key: 'system', value: { ...defaultSystemSettings(), two_factor_roles: ['news_content'] } },
    });
    forgetSystemSettings();
    const { GET: listRoute } = await import('@/app/api/v1/manage/class_manage/get_class_router/route');
    const { token } = await signedIn({ roles: ['news_content'] });
    const other = await createUser({ roles: ['class_manage'] });
    expect((await passwordStep(other)).body.code).toBe(200);

    expect((await status(token)).required).toBe(true);
    expect((await call(infoRoute, { token })).body.code).toBe(200);
    expect((await call(listRoute, { token })).body).toEqual({
      code: 403,
      message: '您的角色要求开启两步验证，请先在个人中心完成设置',
      data: null,
    });
    const { secret } = await enableTwoFactor({ token });
    expect((await call(listRoute, { token })).body.code).toBe(200);
    const off = await call(disableRoute, { method: 'POST', token, body: { code: nextCode(secret) } });
    expect(off.body.message).toBe('您的角色要求使用两步验证，不能关闭');
  });
});
