import 'server-only';
import { getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import type { AuthSession } from './session';

export const CLASS_FORBIDDEN = '没有该栏目的权限';

const forbidden = () => new AppError({ code: ErrorCode.forbidden, message: CLASS_FORBIDDEN });

/** The categories a caller may work in (classRightsOf); null = all of them. */
export type ClassRights = ReadonlySet<number> | null;

/**
 * Refuses (403, 没有该栏目的权限) when any of these categories is outside `rights`. A write
 * calls it inside its transaction, on category ids read under the rows' locks, so an item moved
 * to another category meanwhile is judged where it now is.
 */
export const assertWithinRights = ({
  rights,
  classIds,
}: {
  rights: ClassRights;
  classIds: Iterable<number | null>;
}) => {
  if (!rights) return;
  for (const id of classIds) if (id === null || !rights.has(id)) throw forbidden();
};

/**
 * The categories a session may work in: null = all of them (role admin, or class_ids empty);
 * otherwise the chosen categories and every category under them (a parent covers its children).
 * An ancestor of a chosen category is not included: seeing it as a menu parent grants nothing.
 * Computed per call (one recursive query), so a change to the tree or the rights counts at once.
 */
export const classRightsOf = async (session: AuthSession): Promise<ClassRights> => {
  const { roles, classIds } = session.user;
  if (roles.includes('admin') || classIds.length === 0) return null;
  const sql = await getSql();
  // UNION (not UNION ALL) ends the walk even on a cycle in parent_id.
  const rows = await sql.query<{ id: number }>(Prisma.sql`
    WITH RECURSIVE allowed AS (
      SELECT id FROM news_class WHERE id = ANY(${classIds}::int[])
      UNION
      SELECT c.id FROM news_class c JOIN allowed a ON c.parent_id = a.id
    )
    SELECT id FROM allowed`);
  return new Set(rows.map((row) => row.id));
};

const classExists = async (classId: number) => {
  const sql = await getSql();
  const rows = await sql.query<{ id: number }>(Prisma.sql`SELECT id FROM news_class WHERE id = ${classId}`);
  return rows.length > 0;
};

/**
 * Refuses (403 没有该栏目的权限) a category outside the session's rights. An unknown category is
 * let through, so the service answers its own 404 as before.
 */
export const assertClassRights = async ({
  session,
  classId,
}: {
  session: AuthSession;
  classId: number | readonly number[];
}) => {
  const rights = await classRightsOf(session);
  if (!rights) return;
  for (const id of [classId].flat()) {
    if (!rights.has(id) && (await classExists(id))) throw forbidden();
  }
};

/**
 * Refuses (403) when any of the items lies in a category outside the session's rights: a batch
 * is all or nothing. Ids of no item are let through (the service answers its 404 as before).
 */
export const assertNewsRights = async ({
  session,
  ids,
}: {
  session: AuthSession;
  ids: readonly number[];
}) => {
  const rights = await classRightsOf(session);
  if (!rights || ids.length === 0) return;
  const sql = await getSql();
  const rows = await sql.query<{ class_id: number | null }>(
    Prisma.sql`SELECT DISTINCT class_id FROM news WHERE id = ANY(${[...ids]}::int[])`,
  );
  if (rows.some((row) => row.class_id === null || !rights.has(row.class_id))) throw forbidden();
};
