import 'server-only';
import { classRightsOf, type ClassRights } from '@/lib/auth/class-rights';
import { ROLE_LABELS, type Role } from '@/lib/auth/roles';
import type { AuthSession } from '@/lib/auth/session';
import type { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { USER_NOT_FOUND } from './user-guard';

/**
 * Who may manage whom (管理员用户). A user holding `admin` may do anything here. Anyone else with
 * `manage_user` manages only users whose rights lie within their own, and grants only rights they
 * hold:
 * - a user who holds `admin` is not theirs to edit, disable, delete, reset the password or the
 *   two-factor of — nor is anyone holding a role they lack, or (when their own categories are
 *   limited) a content editor with categories outside theirs or with all of them: a reset password
 *   and two-factor would otherwise let them sign in as that user and use those rights;
 * - the roles they give are roles they hold (never `admin`), and the categories of a content editor
 *   they give lie inside their own (never "all categories" when theirs are limited).
 * Categories limit only content work (`news_content`): they are not checked for other users.
 * Judged on the target's row read under the transaction's lock, so a change made meanwhile counts.
 */
const refuse = (message: string) => new AppError({ code: ErrorCode.forbidden, message });

export const ADMIN_TARGET_REFUSED = '只有超级管理员可以管理超级管理员账号';
export const ADMIN_GRANT_REFUSED = '只有超级管理员可以授予「超级管理员」角色';
export const WIDER_TARGET_REFUSED = '不能管理权限超出您自己权限的用户';
export const ALL_CLASSES_REFUSED = '您的栏目权限有限，不能授予全部栏目，请选择栏目';
export const OUTSIDE_CLASSES_REFUSED = '只能授予自己有权限的栏目';

const isAdmin = (roles: readonly string[]) => roles.includes('admin');
const label = (role: string) => ROLE_LABELS[role as Role] ?? role;

type Rights = { roles: readonly string[]; classIds: readonly number[] };

/** The actor's rights: read before the transaction (the category walk is a query of its own). */
export type ManagerScope = { roles: readonly string[]; rights: ClassRights };

export const managerScopeOf = async (actor: AuthSession): Promise<ManagerScope> => ({
  roles: actor.user.roles,
  rights: await classRightsOf(actor),
});

/** Do `user`'s categories lie within the manager's (a content editor's only; [] = all)? */
const classesWithin = ({ scope, user }: { scope: ManagerScope; user: Rights }) =>
  !scope.rights ||
  !user.roles.includes('news_content') ||
  (user.classIds.length > 0 && user.classIds.every((id) => scope.rights!.has(id)));

/** Refuses (403) a non-admin acting on a user whose rights are not within theirs. */
export const assertMayManageUser = ({ scope, target }: { scope: ManagerScope; target: Rights }) => {
  if (isAdmin(scope.roles)) return;
  if (isAdmin(target.roles)) throw refuse(ADMIN_TARGET_REFUSED);
  if (!target.roles.every((role) => scope.roles.includes(role)) || !classesWithin({ scope, user: target })) {
    throw refuse(WIDER_TARGET_REFUSED);
  }
};

/**
 * Locks the target's row, refuses (403) what assertMayManageUser refuses, or answers 404 when there
 * is no such user: for the calls that change a user without lockForChange (reset password, two-factor).
 */
export const lockManagedUser = async ({
  tx,
  scope,
  id,
}: {
  tx: Prisma.TransactionClient;
  scope: ManagerScope;
  id: number;
}) => {
  const [target] = await tx.$queryRaw<
    { username: string; roles: string[] | null; classIds: number[] | null }[]
  >`SELECT username, roles, class_ids AS "classIds" FROM admin_user WHERE id = ${id} FOR UPDATE`;
  if (!target) throw new AppError({ code: ErrorCode.notFound, message: USER_NOT_FOUND });
  assertMayManageUser({ scope, target: { roles: target.roles ?? [], classIds: target.classIds ?? [] } });
  return { username: target.username };
};

/** Refuses roles and categories the actor may not give: `after` is what the user is to have. */
export const assertMayGrant = ({ scope, after }: { scope: ManagerScope; after: Rights }) => {
  if (isAdmin(scope.roles)) return;
  if (isAdmin(after.roles)) throw refuse(ADMIN_GRANT_REFUSED);
  const notHeld = after.roles.filter((role) => !scope.roles.includes(role));
  if (notHeld.length) {
    throw refuse(`只能授予自己拥有的角色，不能授予「${notHeld.map(label).join('」「')}」`);
  }
  if (classesWithin({ scope, user: after })) return;
  throw refuse(after.classIds.length === 0 ? ALL_CLASSES_REFUSED : OUTSIDE_CLASSES_REFUSED);
};
