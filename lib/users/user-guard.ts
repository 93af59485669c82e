import 'server-only';
import type { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';

type Tx = Prisma.TransactionClient;

export type LockedUser = {
  id: number;
  username: string;
  name: string;
  avatar: string;
  introduction: string;
  roles: string[];
  classIds: number[];
  isDisabled: boolean;
};

export const USER_NOT_FOUND = '用户不存在或已被删除';
/** Roles a user may not take away from themselves: they would lose the page they are standing on. */
const OWN_KEPT_ROLES = ['admin', 'manage_user'] as const;
const ROLE_NAMES: Record<(typeof OWN_KEPT_ROLES)[number], string> = {
  admin: '超级管理员',
  manage_user: '管理员用户',
};

const refuse = (message: string) => new AppError({ code: ErrorCode.badRequest, message });

/**
 * Locks the active admins (not disabled, role admin), in id order so that every transaction takes
 * them in the same order, then the target. Two concurrent changes that would each leave one admin
 * run one after the other; the second sees the first's result (READ COMMITTED rechecks locked rows).
 */
export const lockForChange = async ({ tx, id }: { tx: Tx; id: number }) => {
  const admins = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM admin_user WHERE NOT is_disabled AND 'admin' = ANY(roles) ORDER BY id FOR UPDATE`;
  const [target] = await tx.$queryRaw<
    (Omit<LockedUser, 'roles' | 'classIds'> & { roles: string[] | null; classIds: number[] | null })[]
  >`
    SELECT id, username, name, avatar, introduction, roles, class_ids AS "classIds", is_disabled AS "isDisabled"
    FROM admin_user WHERE id = ${id} FOR UPDATE`;
  if (!target) throw new AppError({ code: ErrorCode.notFound, message: USER_NOT_FOUND });
  const user: LockedUser = { ...target, roles: target.roles ?? [], classIds: target.classIds ?? [] };
  return { user, activeAdminIds: admins.map((row) => row.id) };
};

type After = { roles: readonly string[]; isDisabled: boolean } | 'deleted';

const isActiveAdmin = (after: After) =>
  after !== 'deleted' && !after.isDisabled && after.roles.includes('admin');

/** Self-protection and last-admin protection for a change of `user` to `after`, made by `actorId`. */
export const assertChangeAllowed = ({
  actorId,
  user,
  activeAdminIds,
  after,
}: {
  actorId: number;
  user: LockedUser;
  activeAdminIds: readonly number[];
  after: After;
}) => {
  if (user.id === actorId) {
    if (after === 'deleted') throw refuse('不能删除自己的账号');
    if (after.isDisabled && !user.isDisabled) throw refuse('不能停用自己的账号');
    const lost = OWN_KEPT_ROLES.filter((role) => user.roles.includes(role) && !after.roles.includes(role));
    if (lost.length)
      throw refuse(`不能移除自己的「${lost.map((role) => ROLE_NAMES[role]).join('」「')}」角色`);
  }
  const wasActiveAdmin = activeAdminIds.includes(user.id);
  if (wasActiveAdmin && !isActiveAdmin(after) && activeAdminIds.length <= 1) {
    const action = after === 'deleted' ? '删除' : after.isDisabled ? '停用' : '移除超级管理员角色';
    throw refuse(`这是最后一个启用的超级管理员，不能${action}`);
  }
};

/** Is `username` taken by someone other than `exceptId`, regardless of case? */
export const assertUsernameFree = async ({
  tx,
  username,
  exceptId,
}: {
  tx: Tx;
  username: string;
  exceptId: number;
}) => {
  const [taken] = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM admin_user WHERE lower(username) = lower(${username}) AND id <> ${exceptId}`;
  if (taken) throw refuse(`用户名「${username}」已存在（不区分大小写）`);
};
