// 操作日志, sign-in and administration: every sign-in, failed sign-in, sign-out, password change and
// reset, settings save, user create/update/delete and ended session leaves one entry with who, from
// where, and (for updates) the fields before → after; a refused call leaves none, and no entry ever
// holds a password, a hash or a token.
import { POST as changePasswordRoute } from '@/app/api/v1/manage/login/change_password/route';
import { POST as endMySessionRoute } from '@/app/api/v1/manage/login/end_my_session/route';
import { GET as mySessionsRoute } from '@/app/api/v1/manage/login/get_my_sessions/route';
import { POST as loginRoute } from '@/app/api/v1/manage/login/login/route';
import { POST as logoutRoute } from '@/app/api/v1/manage/login/logout/route';
import { GET as getSettingsRoute } from '@/app/api/v1/manage/system_set/get_system_set/route';
import { POST as saveSettingsRoute } from '@/app/api/v1/manage/system_set/save_system_set/route';
import { getDb } from '@/lib/db/client';
import type { MySession } from '@/lib/users/schemas';
import { call } from '../helpers/api';
import { allEntriesText, entriesOf, logList } from '../helpers/audit';
import { delUser, GOOD_PASSWORD, newUser, resetPassword, saveUser } from '../helpers/manage-user';
import { createUser, loginAs, signedIn } from '../helpers/users';

const IP = '10.20.30.40';
let admin: { id: number; username: string; token: string };
const passwordsUsed: string[] = [GOOD_PASSWORD];

beforeAll(async () => {
  const { user, token } = await signedIn({ roles: ['admin'], password: 'Admin-pass-1' });
  admin = { id: user.id, username: user.username, token };
  passwordsUsed.push('Admin-pass-1');
});

const login = (username: string, password: string) =>
  call<{ token: string }>(loginRoute, { method: 'POST', body: { username, password }, ip: IP });

describe('sign-in and sign-out', () => {
  it('records a sign-in, each kind of failed sign-in and a sign-out, with the account and the IP', async () => {
    const user = await createUser({ username: 'Zhang_Audit', password: 'Right-pass-1' });
    passwordsUsed.push('Right-pass-1', 'Wrong-pass-1');

    const signIn = await entriesOf(() => login('zhang_audit', 'Right-pass-1'));
    expect(signIn.result.body.code).toBe(200);
    expect(signIn.entries).toEqual([
      expect.objectContaining({
        action: 'login',
        user_id: user.id,
        // The account's own spelling, whatever case was typed.
        username: 'Zhang_Audit',
        ip: IP,
        target_type: 'user',
        target_id: user.id,
        detail: expect.objectContaining({ name: 'Zhang_Audit', device: expect.any(String) }),
      }),
    ]);

    const wrong = await entriesOf(() => login('zhang_audit', 'Wrong-pass-1'));
    expect(wrong.result.body.code).toBe(60204);
    expect(wrong.entries).toEqual([
      expect.objectContaining({
        action: 'login_failed',
        user_id: user.id,
        username: 'zhang_audit',
        ip: IP,
        target_id: user.id,
        detail: { name: 'zhang_audit', reason: '密码错误' },
      }),
    ]);
    const unknown = await entriesOf(() => login('nobody_here', 'Wrong-pass-1'));
    expect(unknown.entries).toEqual([
      expect.objectContaining({
        action: 'login_failed',
        user_id: null,
        username: 'nobody_here',
        target_id: null,
        detail: { name: 'nobody_here', reason: '用户名不存在' },
      }),
    ]);
    await (await getDb()).adminUser.update({ where: { id: user.id }, data: { isDisabled: true } });
    const disabled = await entriesOf(() => login('Zhang_Audit', 'Right-pass-1'));
    expect(disabled.result.body.code).toBe(403);
    expect(disabled.entries.map((entry) => [entry.action, entry.detail.reason])).toEqual([
      ['login_failed', '账号已停用'],
    ]);

    const token = signIn.result.body.data.token;
    await (await getDb()).adminUser.update({ where: { id: user.id }, data: { isDisabled: false } });
    const signOut = await entriesOf(() => call(logoutRoute, { method: 'POST', token, ip: IP }));
    expect(signOut.entries).toEqual([
      expect.objectContaining({
        action: 'logout',
        user_id: user.id,
        username: 'Zhang_Audit',
        ip: IP,
        target_id: user.id,
      }),
    ]);
    // A second sign-out of the same token ends nothing and records nothing.
    const again = await entriesOf(() => call(logoutRoute, { method: 'POST', token, ip: IP }));
    expect(again.result.body.code).toBe(200);
    expect(again.entries).toEqual([]);
  });

  it('records ending one of one’s own sessions, not a refused attempt', async () => {
    const user = await createUser();
    const token = await loginAs(user);
    const other = await loginAs(user);
    const sessions = await call<{ data: MySession[] }>(mySessionsRoute, { token });
    const otherId = sessions.body.data.data.find((session) => !session.is_current)?.id as number;
    const refused = await entriesOf(() =>
      call(endMySessionRoute, { method: 'POST', token, body: { id: 99_999_999 } }),
    );
    expect(refused.result.status).toBe(404);
    expect(refused.entries).toEqual([]);
    const ended = await entriesOf(() =>
      call(endMySessionRoute, { method: 'POST', token, body: { id: otherId } }),
    );
    expect(ended.result.body.code).toBe(200);
    expect(ended.entries).toEqual([
      expect.objectContaining({
        action: 'end_session',
        user_id: user.id,
        target_type: 'session',
        target_id: otherId,
      }),
    ]);
    expect((await call(mySessionsRoute, { token: other })).body.code).toBe(50012);
  });
});

describe('passwords', () => {
  it('records a password change and a reset, never the passwords; a refused one records nothing', async () => {
    const { user, token } = await signedIn({ password: 'Old-pass-11' });
    passwordsUsed.push('Old-pass-11', 'New-pass-22', 'Reset-pass-33', 'wrong-old-44');
    const change = (old_password: string, new_password: string) =>
      call(changePasswordRoute, { method: 'POST', token, body: { old_password, new_password } });

    const refused = await entriesOf(() => change('wrong-old-44', 'New-pass-22'));
    expect(refused.result.body.message).toBe('原密码不正确');
    expect(refused.entries).toEqual([]);
    const tooShort = await entriesOf(() => change('Old-pass-11', 'short'));
    expect(tooShort.result.status).toBe(400);
    expect(tooShort.entries).toEqual([]);

    const changed = await entriesOf(() => change('Old-pass-11', 'New-pass-22'));
    expect(changed.result.body.code).toBe(200);
    expect(changed.entries).toEqual([
      expect.objectContaining({
        action: 'change_password',
        user_id: user.id,
        username: user.username,
        target_type: 'user',
        target_id: user.id,
      }),
    ]);

    const own = await entriesOf(() =>
      resetPassword(admin.token, { id: admin.id, password: 'Reset-pass-33' }),
    );
    expect(own.result.status).toBe(400);
    expect(own.entries).toEqual([]);
    const reset = await entriesOf(() =>
      resetPassword(admin.token, { id: user.id, password: 'Reset-pass-33' }),
    );
    expect(reset.result.body.code).toBe(200);
    expect(reset.entries).toEqual([
      expect.objectContaining({
        action: 'reset_password',
        user_id: admin.id,
        username: admin.username,
        target_id: user.id,
        detail: { name: user.username },
      }),
    ]);
  });
});

describe('系统设置', () => {
  it('records a save with the changed settings before → after; a refused save records nothing', async () => {
    const current = (await call<Record<string, unknown>>(getSettingsRoute, { token: admin.token })).body.data;
    const save = (body: unknown) => call(saveSettingsRoute, { method: 'POST', token: admin.token, body });
    const refused = await entriesOf(() => save({ ...current, title: '', page_size: 7 }));
    expect(refused.result.status).toBe(400);
    expect(refused.entries).toEqual([]);

    const saved = await entriesOf(() => save({ ...current, title: '审计平台', password_min_length: 10 }));
    expect(saved.result.body.code).toBe(200);
    expect(saved.entries).toEqual([
      expect.objectContaining({
        action: 'update',
        target_type: 'setting',
        target_id: null,
        user_id: admin.id,
        detail: {
          name: '系统设置',
          changes: {
            title: { from: current.title, to: '审计平台' },
            password_min_length: { from: current.password_min_length, to: 10 },
          },
        },
      }),
    ]);
    await save(current);
  });
});

describe('管理员用户', () => {
  it('records create, update (before → after), reset and delete; the name stays after the delete', async () => {
    const created = await entriesOf(() =>
      newUser(admin.token, { username: 'wang_audit', name: '王五', roles: ['news_content'] }),
    );
    const id = created.result;
    expect(created.entries).toEqual([
      expect.objectContaining({
        action: 'create',
        target_type: 'user',
        target_id: id,
        user_id: admin.id,
        detail: {
          name: 'wang_audit',
          values: {
            username: 'wang_audit',
            name: '王五',
            roles: ['news_content'],
            class_ids: [],
            is_disabled: false,
          },
        },
      }),
    ]);
    const editor = await signedIn({ roles: ['news_content'] });
    await loginAs({ username: 'wang_audit', password: GOOD_PASSWORD });

    const updated = await entriesOf(() =>
      saveUser(admin.token, {
        id,
        username: 'wang_audit',
        name: '王五五',
        roles: ['news_content', 'class_manage'],
        is_disabled: true,
      }),
    );
    expect(updated.result.body.code).toBe(200);
    expect(updated.entries).toHaveLength(1);
    expect(updated.entries[0].detail).toEqual({
      name: 'wang_audit',
      changes: {
        name: { from: '王五', to: '王五五' },
        roles: { from: ['news_content'], to: ['news_content', 'class_manage'] },
        is_disabled: { from: false, to: true },
      },
    });

    // Refused: a duplicate name, one's own disabling, a caller without the role.
    const refusals = await entriesOf(async () => [
      await saveUser(admin.token, {
        username: 'WANG_AUDIT',
        name: '重名',
        roles: ['news_content'],
        password: GOOD_PASSWORD,
      }),
      await saveUser(admin.token, {
        id: admin.id,
        username: admin.username,
        name: '我',
        roles: ['admin'],
        is_disabled: true,
      }),
      await saveUser(editor.token, { id, username: 'wang_audit', name: '越权', roles: ['admin'] }),
      await delUser(admin.token, admin.id),
    ]);
    expect(refusals.result.map((result) => result.status)).toEqual([400, 400, 403, 400]);
    expect(refusals.entries).toEqual([]);

    const deleted = await entriesOf(() => delUser(admin.token, id));
    expect(deleted.result.body.code).toBe(200);
    expect(deleted.entries).toEqual([
      expect.objectContaining({
        action: 'delete',
        target_type: 'user',
        target_id: id,
        detail: expect.objectContaining({ name: 'wang_audit' }),
      }),
    ]);
    // The user's own entries keep their name and id after the user is gone (found regardless of case).
    const own = await logList(admin.token, { user: 'WANG_audit' });
    expect(own.body.data.data.map((entry) => [entry.action, entry.user_id, entry.username])).toEqual([
      ['login', id, 'wang_audit'],
    ]);
  });
});

it('never holds a password, a hash or a token in any entry', async () => {
  const db = await getDb();
  const hashes = (await db.adminUser.findMany({ select: { passwordHash: true } })).map(
    (row) => row.passwordHash,
  );
  const tokens = (await db.adminSession.findMany({ select: { tokenHash: true } })).map(
    (row) => row.tokenHash,
  );
  const text = await allEntriesText();
  expect(text.length).toBeGreaterThan(100);
  for (const secret of [...passwordsUsed, ...hashes, ...tokens, admin.token])
    expect(text).not.toContain(secret);
  expect(text).not.toMatch(/password_hash|passwordHash|token_hash|"\$2[aby]\$/);
});
