import { getDb } from '@/lib/db/client';
import { delUser, newUser, saveUser, userRow } from '../helpers/manage-user';
import { signedIn } from '../helpers/users';

const activeAdmins = async () =>
  (
    await (
      await getDb()
    ).adminUser.findMany({ where: { isDisabled: false, roles: { has: 'admin' } }, orderBy: { id: 'asc' } })
  ).map((user) => user.id);

/** Leaves exactly `ids` as the active admins (everyone else loses the role). */
const onlyAdmins = async (ids: number[]) => {
  const db = await getDb();
  await db.adminUser.updateMany({
    where: { id: { notIn: ids }, roles: { has: 'admin' } },
    data: { roles: ['news_content'] },
  });
  await db.adminUser.updateMany({
    where: { id: { in: ids } },
    data: { roles: ['admin'], isDisabled: false },
  });
};

const edit = async (token: string, id: number, patch: Record<string, unknown>) => {
  const row = await userRow(id);
  return saveUser(token, { id, username: row!.username, name: row!.name, roles: row!.roles, ...patch });
};

describe('a user cannot delete, disable or demote themselves', () => {
  it.each([
    ['delete', (token: string, id: number) => delUser(token, id), '不能删除自己的账号'],
    ['disable', (token: string, id: number) => edit(token, id, { is_disabled: true }), '不能停用自己的账号'],
    [
      'drop manage_user',
      (token: string, id: number) => edit(token, id, { roles: ['news_content'] }),
      '不能移除自己的「管理员用户」角色',
    ],
  ])('refuses to %s oneself (manage_user) and changes nothing', async (_case, act, message) => {
    const { user, token } = await signedIn({ roles: ['manage_user', 'news_content'] });
    const before = await userRow(user.id);
    expect((await act(token, user.id)).body).toMatchObject({ code: 400, message });
    expect(await userRow(user.id)).toEqual(before);
  });

  it('refuses an admin dropping their own admin role, but lets them add a role or rename', async () => {
    const { user, token } = await signedIn({ roles: ['admin'] });
    await newUser(token, { roles: ['admin'] }); // not the last admin: only the self rule applies
    const before = await userRow(user.id);
    const drop = await edit(token, user.id, { roles: ['manage_user'] });
    expect(drop.body).toMatchObject({ code: 400, message: '不能移除自己的「超级管理员」角色' });
    expect(await userRow(user.id)).toEqual(before);
    expect((await edit(token, user.id, { roles: ['admin', 'news_content'], name: '新名字' })).body.code).toBe(
      200,
    );
    expect((await userRow(user.id))?.name).toBe('新名字');
  });
});

describe('the last active admin', () => {
  it('cannot be deleted, disabled or demoted by a user manager', async () => {
    const { token } = await signedIn({ roles: ['manage_user'] });
    const last = await newUser(token, { roles: ['admin'] });
    await onlyAdmins([last]);
    const before = await userRow(last);
    expect((await delUser(token, last)).body).toMatchObject({
      code: 400,
      message: '这是最后一个启用的超级管理员，不能删除',
    });
    expect((await edit(token, last, { is_disabled: true })).body).toMatchObject({
      code: 400,
      message: '这是最后一个启用的超级管理员，不能停用',
    });
    expect((await edit(token, last, { roles: ['manage_user'] })).body).toMatchObject({
      code: 400,
      message: '这是最后一个启用的超级管理员，不能移除超级管理员角色',
    });
    expect(await userRow(last)).toEqual(before);
    // A disabled admin does not count: with one active and one disabled admin, the active one is still the last.
    const disabled = await newUser(token, { roles: ['admin'], is_disabled: true });
    expect((await delUser(token, last)).body.code).toBe(400);
    expect((await delUser(token, disabled)).body.code).toBe(200);
  });

  it('with two admins, one may go; then the other is protected', async () => {
    const { token } = await signedIn({ roles: ['manage_user'] });
    const a = await newUser(token, { roles: ['admin'] });
    const b = await newUser(token, { roles: ['admin'] });
    await onlyAdmins([a, b]);
    expect((await edit(token, a, { is_disabled: true })).body.code).toBe(200);
    expect((await delUser(token, b)).body.code).toBe(400);
    // Enabling a again makes b removable.
    expect((await edit(token, a, { is_disabled: false })).body.code).toBe(200);
    expect((await delUser(token, b)).body.code).toBe(200);
    expect(await activeAdmins()).toEqual([a]);
  });

  it('two parallel demotions of the last two admins leave exactly one admin', async () => {
    const { token } = await signedIn({ roles: ['manage_user'] });
    for (let round = 0; round < 5; round += 1) {
      const a = await newUser(token, { roles: ['admin'] });
      const b = await newUser(token, { roles: ['admin'] });
      await onlyAdmins([a, b]);
      const answers = await Promise.all([
        edit(token, a, { roles: ['news_content'] }),
        edit(token, b, { roles: ['news_content'] }),
      ]);
      expect(answers.map((answer) => answer.body.code).sort()).toEqual([200, 400]);
      expect(await activeAdmins()).toHaveLength(1);
    }
  });

  it('a parallel delete and disable of the last two admins leave exactly one admin', async () => {
    const { token } = await signedIn({ roles: ['manage_user'] });
    const a = await newUser(token, { roles: ['admin'] });
    const b = await newUser(token, { roles: ['admin'] });
    await onlyAdmins([a, b]);
    const answers = await Promise.all([delUser(token, a), edit(token, b, { is_disabled: true })]);
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([200, 400]);
    expect(await activeAdmins()).toHaveLength(1);
  });
});
