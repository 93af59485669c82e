import 'server-only';
import { classRightsOf, type ClassRights } from '@/lib/auth/class-rights';
import { ROLE_LABELS, type Role } from '@/lib/auth/roles';
import type { AuthSession } from '@/lib/auth/session';
import type { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { USER_NOT_FOUND } from './user-guard';

/**
 * Who may manage whom (管理员用户). A user holding `admin` may do anything here. Anyone else with
 * `manage_user`:
 * - may not touch a user who holds `admin` (edit, disable, delete, reset the password or the
 *   two-factor): otherwise a reset password and two-factor would let them sign in as that admin;
 * - may grant only roles they hold themselves (never `admin`), and, when their own rights are limited
 *   to some categories, only categories inside those (never "all categories").
 * Roles and categories the target already has and keeps are not "granted", so a user-manager can
 * rename someone with wider rights than their own without a refusal; taking rights away is allowed.
 * Checked on rows read under the transaction's lock, so a target made admin meanwhile is judged as one.
 */
const refuse = (message: string) => new AppError({ code: ErrorCode.forbidden, message });

export const ADMIN_TARGET_REFUSED = '只有超级管理员可以管理超级管理员账号';
export const ADMIN_GRANT_REFUSED = '只有超级管理员可以授予「超级管理员」角色';

const isAdmin = (roles: readonly string[]) => roles.includes('admin');
const label = (role: string) => ROLE_LABELS[role as Role] ?? role;

/** Refuses a non-admin actor acting on a user who holds `admin`. */
export const assertMayManageUser = ({
  actorRoles,
  targetRoles,
}: {
  actorRoles: readonly string[];
  targetRoles: readonly string[];
}) => {
  if (!isAdmin(actorRoles) && isAdmin(targetRoles)) throw refuse(ADMIN_TARGET_REFUSED);
};

/**
 * Locks the target's row and refuses (403) a non-admin acting on an admin, or answers 404 when there
 * is no such user: for the calls that change a user without lockForChange (reset password, two-factor).
 */
export const lockManagedUser = async ({
  tx,
  actor,
  id,
}: {
  tx: Prisma.TransactionClient;
  actor: AuthSession;
  id: number;
}) => {
  const [target] = await tx.$queryRaw<{ username: string; roles: string[] | null }[]>`
    SELECT username, roles FROM admin_user WHERE id = ${id} FOR UPDATE`;
  if (!target) throw new AppError({ code: ErrorCode.notFound, message: USER_NOT_FOUND });
  assertMayManageUser({ actorRoles: actor.user.roles, targetRoles: target.roles ?? [] });
  return { username: target.username };
};

type Rights = { roles: readonly string[]; classIds: readonly number[] };

/** What the actor may grant: read before the transaction (the category walk is a query of its own). */
export type GrantScope = { roles: readonly string[]; rights: ClassRights };

export const grantScopeOf = async (actor: AuthSession): Promise<GrantScope> => ({
  roles: actor.user.roles,
  rights: await classRightsOf(actor),
});

/**
 * Refuses roles and categories the actor may not grant. `before` is null for a new user: then
 * everything in `after` is granted, and no categories (= all) counts as granting all of them.
 */
export const assertMayGrant = ({
  scope,
  before,
  after,
}: {
  scope: GrantScope;
  before: Rights | null;
  after: Rights;
}) => {
  const { roles, rights } = scope;
  if (isAdmin(roles)) return;
  const added = after.roles.filter((role) => !before?.roles.includes(role));
  if (added.includes('admin')) throw refuse(ADMIN_GRANT_REFUSED);
  const notHeld = added.filter((role) => !roles.includes(role));
  if (notHeld.length) {
    throw refuse(`只能授予自己拥有的角色，不能授予「${notHeld.map(label).join('」「')}」`);
  }
  if (!rights) return;
  // A user who had all categories keeps or loses some: nothing is granted.
  if (before !== null && before.classIds.length === 0) return;
  if (after.classIds.length === 0) throw refuse('你的栏目权限有限，不能授予全部栏目，请选择栏目');
  const outside = after.classIds.filter((id) => !before?.classIds.includes(id) && !rights.has(id));
  if (outside.length) throw refuse('只能授予自己有权限的栏目');
};
