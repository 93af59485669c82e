// 系统设置: the settings API validates everything before saving anything, and what it saves is in
// effect at once — password policy, login lockout, session lifetimes — in this process, and within
// the settings cache's second in any other (simulated by a write behind this process's back).
import { POST as changePasswordRoute } from '@/app/api/v1/manage/login/change_password/route';
import { GET as infoRoute } from '@/app/api/v1/manage/login/info/route';
import { POST as loginRoute } from '@/app/api/v1/manage/login/login/route';
import { GET as getRoute } from '@/app/api/v1/manage/system_set/get_system_set/route';
import { POST as saveRoute } from '@/app/api/v1/manage/system_set/save_system_set/route';
import { forgetSessions } from '@/lib/auth/session';
import { hashToken } from '@/lib/auth/token';
import { getDb } from '@/lib/db/client';
import { defaultSystemSettings, type SystemSettings } from '@/lib/settings/settings-schema';
import { forgetSystemSettings } from '@/lib/settings/system-settings';
import { call } from '../helpers/api';
import { createUser, signedIn } from '../helpers/users';

const KEYS = [
  'title',
  'logo',
  'login_subtitle',
  'footer',
  'session_idle_minutes',
  'session_max_hours',
  'password_min_length',
  'password_classes',
  'login_max_failures',
  'login_window_minutes',
  'two_factor_roles',
  'page_size',
  'error_log',
  'revision_keep',
  'recycle_days',
];

let admin: string;
beforeAll(async () => {
  admin = (await signedIn({ roles: ['system_set'] })).token;
});

const read = async () => (await call<SystemSettings>(getRoute, { token: admin })).body.data;
const save = (settings: unknown, token = admin) =>
  call<SystemSettings>(saveRoute, { method: 'POST', token, body: settings });
const storedRow = async () =>
  (await (await getDb()).systemSetting.findUnique({ where: { key: 'system' } }))?.value ?? null;

afterEach(async () => {
  await (await getDb()).systemSetting.deleteMany({ where: { key: 'system' } });
  forgetSystemSettings();
});

describe('get_system_set / save_system_set', () => {
  it('answers every setting in snake_case, today’s behaviour by default', async () => {
    const settings = await read();
    expect(Object.keys(settings).sort()).toEqual([...KEYS].sort());
    expect(settings).toMatchObject({
      title: '内容管理后台',
      session_idle_minutes: 240,
      session_max_hours: 168,
      password_min_length: 8,
      login_max_failures: 5,
      login_window_minutes: 15,
      page_size: 10,
      error_log: true,
      revision_keep: 50,
      recycle_days: 30,
    });
  });

  it('needs the system_set role for reading and saving', async () => {
    const { token } = await signedIn({ roles: ['news_content'] });
    expect((await call(getRoute, { token })).status).toBe(403);
    const refused = await save({ ...defaultSystemSettings(), title: '越权' }, token);
    expect(refused.status).toBe(403);
    expect(await storedRow()).toBeNull();
  });

  it('saves a valid set and answers it', async () => {
    const next = { ...defaultSystemSettings(), title: '  新站点  ', page_size: 30, error_log: false };
    const saved = await save(next);
    expect(saved.body).toMatchObject({ code: 200, message: '系统设置已保存' });
    expect(await read()).toMatchObject({ title: '新站点', page_size: 30, error_log: false });
  });

  it.each([
    ['empty title', { title: '   ' }, '请填写系统名称'],
    ['long title', { title: '长'.repeat(31) }, '系统名称不能超过 30 个字'],
    ['script logo', { logo: 'javascript:alert(1)' }, 'Logo 地址不正确'],
    ['idle too short', { session_idle_minutes: 4 }, '空闲超时（分钟）不能小于 5'],
    ['idle not a number', { session_idle_minutes: 'abc' }, '空闲超时（分钟）必须是整数'],
    ['max hours fraction', { session_max_hours: 1.5 }, '登录有效期（小时）必须是整数'],
    ['password too short', { password_min_length: 7 }, '密码最短长度不能小于 8'],
    ['password too long', { password_min_length: 65 }, '密码最短长度不能大于 64'],
    ['no classes', { password_classes: 0 }, '密码须含字符种类不能小于 1'],
    ['five classes', { password_classes: 5 }, '密码须含字符种类不能大于 4'],
    ['lockout 2', { login_max_failures: 2 }, '允许连续失败次数不能小于 3'],
    ['lockout 21', { login_max_failures: 21 }, '允许连续失败次数不能大于 20'],
    ['page size 15', { page_size: 15 }, '默认每页条数只能是 10、20、30、50'],
    ['error log text', { error_log: 'yes' }, '错误日志开关只能是开或关'],
    ['control character', { footer: 'a\u0007b' }, '页脚含有不可见的控制字符'],
    ['unknown key', { colour: 'red' }, '未知的设置项：colour'],
  ])('refuses %s with a Chinese message and saves nothing', async (_case, change, message) => {
    await save({ ...defaultSystemSettings(), title: '原来的标题' });
    const before = await storedRow();
    const refused = await save({ ...defaultSystemSettings(), ...change });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message);
    expect(await storedRow()).toEqual(before);
  });

  it('refuses a set with a missing key', async () => {
    const { page_size: _dropped, ...rest } = defaultSystemSettings();
    const refused = await save(rest);
    expect(refused.status).toBe(400);
    expect(await storedRow()).toBeNull();
  });
});

describe('in effect at once', () => {
  it('password policy: change_password follows the saved minimum length and character kinds', async () => {
    await save({ ...defaultSystemSettings(), password_min_length: 12, password_classes: 3 });
    const { user, token } = await signedIn({ roles: ['news_content'], password: 'Passw0rd!x' });
    const weak = await call(changePasswordRoute, {
      method: 'POST',
      token,
      body: { old_password: user.password, new_password: 'abcdefgh1234' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('密码长度 12–64 位，且至少包含小写字母、大写字母、数字、符号中的 3 种');
    const strong = await call(changePasswordRoute, {
      method: 'POST',
      token,
      body: { old_password: user.password, new_password: 'Abcdefgh1234' },
    });
    expect(strong.body.code).toBe(200);
  });

  it('login lockout: the saved number of failures blocks the next try', async () => {
    await save({ ...defaultSystemSettings(), login_max_failures: 3 });
    const user = await createUser({ roles: ['news_content'] });
    const attempt = (password: string) =>
      call(loginRoute, { method: 'POST', body: { username: user.username, password }, ip: '10.9.8.7' });
    for (let i = 0; i < 3; i += 1) expect((await attempt('wrong-password')).body.code).toBe(60204);
    expect((await attempt(user.password)).status).toBe(429);
    await save({ ...defaultSystemSettings(), login_max_failures: 5 });
    expect((await attempt(user.password)).body.code).toBe(200);
  });

  it('session lifetimes apply to sessions that already exist', async () => {
    process.env.SESSION_CACHE_MS = '0';
    const { token } = await signedIn({ roles: ['news_content'] });
    const db = await getDb();
    // Ten idle minutes are fine under the default 240…
    const idle = () =>
      db.adminSession.update({
        where: { tokenHash: hashToken(token) },
        data: { lastSeenAt: new Date(Date.now() - 10 * 60_000) },
      });
    await idle();
    expect((await call(infoRoute, { token })).body.code).toBe(200);
    // …and too many once 系统设置 says 5, for this session signed in before the change.
    await save({ ...defaultSystemSettings(), session_idle_minutes: 5 });
    await idle();
    expect((await call(infoRoute, { token })).body.code).toBe(50014);

    const second = (await signedIn({ roles: ['news_content'] })).token;
    await db.adminSession.update({
      where: { tokenHash: hashToken(second) },
      data: { createdAt: new Date(Date.now() - 2 * 3600_000) },
    });
    expect((await call(infoRoute, { token: second })).body.code).toBe(200);
    await save({ ...defaultSystemSettings(), session_max_hours: 1 });
    expect((await call(infoRoute, { token: second })).body.code).toBe(50014);
    forgetSessions();
  });

  it('a change written by another process is used here within about a second', async () => {
    expect((await read()).title).toBe('内容管理后台'); // now cached in this process
    const db = await getDb();
    await db.systemSetting.create({
      data: { key: 'system', value: { ...defaultSystemSettings(), title: '别处改的' } },
    });
    const started = Date.now();
    let title = (await read()).title;
    while (title !== '别处改的' && Date.now() - started < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      title = (await read()).title;
    }
    expect(title).toBe('别处改的');
    // The cache keeps a read for 1 s; the bound allows for a slow machine, not for a restart.
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('a stored row with a bad value falls back to that key’s default and keeps the rest', async () => {
    const db = await getDb();
    await db.systemSetting.create({
      data: { key: 'system', value: { title: '保留的标题', page_size: 999, session_idle_minutes: 'x' } },
    });
    forgetSystemSettings();
    expect(await read()).toMatchObject({ title: '保留的标题', page_size: 10, session_idle_minutes: 240 });
  });
});
