import { POST as endMySessionRoute } from '@/app/api/v1/manage/login/end_my_session/route';
import { GET as mySessionsRoute } from '@/app/api/v1/manage/login/get_my_sessions/route';
import { createSession, MAX_LIVE_SESSIONS } from '@/lib/auth/create-session';
import { forgetSessions } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import type { MySession } from '@/lib/users/schemas';
import { call } from '../helpers/api';
import { createClass } from '../helpers/categories';
import {
  delUser,
  GOOD_PASSWORD,
  infoCode,
  newUser,
  resetPassword,
  saveUser,
  userRow,
} from '../helpers/manage-user';
import { createUser, loginAs, signedIn } from '../helpers/users';

let token: string;
let managerSession: string;

// The per-process session cache is on here (tests/helpers/env.js turns it off elsewhere): every
// token below is read once before the change, so a 50012 after it proves the cache was dropped.
beforeAll(() => {
  process.env.SESSION_CACHE_MS = '60000';
  forgetSessions();
});
afterAll(() => {
  process.env.SESSION_CACHE_MS = '0';
});

beforeAll(async () => {
  const manager = await signedIn({ roles: ['manage_user', 'class_manage', 'news_content'] });
  token = manager.token;
  managerSession = await loginAs(manager.user);
});

/** A user with two live sessions, both answering 200 (and cached by this process). */
const userWithSessions = async (body: Record<string, unknown> = {}) => {
  const id = await newUser(token, body);
  const row = await userRow(id);
  const tokens = [
    await loginAs({ username: row!.username, password: GOOD_PASSWORD }),
    await loginAs({ username: row!.username, password: GOOD_PASSWORD }),
  ];
  for (const t of tokens) expect((await infoCode(t)).code).toBe(200);
  return { id, row: row!, tokens };
};

const edit = (
  id: number,
  row: { username: string; name: string; roles: string[] },
  patch: Record<string, unknown>,
) => saveUser(token, { id, username: row.username, name: row.name, roles: row.roles, ...patch });

describe("a manager's change ends that user's sessions at once (50012)", () => {
  it.each([
    [
      'disabled',
      (id: number, row: never) => edit(id, row, { is_disabled: true }),
      '该账号已被停用，请联系管理员',
    ],
    ['deleted', (id: number) => delUser(token, id), '该账号已被删除，请联系管理员'],
    [
      'roles changed',
      (id: number, row: never) => edit(id, row, { roles: ['class_manage'] }),
      '您的角色或栏目权限已被修改，请重新登录',
    ],
    [
      'password reset',
      (id: number) => resetPassword(token, { id, password: 'Renewed123' }),
      '您的密码已被管理员重置，请重新登录',
    ],
  ])('when %s', async (_case, act, message) => {
    const { id, row, tokens } = await userWithSessions();
    expect((await act(id, row as never)).body.code).toBe(200);
    for (const t of tokens) expect(await infoCode(t)).toMatchObject({ code: 50012, message });
    // The manager's own sessions are untouched.
    expect((await infoCode(token)).code).toBe(200);
    expect((await infoCode(managerSession)).code).toBe(200);
  });

  it('when the category rights change', async () => {
    const cat = await createClass(token, { name: '权限栏目' });
    const { id, row, tokens } = await userWithSessions();
    expect((await edit(id, row, { class_ids: [cat] })).body.code).toBe(200);
    for (const t of tokens) expect((await infoCode(t)).code).toBe(50012);
  });

  it('not when only the name or introduction changes (the new name shows at once)', async () => {
    const { id, row, tokens } = await userWithSessions();
    expect((await edit(id, row, { name: '新名字', introduction: '简介' })).body.code).toBe(200);
    for (const t of tokens) expect(await infoCode(t)).toMatchObject({ code: 200, data: { name: '新名字' } });
  });

  it('re-enabling a user does not bring the old sessions back', async () => {
    const { id, row, tokens } = await userWithSessions();
    await edit(id, row, { is_disabled: true });
    await edit(id, row, { is_disabled: false });
    expect((await infoCode(tokens[0])).code).toBe(50012);
    expect(await loginAs({ username: row.username, password: GOOD_PASSWORD })).toBeTruthy();
  });

  it('an admin adding a role to themselves keeps this session and ends their others', async () => {
    // (A user manager may grant only roles it holds, so only an admin adds one to itself.)
    const { user, token: own } = await signedIn({ roles: ['admin'] });
    const other = await loginAs(user);
    const row = await userRow(user.id);
    expect(
      (
        await saveUser(own, {
          id: user.id,
          username: row!.username,
          name: row!.name,
          roles: ['admin', 'news_content'],
        })
      ).body.code,
    ).toBe(200);
    expect((await infoCode(own)).code).toBe(200);
    expect((await infoCode(other)).code).toBe(50012);
  });
});

const mySessions = (t: string, query: Record<string, string> = {}) =>
  call<{ data: MySession[]; total: number }>(mySessionsRoute, { token: t, query });

describe('个人中心: login/get_my_sessions and login/end_my_session', () => {
  const endMySession = (t: string, id: unknown) =>
    call(endMySessionRoute, { method: 'POST', token: t, body: { id } });

  it('lists my live sessions with device, IP and the current one marked', async () => {
    const { user, token: current } = await signedIn({ roles: ['news_content'] });
    const chrome = await call<{ token: string }>(
      (await import('@/app/api/v1/manage/login/login/route')).POST,
      {
        method: 'POST',
        body: { username: user.username, password: user.password },
        ip: '10.1.2.3',
        headers: {
          'user-agent':
            'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        },
      },
    );
    const ended = await loginAs(user);
    await call((await import('@/app/api/v1/manage/login/logout/route')).POST, {
      method: 'POST',
      token: ended,
    });
    const result = await mySessions(current);
    expect(result.body.code).toBe(200);
    expect(result.body.data.total).toBe(2);
    expect(result.body.data.data).toHaveLength(2);
    const mine = result.body.data.data.find((s) => s.is_current);
    const other = result.body.data.data.find((s) => !s.is_current);
    expect(mine).toMatchObject({ ip: '127.0.0.1', device: '未知设备', user_agent: 'jest' });
    expect(other).toMatchObject({ ip: '10.1.2.3', device: 'Chrome 131 · Windows' });
    expect(String(other!.last_seen_at)).toHaveLength(10);
    expect(JSON.stringify(result.body)).not.toMatch(/token|hash/i);
    expect((await infoCode(chrome.body.data.token)).code).toBe(200);
  });

  it('ends one of my other sessions (50012 there); not the current one; never someone else’s', async () => {
    const { user, token: current } = await signedIn({ roles: ['news_content'] });
    const second = await loginAs(user);
    const stranger = await signedIn({ roles: ['admin'] });
    const db = await getDb();
    const strangerSession = await db.adminSession.findFirstOrThrow({ where: { userId: stranger.user.id } });
    const mine = (await mySessions(current)).body.data.data;
    const secondId = mine.find((s) => !s.is_current)!.id;
    const currentId = mine.find((s) => s.is_current)!.id;

    const foreign = await endMySession(current, strangerSession.id);
    expect(foreign.body).toMatchObject({ code: 404, message: '该登录不存在或已结束' });
    expect((await infoCode(stranger.token)).code).toBe(200);
    expect(await db.adminSession.findUniqueOrThrow({ where: { id: strangerSession.id } })).toEqual(
      strangerSession,
    );

    expect((await endMySession(current, currentId)).body).toMatchObject({
      code: 400,
      message: '当前登录请通过「退出登录」结束',
    });
    expect((await endMySession(current, 'x')).body).toMatchObject({ code: 400, message: 'id 不正确' });
    expect((await infoCode(current)).code).toBe(200);

    expect((await endMySession(current, secondId)).body.code).toBe(200);
    expect(await infoCode(second)).toMatchObject({
      code: 50012,
      message: '此登录已在个人中心被结束，请重新登录',
    });
    expect((await infoCode(current)).code).toBe(200);
    expect((await mySessions(current)).body.data.data.map((s) => s.id)).toEqual([currentId]);
    expect((await endMySession(current, secondId)).body.code).toBe(404);
  });

  it('pages through all my live sessions (page, limit ≤ 100, total), the current one first', async () => {
    const user = await createUser({ roles: ['news_content'] });
    const tokens: string[] = [];
    for (let i = 0; i < 24; i += 1)
      tokens.push((await createSession({ userId: user.id, ip: `10.3.0.${i + 1}`, userAgent: 'jest' })).token);
    const current = await loginAs(user);
    // An idle one (past 空闲超时) is not live: not listed, not counted.
    const db = await getDb();
    const idle = await db.adminSession.findFirstOrThrow({ where: { userId: user.id, ip: '10.3.0.1' } });
    await db.adminSession.update({
      where: { id: idle.id },
      data: { lastSeenAt: new Date(Date.now() - 86_400_000) },
    });
    forgetSessions({ sessionId: idle.id });

    const first = await mySessions(current);
    expect(first.body.code).toBe(200);
    expect(first.body.data.total).toBe(24);
    expect(first.body.data.data).toHaveLength(10);
    expect(first.body.data.data[0].is_current).toBe(true);
    const pages = [];
    for (const page of ['1', '2', '3']) {
      const { body } = await mySessions(current, { page, limit: '10' });
      expect(body.data.total).toBe(24);
      pages.push(...body.data.data);
    }
    expect(pages).toHaveLength(24);
    expect(new Set(pages.map((s) => s.id)).size).toBe(24);
    expect(pages.map((s) => s.id)).not.toContain(idle.id);
    expect(pages.filter((s) => s.is_current)).toHaveLength(1);
    // Most recently used first, after the current one.
    const lastSeen = pages.slice(1).map((s) => s.last_seen_at);
    expect(lastSeen).toEqual([...lastSeen].sort((a, b) => b - a));
    expect((await mySessions(current, { page: '4', limit: '10' })).body.data).toEqual({
      data: [],
      total: 24,
    });
    expect((await mySessions(current, { limit: '100' })).body.data.data).toHaveLength(24);
    expect((await mySessions(current, { limit: '101' })).body).toMatchObject({
      code: 400,
      message: '每页最多 100 条',
    });
    expect((await mySessions(current, { page: '0' })).body.code).toBe(400);
  });
});

describe(`at most ${MAX_LIVE_SESSIONS} live sessions per user`, () => {
  const liveCount = async (userId: number) =>
    (await getDb()).adminSession.count({ where: { userId, revokedAt: null } });

  it('the 101st sign-in ends the least recently used session (50012 with the reason), the rest stay', async () => {
    const user = await createUser({ roles: ['news_content'] });
    const tokens: string[] = [];
    for (let i = 0; i < MAX_LIVE_SESSIONS; i += 1)
      tokens.push((await createSession({ userId: user.id, ip: '10.4.0.1', userAgent: 'jest' })).token);
    const db = await getDb();
    const rows = await db.adminSession.findMany({ where: { userId: user.id }, orderBy: { id: 'asc' } });
    // The second-oldest was used a moment ago: the oldest unused one goes first, not it.
    await db.adminSession.update({
      where: { id: rows[1].id },
      data: { lastSeenAt: new Date(Date.now() + 1000) },
    });
    for (const t of tokens.slice(0, 3)) expect((await infoCode(t)).code).toBe(200);

    const newest = await loginAs(user);
    expect(await infoCode(tokens[0])).toEqual({
      code: 50012,
      message: '登录设备过多，此会话已被新的登录替换，请重新登录',
      data: null,
    });
    expect((await infoCode(tokens[1])).code).toBe(200);
    expect((await infoCode(tokens[2])).code).toBe(200);
    expect((await infoCode(newest)).code).toBe(200);
    expect(await liveCount(user.id)).toBe(MAX_LIVE_SESSIONS);
    expect((await mySessions(newest)).body.data.total).toBe(MAX_LIVE_SESSIONS);
    // The 操作日志 has the ending, next to the sign-in that caused it.
    const ended = await db.auditLog.findMany({ where: { action: 'end_session', targetId: rows[0].id } });
    expect(ended.map((entry) => [entry.userId, entry.targetType, entry.detail])).toEqual([
      [user.id, 'session', { reason: '登录设备过多，被新的登录替换' }],
    ]);

    // The next one ends the next least recently used (the third), and so on.
    await loginAs(user);
    expect((await infoCode(tokens[2])).code).toBe(50012);
    expect((await infoCode(tokens[1])).code).toBe(200);
    expect(await liveCount(user.id)).toBe(MAX_LIVE_SESSIONS);
  });

  it('parallel sign-ins of one user leave exactly the cap; other users are untouched', async () => {
    const user = await createUser({ roles: ['news_content'] });
    const bystander = await signedIn({ roles: ['news_content'] });
    for (let i = 0; i < MAX_LIVE_SESSIONS - 5; i += 1)
      await createSession({ userId: user.id, ip: '10.5.0.1', userAgent: 'jest' });
    const made = await Promise.all(
      Array.from({ length: 12 }, () => createSession({ userId: user.id, ip: '10.5.0.2', userAgent: 'jest' })),
    );
    expect(await liveCount(user.id)).toBe(MAX_LIVE_SESSIONS);
    // The twelve new ones are the most recent: all of them live.
    for (const { token: t } of made) expect((await infoCode(t)).code).toBe(200);
    expect((await infoCode(bystander.token)).code).toBe(200);
  });
});
