import { getDb } from '@/lib/db/client';
import { delUser, newUser, saveUser, userRow } from '../helpers/manage-user';
import { createUser, signedIn } from '../helpers/users';
import type { AuthSession } from '@/lib/auth/session';
import { AppError } from '@/lib/http/app-error';
import { deleteUser as deleteUserService } from '@/lib/users/delete-user';
import { ADMIN_TARGET_REFUSED } from '@/lib/users/role-boundaries';
import { saveUser as saveUserService } from '@/lib/users/save-user';
import { ZSaveUserInput } from '@/lib/users/schemas';

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

// Only an admin may act on an admin (lib/users/role-boundaries.ts), and a signed-in admin is an
// active admin, so through the API the last-admin rule is reached only by oneself. It stays as a
// second line: these cases call the services with a session read while its user still held admin
// (a session older than a demotion in flight), and a user manager now meets the role rule first.
const staleAdmin = async (): Promise<AuthSession> => {
  const { user } = await signedIn({ roles: ['manage_user'] });
  const roles = ['admin'];
  return {
    sessionId: 0,
    user: { ...user, avatar: '', introduction: '', roles, classIds: [], hasTwoFactor: false },
  };
};

const adminId = async () => (await createUser({ roles: ['admin'] })).id;

const answer = async (work: Promise<unknown>) => {
  try {
    await work;
    return { code: 200, message: '' };
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
};

const editAs = async (actor: AuthSession, id: number, patch: Record<string, unknown>) => {
  const row = await userRow(id);
  const input = ZSaveUserInput.parse({
    id,
    username: row!.username,
    name: row!.name,
    roles: row!.roles,
    ...patch,
  });
  return answer(saveUserService({ input, actor }));
};
const deleteAs = (actor: AuthSession, id: number) => answer(deleteUserService({ id, actor }));

describe('the last active admin', () => {
  it('is refused to a user manager by the role rule (403), whatever the count', async () => {
    const last = await adminId();
    const { token } = await signedIn({ roles: ['manage_user'] });
    await onlyAdmins([last]);
    const before = await userRow(last);
    for (const refused of [
      await delUser(token, last),
      await edit(token, last, { is_disabled: true }),
      await edit(token, last, { roles: ['manage_user'] }),
    ]) {
      expect(refused.body).toMatchObject({ code: 403, message: ADMIN_TARGET_REFUSED });
    }
    expect(await userRow(last)).toEqual(before);
  });

  it('cannot be deleted, disabled or demoted', async () => {
    const actor = await staleAdmin();
    const last = await adminId();
    await onlyAdmins([last]);
    const before = await userRow(last);
    expect(await deleteAs(actor, last)).toEqual({
      code: 400,
      message: '这是最后一个启用的超级管理员，不能删除',
    });
    expect(await editAs(actor, last, { is_disabled: true })).toEqual({
      code: 400,
      message: '这是最后一个启用的超级管理员，不能停用',
    });
    expect(await editAs(actor, last, { roles: ['manage_user'] })).toEqual({
      code: 400,
      message: '这是最后一个启用的超级管理员，不能移除超级管理员角色',
    });
    expect(await userRow(last)).toEqual(before);
    // A disabled admin does not count: with one active and one disabled admin, the active one is still the last.
    const disabled = (await createUser({ roles: ['admin'], isDisabled: true })).id;
    await onlyAdmins([last]);
    await (
      await getDb()
    ).adminUser.update({ where: { id: disabled }, data: { roles: ['admin'], isDisabled: true } });
    expect((await deleteAs(actor, last)).code).toBe(400);
    expect((await deleteAs(actor, disabled)).code).toBe(200);
  });

  it('with two admins, one may go; then the other is protected', async () => {
    const actor = await staleAdmin();
    const a = await adminId();
    const b = await adminId();
    await onlyAdmins([a, b]);
    expect((await editAs(actor, a, { is_disabled: true })).code).toBe(200);
    expect((await deleteAs(actor, b)).code).toBe(400);
    // Enabling a again makes b removable.
    expect((await editAs(actor, a, { is_disabled: false })).code).toBe(200);
    expect((await deleteAs(actor, b)).code).toBe(200);
    expect(await activeAdmins()).toEqual([a]);
  });

  it('two parallel demotions of the last two admins leave exactly one admin', async () => {
    const actor = await staleAdmin();
    for (let round = 0; round < 5; round += 1) {
      const a = await adminId();
      const b = await adminId();
      await onlyAdmins([a, b]);
      const answers = await Promise.all([
        editAs(actor, a, { roles: ['news_content'] }),
        editAs(actor, b, { roles: ['news_content'] }),
      ]);
      expect(answers.map((result) => result.code).sort()).toEqual([200, 400]);
      expect(await activeAdmins()).toHaveLength(1);
      // The next round's admin signs in again (this one may just have been demoted).
      await (
        await getDb()
      ).adminUser.updateMany({ where: { id: { in: [a, b] } }, data: { roles: ['admin'] } });
    }
  });

  it('a parallel delete and disable of the last two admins leave exactly one admin', async () => {
    const actor = await staleAdmin();
    const a = await adminId();
    const b = await adminId();
    await onlyAdmins([a, b]);
    const answers = await Promise.all([deleteAs(actor, a), editAs(actor, b, { is_disabled: true })]);
    expect(answers.map((result) => result.code).sort()).toEqual([200, 400]);
    expect(await activeAdmins()).toHaveLength(1);
  });
});
