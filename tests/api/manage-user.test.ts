import { getDb } from '@/lib/db/client';
import { call } from '../helpers/api';
import { createClass } from '../helpers/categories';
import {
  classTree,
  delUser,
  GOOD_PASSWORD,
  listedUser,
  listUsers,
  newUser,
  resetPassword,
  saveUser,
  userRow,
} from '../helpers/manage-user';
import { loginAs, signedIn } from '../helpers/users';

const RULE = '密码长度 8–64 位，且至少包含小写字母、大写字母、数字、符号中的 2 种';
let token: string;

beforeAll(async () => {
  ({ token } = await signedIn({
    roles: ['manage_user', 'class_manage', 'news_content'],
    username: 'manager',
  }));
});

describe('manage_user/save_user: create', () => {
  it('creates a user who can sign in, and the list answers them without any password or hash', async () => {
    const id = await newUser(token, {
      username: 'Editor1',
      name: '编辑一',
      introduction: '负责新闻',
      avatar: '/uploads/a.png',
      roles: ['news_content', 'news_content'],
    });
    expect(await loginAs({ username: 'Editor1', password: GOOD_PASSWORD })).toBeTruthy();
    const list = await listUsers(token, { keyword: 'editor1' });
    expect(list.body.code).toBe(200);
    expect(list.body.data.total).toBe(1);
    const [row] = list.body.data.data;
    expect(row).toEqual({
      id,
      username: 'Editor1',
      name: '编辑一',
      avatar: '/uploads/a.png',
      introduction: '负责新闻',
      roles: ['news_content'],
      class_ids: [],
      is_disabled: false,
      two_factor: false,
      last_login_at: expect.any(Number),
      last_login_ip: '127.0.0.1',
      created_at: expect.any(Number),
    });
    expect(String(row.last_login_at)).toHaveLength(10);
    expect(JSON.stringify(list.body)).not.toMatch(/password|hash|\$2[aby]\$/i);
  });

  it('treats usernames as unique regardless of case, on create and on rename', async () => {
    await newUser(token, { username: 'CaseUser' });
    const before = await (await getDb()).adminUser.count();
    const dup = await saveUser(token, {
      username: 'caseuser',
      name: '重复',
      roles: ['news_content'],
      password: GOOD_PASSWORD,
    });
    expect(dup.body).toMatchObject({ code: 400, message: '用户名「caseuser」已存在（不区分大小写）' });
    expect(await (await getDb()).adminUser.count()).toBe(before);

    const other = await newUser(token, { username: 'other-user' });
    const rename = await saveUser(token, {
      id: other,
      username: 'CASEUSER',
      name: '改名',
      roles: ['news_content'],
    });
    expect(rename.body.code).toBe(400);
    expect((await userRow(other))?.username).toBe('other-user');
    // Changing only the case of one's own name is fine, and sign-in ignores case.
    expect(
      (await saveUser(token, { id: other, username: 'Other-User', name: '改名', roles: ['news_content'] }))
        .body.code,
    ).toBe(200);
    expect(await loginAs({ username: 'OTHER-user', password: GOOD_PASSWORD })).toBeTruthy();
  });

  it('the database refuses a case-twin even past the service check', async () => {
    const db = await getDb();
    await expect(
      db.adminUser.create({ data: { username: 'MANAGER', name: 'x', passwordHash: 'x', roles: [] } }),
    ).rejects.toMatchObject({ code: 'P2002' });
  });

  it.each([
    ['too short', 'Ab1'],
    ['no digit', 'abcdefghij'],
    ['no letter', '1234567890'],
    ['too long', `A1${'x'.repeat(63)}`],
  ])('applies the password policy on create (%s)', async (_case, password) => {
    const result = await saveUser(token, {
      username: 'weakpw',
      name: '弱密码',
      roles: ['news_content'],
      password,
    });
    expect(result.body).toMatchObject({ code: 400, message: RULE });
    expect(await (await getDb()).adminUser.count({ where: { username: 'weakpw' } })).toBe(0);
  });

  it('asks for a password on create and refuses one on edit', async () => {
    const missing = await saveUser(token, { username: 'nopw', name: '无密码', roles: ['news_content'] });
    expect(missing.body).toMatchObject({ code: 400, message: '请设置登录密码' });
    const id = await newUser(token);
    const before = await userRow(id);
    const edit = await saveUser(token, {
      id,
      username: before!.username,
      name: 'x',
      roles: ['news_content'],
      password: 'Other12345',
    });
    expect(edit.body).toMatchObject({ code: 400, message: '编辑用户时不能修改密码，请使用「重置密码」' });
    expect(await userRow(id)).toEqual(before);
  });

  it.each([
    ['no roles', { roles: [] }, '请至少选择一个角色'],
    ['an unknown role', { roles: ['root'] }, '角色不正确'],
    ['roles not a list', { roles: 'admin' }, '请选择角色'],
    ['a username with spaces', { username: 'a b' }, '用户名 2–64 位，只能包含字母、数字和 _ . @ -'],
    ['no username', { username: '' }, '请输入用户名'],
    ['no name', { name: '  ' }, '请输入姓名'],
    ['a hexadecimal id', { id: '0x1' }, 'id 不正确'],
    ['a boolean id', { id: true }, 'id 不正确'],
    ['a fractional id', { id: 1.5 }, 'id 不正确'],
    ['an id past int4', { id: 2 ** 31 }, 'id 不正确'],
    ['an exponent class id', { class_ids: ['1e0'] }, 'id 不正确'],
    ['a bad avatar', { avatar: 'javascript:alert(1)' }, '头像地址不正确'],
    ['a string is_disabled', { is_disabled: 'yes' }, '启用状态不正确'],
  ])('refuses %s with a Chinese 400 and changes nothing', async (_case, patch, message) => {
    const db = await getDb();
    const before = await db.adminUser.findMany({ orderBy: { id: 'asc' } });
    const result = await saveUser(token, {
      username: 'badinput',
      name: '坏输入',
      roles: ['news_content'],
      password: GOOD_PASSWORD,
      ...patch,
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ code: 400, message });
    expect(await db.adminUser.findMany({ orderBy: { id: 'asc' } })).toEqual(before);
  });

  it('answers 404 for an unknown id', async () => {
    const result = await saveUser(token, {
      id: 999999,
      username: 'ghost',
      name: '无',
      roles: ['news_content'],
    });
    expect(result.body).toMatchObject({ code: 404, message: '用户不存在或已被删除' });
  });
});

describe('per-category rights (class_ids)', () => {
  it('stores the chosen categories, drops those a chosen parent covers, refuses unknown ones', async () => {
    const parent = await createClass(token, { name: '新闻' });
    const child = await createClass(token, { name: '国内', parent_id: parent });
    const other = await createClass(token, { name: '公告' });
    const id = await newUser(token, { class_ids: [child, other, parent] });
    expect((await userRow(id))?.classIds).toEqual([parent, other].sort((a, b) => a - b));
    expect((await listedUser(token, id))?.class_ids).toEqual([parent, other].sort((a, b) => a - b));

    const row = await userRow(id);
    const bad = await saveUser(token, {
      id,
      username: row!.username,
      name: row!.name,
      roles: row!.roles,
      class_ids: [other, 987654],
    });
    expect(bad.body).toMatchObject({ code: 400, message: '栏目不存在或已被删除（id 987654）' });
    expect(await userRow(id)).toEqual(row);

    // Omitted on edit: unchanged. Empty: every category.
    await saveUser(token, { id, username: row!.username, name: '改名', roles: row!.roles });
    expect((await userRow(id))?.classIds).toEqual(row!.classIds);
    await saveUser(token, { id, username: row!.username, name: '改名', roles: row!.roles, class_ids: [] });
    expect((await userRow(id))?.classIds).toEqual([]);
  });

  it('answers the category tree for the picker', async () => {
    const result = await classTree(token);
    expect(result.body.code).toBe(200);
    expect(result.body.data).toEqual(
      expect.arrayContaining([
        {
          id: expect.any(Number),
          name: '新闻',
          children: [{ id: expect.any(Number), name: '国内', children: [] }],
        },
      ]),
    );
  });
});

describe('manage_user/get_user_list', () => {
  it('pages and searches username or name, with wildcards taken literally', async () => {
    for (let i = 0; i < 5; i += 1) await newUser(token, { username: `pager${i}`, name: `分页_${i}` });
    const page1 = await listUsers(token, { keyword: 'pager', limit: '2', page: '1' });
    const page3 = await listUsers(token, { keyword: 'pager', limit: '2', page: '3' });
    expect(page1.body.data.total).toBe(5);
    expect(page1.body.data.data.map((u) => u.username)).toEqual(['pager0', 'pager1']);
    expect(page3.body.data.data.map((u) => u.username)).toEqual(['pager4']);
    const past = await listUsers(token, { keyword: 'pager', limit: '2', page: '9' });
    expect(past.body.data).toEqual({ data: [], total: 5 });
    expect((await listUsers(token, { keyword: '分页_3' })).body.data.data.map((u) => u.username)).toEqual([
      'pager3',
    ]);
    expect((await listUsers(token, { keyword: '%' })).body.data.total).toBe(0);
  });

  it.each([
    [{ page: '0' }, '页码必须是正整数'],
    [{ limit: '101' }, '每页最多 100 条'],
    [{ limit: 'x' }, '每页条数必须是正整数'],
  ])('refuses bad paging %p', async (query, message) => {
    expect((await listUsers(token, query)).body).toMatchObject({ code: 400, message });
  });
});

describe('role check', () => {
  it('answers 403 to a user without manage_user on every call, changing nothing', async () => {
    const { token: editor } = await signedIn({ roles: ['news_content', 'class_manage', 'system_set'] });
    const target = await newUser(token);
    const before = await userRow(target);
    const answers = [
      await listUsers(editor),
      await saveUser(editor, { username: 'sneaky', name: 'x', roles: ['admin'], password: GOOD_PASSWORD }),
      await saveUser(editor, { id: target, username: before!.username, name: 'x', roles: ['admin'] }),
      await delUser(editor, target),
      await resetPassword(editor, { id: target, password: 'Other12345' }),
      await classTree(editor),
    ];
    for (const answer of answers)
      expect(answer.body).toMatchObject({ code: 403, message: '没有权限执行此操作' });
    expect(await userRow(target)).toEqual(before);
    expect(await (await getDb()).adminUser.count({ where: { username: 'sneaky' } })).toBe(0);
  });

  it('lets a manage_user-only user reach the upload calls the avatar widget uses (and not news_content calls)', async () => {
    const { POST: delOssFile } = await import('@/app/api/v1/manage/news_manage/del_oss_file/route');
    const { GET: newsList } = await import('@/app/api/v1/manage/news_manage/get_news_list/route');
    const { token: managerOnly } = await signedIn({ roles: ['manage_user'] });
    const answer = await call(delOssFile, { method: 'POST', token: managerOnly, body: { name: '../x' } });
    expect(answer.body).toMatchObject({ code: 400, message: '文件名不正确' });
    expect((await call(newsList, { token: managerOnly, query: { class_id: '1' } })).body.code).toBe(403);
  });

  it('asks for a session first', async () => {
    expect(
      (await call((await import('@/app/api/v1/manage/manage_user/get_user_list/route')).GET)).body.code,
    ).toBe(50008);
  });
});

describe('manage_user/reset_password and del_user', () => {
  it('resets a password under the policy; the old one stops working', async () => {
    const id = await newUser(token, { username: 'resetme' });
    const weak = await resetPassword(token, { id, password: 'short1' });
    expect(weak.body).toMatchObject({ code: 400, message: RULE });
    expect(await loginAs({ username: 'resetme', password: GOOD_PASSWORD })).toBeTruthy();
    const done = await resetPassword(token, { id, password: 'Renewed123' });
    expect(done.body.code).toBe(200);
    await expect(loginAs({ username: 'resetme', password: GOOD_PASSWORD })).rejects.toThrow(
      '用户名或密码错误',
    );
    expect(await loginAs({ username: 'resetme', password: 'Renewed123' })).toBeTruthy();
    expect((await resetPassword(token, { id: 999999, password: 'Renewed123' })).body.code).toBe(404);
  });

  it('deletes a user; a second delete is 404; bad ids are 400', async () => {
    const id = await newUser(token);
    expect((await delUser(token, id)).body).toMatchObject({ code: 200, message: '删除成功' });
    expect(await userRow(id)).toBeNull();
    expect((await delUser(token, id)).body.code).toBe(404);
    expect((await delUser(token, 'abc')).body).toMatchObject({ code: 400, message: 'id 不正确' });
  });
});
