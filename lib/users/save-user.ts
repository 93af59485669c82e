import 'server-only';
import { auditChanges } from '@/lib/audit/changes';
import { recordAudit } from '@/lib/audit/record';
import { hashPassword } from '@/lib/auth/password';
import { RevokeReason } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { normaliseClassIds } from './class-rights';
import { forgetAfterCommit, revokeSessionsInTx } from './end-user-sessions';
import { assertPasswordPolicy } from '@/lib/auth/password-policy';
import type { TSaveUserInput } from './schemas';
import type { AuthSession } from '@/lib/auth/session';
import { assertMayGrant, assertMayManageUser, managerScopeOf } from './role-boundaries';
import { assertChangeAllowed, assertUsernameFree, lockForChange } from './user-guard';

const sameSet = (a: readonly (string | number)[], b: readonly (string | number)[]) =>
  a.length === b.length && a.every((value) => b.includes(value));

type LoggedUser = {
  username: string;
  name: string;
  avatar?: string;
  introduction?: string;
  roles: string[];
  classIds: number[];
  isDisabled: boolean;
};

/** A user's fields as the 操作日志 keeps them: never the password or its hash. */
export const loggedFields = (user: LoggedUser) => ({
  username: user.username,
  name: user.name,
  ...(user.avatar !== undefined ? { avatar: user.avatar } : {}),
  ...(user.introduction !== undefined ? { introduction: user.introduction } : {}),
  roles: user.roles,
  class_ids: user.classIds,
  is_disabled: user.isDisabled,
});

const createUser = async ({ input, actor }: { input: TSaveUserInput; actor: AuthSession }) => {
  if (!input.password) throw new AppError({ code: ErrorCode.badRequest, message: '请设置登录密码' });
  await assertPasswordPolicy(input.password);
  const passwordHash = await hashPassword(input.password);
  const scope = await managerScopeOf(actor);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await assertUsernameFree({ tx, username: input.username, exceptId: 0 });
    const classIds = await normaliseClassIds({ tx, ids: input.class_ids ?? [] });
    assertMayGrant({ scope, after: { roles: input.roles, classIds } });
    const created = await tx.adminUser.create({
      data: {
        username: input.username,
        name: input.name,
        avatar: input.avatar ?? '',
        introduction: input.introduction ?? '',
        roles: input.roles,
        classIds,
        isDisabled: input.is_disabled ?? false,
        passwordHash,
      },
      select: { id: true, username: true, name: true, roles: true, classIds: true, isDisabled: true },
    });
    const { id, ...values } = created;
    await recordAudit(tx, {
      action: 'create',
      targetType: 'user',
      targetId: id,
      detail: { name: values.username, values: loggedFields(values) },
    });
    return { id };
  });
};

const updateUser = async ({
  input,
  id,
  actor,
}: {
  input: TSaveUserInput;
  id: number;
  actor: AuthSession;
}) => {
  if (input.password !== undefined && input.password !== '') {
    throw new AppError({ code: ErrorCode.badRequest, message: '编辑用户时不能修改密码，请使用「重置密码」' });
  }
  const scope = await managerScopeOf(actor);
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const { user, activeAdminIds } = await lockForChange({ tx, id });
    assertMayManageUser({ scope, target: user });
    const isDisabled = input.is_disabled ?? user.isDisabled;
    assertChangeAllowed({
      actorId: actor.user.id,
      user,
      activeAdminIds,
      after: { roles: input.roles, isDisabled },
    });
    if (input.username.toLowerCase() !== user.username.toLowerCase()) {
      await assertUsernameFree({ tx, username: input.username, exceptId: id });
    }
    const classIds = input.class_ids ? await normaliseClassIds({ tx, ids: input.class_ids }) : user.classIds;
    assertMayGrant({ scope, after: { roles: input.roles, classIds } });
    const after = {
      username: input.username,
      name: input.name,
      avatar: input.avatar ?? user.avatar,
      introduction: input.introduction ?? user.introduction,
      roles: input.roles,
      classIds,
      isDisabled,
    };
    await tx.adminUser.update({ where: { id }, data: after });
    await recordAudit(tx, {
      action: 'update',
      targetType: 'user',
      targetId: id,
      detail: { name: user.username, changes: auditChanges(loggedFields(user), loggedFields(after)) },
    });
    const reason =
      isDisabled && !user.isDisabled
        ? RevokeReason.disabled
        : !sameSet(user.roles, input.roles) || !sameSet(user.classIds, classIds)
          ? RevokeReason.rightsChanged
          : null;
    // The manager's own session stays (they may add a role to themselves); their others end.
    const keepSessionId = id === actor.user.id ? actor.sessionId : undefined;
    if (reason) await revokeSessionsInTx({ tx, userId: id, reason, keepSessionId });
  });
  // Names, avatars and roles are read with the session: drop this user's cached rows in any case.
  forgetAfterCommit({ userId: id });
  return { id };
};

/** 新增（无 id）或编辑管理员用户. */
export const saveUser = async ({ input, actor }: { input: TSaveUserInput; actor: AuthSession }) =>
  input.id ? updateUser({ input, id: input.id, actor }) : createUser({ input, actor });
