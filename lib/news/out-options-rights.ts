import 'server-only';
import { assertClassRights, CLASS_FORBIDDEN, classRightsOf } from '@/lib/auth/class-rights';
import type { AuthSession } from '@/lib/auth/session';
import { readContentFields } from '@/lib/categories/content-fields';
import { getSql } from '@/lib/db/client';
import type { FieldDefinition } from '@/lib/fields/definition';
import { outOptionsSourceClass } from '@/lib/fields/out-options-url';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';

const forbidden = () => new AppError({ code: ErrorCode.forbidden, message: CLASS_FORBIDDEN });

/** The out_auto fields (a child_info group's included) of a category's item and single-page schemas. */
const relationFields = (stored: unknown) => {
  const { list, class: single } = readContentFields(stored);
  const all: FieldDefinition[] = [...list, ...single].flatMap((field) => [
    field,
    ...(Array.isArray(field.child_info) ? field.child_info : []),
  ]);
  return all.filter((field) => field.type === 'out_auto');
};

/**
 * Who may read the options of news_manage/get_out_options (titles and ids of category
 * `classId`'s items): whoever may work in that category (assertClassRights, an unknown category
 * let through to its 404) — or an editor filling in a relation field of a category it may work in:
 * the call names that category (`forClassId`) and the field's key, and that field's url must point
 * at `classId`. Anything else is 403 没有该栏目的权限, before any item is read, the same answer
 * whether the category, the field or the relation is what is missing.
 */
export const assertOutOptionsRights = async ({
  session,
  classId,
  forClassId,
  field,
}: {
  session: AuthSession;
  classId: number;
  forClassId?: number;
  field?: string;
}) => {
  try {
    await assertClassRights({ session, classId });
    return;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== ErrorCode.forbidden) throw error;
    if (forClassId === undefined || field === undefined) throw error;
  }
  const rights = await classRightsOf(session);
  if (rights && !rights.has(forClassId)) throw forbidden();
  const sql = await getSql();
  const [row] = await sql.query<{ content_fields: unknown }>(
    Prisma.sql`SELECT content_fileds AS content_fields FROM news_class WHERE id = ${forClassId}`,
  );
  const isDeclared =
    row !== undefined &&
    relationFields(row.content_fields).some(
      (relation) => relation.key === field && outOptionsSourceClass({ url: relation.url }) === classId,
    );
  if (!isDeclared) throw forbidden();
};
