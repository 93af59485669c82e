// Login throttling (lib/auth/throttle.ts): atomic check-and-record, per address across usernames,
// per username, device cookies that keep the real user in, and 修改密码's old-password guesses.
// Runs on PGlite (in-memory counters: one process per data dir) and on PostgreSQL (rate_limit table).
import { POST as changePasswordRoute } from '@/app/api/v1/manage/login/change_password/route';
import { POST as loginRoute } from '@/app/api/v1/manage/login/login/route';
import { deviceCookieName } from '@/lib/auth/device-cookie';
import { throttleStore } from '@/lib/auth/throttle';
import { getDb } from '@/lib/db/client';
import { call, type ApiResult } from '../helpers/api';
import { isPostgresRun } from '../helpers/db-kind';
import { createUser, signedIn } from '../helpers/users';

const WRONG = 'Wrong-passw0rd';
const THROTTLED = { code: 429, message: '登录失败次数过多，请稍后再试', data: null };

const login = (body: { username: string; password: string }, { ip = '10.0.0.1', cookie = '' } = {}) =>
  call<{ token: string }>(loginRoute, { method: 'POST', body, ip, headers: cookie ? { cookie } : {} });

/** The device cookie a successful sign-in set, as the browser would send it back. */
const deviceCookieOf = (result: ApiResult) => {
  const cookie = result.headers.getSetCookie().find((line) => line.startsWith('cms_device_'));
  if (!cookie) throw new Error('no device cookie');
  return cookie.split(';')[0];
};

const codes = (results: ApiResult[]) => results.map((result) => result.body.code).sort();

describe('login throttle', () => {
  it('counts in the shared store on PostgreSQL and in this process on PGlite', async () => {
    expect(await throttleStore()).toBe(isPostgresRun ? 'postgres' : 'memory');
  });

  it('lets exactly 5 of 20 parallel tries reach the password check (check and record are one step)', async () => {
    const user = await createUser();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        login({ username: user.username, password: WRONG }, { ip: '10.1.0.1' }),
      ),
    );
    expect(codes(results)).toEqual([...Array(15).fill(429), ...Array(5).fill(60204)].sort());
    // Spent now, even for the right password, from this address.
    expect((await login(user, { ip: '10.1.0.1' })).body).toEqual(THROTTLED);
    // Another address is not limited by this one's failures.
    expect((await login(user, { ip: '10.1.0.2' })).body.code).toBe(200);
  });

  it('allows tries again once the window has passed, and a success clears the failures before it', async () => {
    const user = await createUser();
    for (let i = 0; i < 4; i += 1)
      await login({ username: user.username, password: WRONG }, { ip: '10.2.0.1' });
    expect((await login(user, { ip: '10.2.0.1' })).body.code).toBe(200);
    for (let i = 0; i < 5; i += 1)
      await login({ username: user.username, password: WRONG }, { ip: '10.2.0.1' });
    expect((await login(user, { ip: '10.2.0.1' })).body).toEqual(THROTTLED);
    // The clock is the one edge mocked here: both stores compare expiry times with Date.now().
    const later = Date.now() + 16 * 60_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      expect((await login(user, { ip: '10.2.0.1' })).body.code).not.toBe(429);
    } finally {
      clock.mockRestore();
    }
  });

  it('limits one address across usernames: 4 × the failures allowed, new usernames included', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 20; i += 1) {
      expect((await login({ username: `nobody_${i}`, password: WRONG }, { ip })).body.code).toBe(60204);
    }
    expect((await login({ username: 'nobody_new', password: WRONG }, { ip })).body).toEqual(THROTTLED);
    const user = await createUser();
    expect((await login(user, { ip })).body).toEqual(THROTTLED);
    expect((await login(user, { ip: '10.3.0.2' })).body.code).toBe(200);
  });

  it('limits one username across addresses for untrusted clients, so a forged X-Forwarded-For gains nothing', async () => {
    const user = await createUser();
    for (let i = 0; i < 20; i += 1)
      await login({ username: user.username, password: WRONG }, { ip: `10.4.0.${i}` });
    expect((await login(user, { ip: '10.4.1.1' })).body).toEqual(THROTTLED);
    // Any spelling of the name is the same counter.
    expect(
      (await login({ ...user, username: user.username.toUpperCase() }, { ip: '10.4.1.2' })).body,
    ).toEqual(THROTTLED);
  });

  it('follows 系统设置: a lower limit applies at once', async () => {
    const db = await getDb();
    const { defaultSystemSettings } = await import('@/lib/settings/settings-schema');
    const { forgetSystemSettings } = await import('@/lib/settings/system-settings');
    await db.systemSetting.create({
      data: { key: 'system', value: { ...defaultSystemSettings(), login_max_failures: 3 } },
    });
    forgetSystemSettings();
    try {
      const user = await createUser();
      for (let i = 0; i < 3; i += 1)
        await login({ username: user.username, password: WRONG }, { ip: '10.5.0.1' });
      expect((await login(user, { ip: '10.5.0.1' })).body).toEqual(THROTTLED);
    } finally {
      await db.systemSetting.deleteMany({ where: { key: 'system' } });
      forgetSystemSettings();
    }
  });

  it('holds across instances on PostgreSQL: a second set of limiters sees the same counts', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i += 1)
      await login({ username: user.username, password: WRONG }, { ip: '10.6.0.1' });
    // Another instance = other limiter objects on the same database.
    delete (globalThis as { __cmsLimiters?: unknown }).__cmsLimiters;
    const next = await login(user, { ip: '10.6.0.1' });
    if (isPostgresRun) {
      expect(next.body).toEqual(THROTTLED);
      const db = await getDb();
      const rows = await db.rateLimit.findMany({ where: { key: { startsWith: 'login_ip_user:10.6.0.1|' } } });
      expect(rows.map((row) => row.points)).toEqual([6]);
    } else {
      // PGlite: one process per data dir, so no other instance can exist; the counts were this process's.
      expect(next.body.code).toBe(200);
    }
  });
});

describe('device cookies', () => {
  it('are set by a successful sign-in: httpOnly, only for the sign-in calls, one per username', async () => {
    const user = await createUser();
    const result = await login(user, { ip: '10.7.0.1' });
    const line = result.headers.getSetCookie().find((cookie) => cookie.startsWith('cms_device_'));
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/Path=\/api\/v1\/manage\/login;/);
    expect(line).toMatch(/SameSite=Strict/);
    expect(line).toMatch(/Max-Age=15552000/);
    const other = await createUser();
    expect(deviceCookieOf(await login(other, { ip: '10.7.0.1' })).split('=')[0]).not.toBe(
      deviceCookieOf(result).split('=')[0],
    );
  });

  it('keep the real user signing in while attackers have locked the username out everywhere else', async () => {
    const admin = await createUser({ roles: ['admin'] });
    const device = deviceCookieOf(await login(admin, { ip: '192.0.2.10' }));
    // An attacker fails on the admin's name from a few addresses until untrusted clients are refused.
    for (let i = 0; i < 20; i += 1) {
      await login({ username: admin.username, password: WRONG }, { ip: `198.51.100.${i % 4}` });
    }
    expect((await login(admin, { ip: '203.0.113.5' })).body).toEqual(THROTTLED);
    // The admin's browser, even from the attacker's address: its device cookie is counted on its own.
    expect((await login(admin, { ip: '198.51.100.1', cookie: device })).body.code).toBe(200);
  });

  it('are counted per device: a trusted device that keeps failing is refused, others are not', async () => {
    const user = await createUser();
    const first = deviceCookieOf(await login(user, { ip: '10.8.0.1' }));
    const second = deviceCookieOf(await login(user, { ip: '10.8.0.1' }));
    const results = await Promise.all(
      Array.from({ length: 8 }, () => login({ username: user.username, password: WRONG }, { cookie: first })),
    );
    expect(codes(results)).toEqual([...Array(3).fill(429), ...Array(5).fill(60204)].sort());
    expect((await login(user, { cookie: first })).body).toEqual(THROTTLED);
    expect((await login(user, { cookie: second })).body.code).toBe(200);
  });

  it('count only for the username they were issued to, and only when the signature holds', async () => {
    const owner = await createUser();
    const victim = await createUser();
    const device = deviceCookieOf(await login(owner, { ip: '10.9.0.1' }));
    const value = device.slice(device.indexOf('=') + 1);
    for (let i = 0; i < 20; i += 1) {
      await login({ username: victim.username, password: WRONG }, { ip: `10.9.1.${i}` });
      await login({ username: owner.username, password: WRONG }, { ip: `10.9.1.${i}` });
    }
    const victimCookie = deviceCookieName(victim.username);
    // The owner's cookie as it is, or moved under the victim's name: the signature names the owner.
    for (const cookie of [device, `${victimCookie}=${value}`]) {
      expect((await login(victim, { ip: '10.9.2.1', cookie })).body).toEqual(THROTTLED);
    }
    // A tampered cookie is untrusted; the genuine one still works for its owner.
    const tampered = `${device.slice(0, -3)}${device.endsWith('A') ? 'B' : 'A'}xx`;
    expect((await login(owner, { ip: '10.9.2.1', cookie: tampered })).body).toEqual(THROTTLED);
    expect((await login(owner, { ip: '10.9.2.1', cookie: device })).body.code).toBe(200);
  });
});

describe('修改密码 throttle', () => {
  const change = (token: string, oldPassword: string) =>
    call(changePasswordRoute, {
      method: 'POST',
      token,
      body: { old_password: oldPassword, new_password: 'New-passw0rd-1' },
    });

  it('refuses after 5 wrong old passwords, even the right one, and only for that user', async () => {
    const { user, token } = await signedIn({ roles: ['news_content'] });
    const results = await Promise.all(Array.from({ length: 8 }, () => change(token, WRONG)));
    expect(codes(results)).toEqual([...Array(5).fill(400), ...Array(3).fill(429)].sort());
    expect((await change(token, user.password)).body).toEqual({
      code: 429,
      message: '原密码错误次数过多，请稍后再试',
      data: null,
    });
    const db = await getDb();
    const stored = await db.adminUser.findUnique({ where: { id: user.id } });
    const other = await signedIn({ roles: ['news_content'] });
    expect((await change(other.token, other.user.password)).body.code).toBe(200);
    expect((await db.adminUser.findUnique({ where: { id: user.id } }))?.passwordHash).toBe(
      stored?.passwordHash,
    );
  });

  it('clears the count on success', async () => {
    const { user, token } = await signedIn({ roles: ['news_content'] });
    for (let i = 0; i < 4; i += 1) expect((await change(token, WRONG)).body.code).toBe(400);
    expect((await change(token, user.password)).body.code).toBe(200);
  });
});
