import 'server-only';
import { currentActor } from '@/lib/audit/actor';
import { recordAudit } from '@/lib/audit/record';
import { readContentFields } from '@/lib/categories/content-fields';
import { CLASS_NOT_FOUND } from '@/lib/categories/find-class-one';
import { getDb } from '@/lib/db/client';
import { cleanRichValues } from '@/lib/fields/clean-rich-text';
import { epochSeconds } from '@/lib/fields/types/time';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { recordTargets } from '@/lib/sensitive/check-targets';
import { screenAnswer, screenAuditDetail, screenTargets } from '@/lib/sensitive/check-text';
import { currentWordList } from '@/lib/sensitive/word-list';
import type { RevisionAction } from './actions';
import { fieldDifferences, schemaKeys } from './diff-revisions';
import { REVISION_NOT_FOUND } from './load-revision';
import { keepSql } from './record-revision';

// 历史版本 of a single page (type 1 category): every save_class_info and revert_class_info writes one
// row of class_info_revision with the page's values after it, in the same transaction.

type Writer = { $executeRaw: (query: Prisma.Sql) => Prisma.PrismaPromise<number> };
type Reader = { $queryRaw: <T>(query: Prisma.Sql) => Prisma.PrismaPromise<T> };

const notFound = () => new AppError({ code: ErrorCode.notFound, message: CLASS_NOT_FOUND });

/** The keys whose values differ between two states of a page. */
const changedKeys = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  );

/**
 * Records the page's values after a change, numbered after its last revision; the oldest beyond
 * 系统设置 revision_keep are removed in the same statement.
 */
export const recordClassInfoRevision = async (
  tx: Writer,
  {
    classId,
    action,
    before,
    after,
  }: {
    classId: number;
    action: RevisionAction;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  },
) => {
  const actor = currentActor();
  await tx.$executeRaw(Prisma.sql`
    WITH rev_keep AS (${keepSql}),
    ins AS (
      INSERT INTO class_info_revision (class_id, rev, action, user_id, user_name, changed, fields)
      SELECT ${classId}, COALESCE(MAX(rev), 0) + 1, ${action}, ${actor.userId}::int,
        ${(actor.name || actor.username).slice(0, 64)}, ${changedKeys(before, after)}::text[],
        ${JSON.stringify(after)}::jsonb
      FROM class_info_revision WHERE class_id = ${classId}
      RETURNING rev)
    DELETE FROM class_info_revision r USING ins, rev_keep k
    WHERE k.keep > 0 AND r.class_id = ${classId} AND r.rev <= ins.rev - k.keep`);
};

/** A single page's category with its schema (404 when it is not one). */
const loadPage = async (db: Reader, id: number, lock = false) => {
  const [row] = await db.$queryRaw<
    { name: string; class_type: string; content_fields: unknown; class_fields: unknown }[]
  >(
    Prisma.sql`SELECT name, class_type, content_fileds AS content_fields, class_fields FROM news_class
      WHERE id = ${id} ${lock ? Prisma.sql`FOR UPDATE` : Prisma.empty}`,
  );
  if (!row) throw notFound();
  if (row.class_type !== '1')
    throw new AppError({ code: ErrorCode.badRequest, message: '该栏目不是单页栏目' });
  return {
    name: row.name,
    fields: readContentFields(row.content_fields).class,
    values: (row.class_fields ?? {}) as Record<string, unknown>,
  };
};

const loadRevisionValues = async (db: Reader, { id, rev }: { id: number; rev: number }) => {
  const [row] = await db.$queryRaw<{ fields: Record<string, unknown> }[]>(
    Prisma.sql`SELECT fields FROM class_info_revision WHERE class_id = ${id} AND rev = ${rev}`,
  );
  if (!row) throw new AppError({ code: ErrorCode.notFound, message: REVISION_NOT_FOUND });
  return row.fields;
};

/** get_class_info_revisions: a single page's revisions, newest first, paged. */
export const findClassInfoRevisions = async ({
  id,
  page,
  limit,
}: {
  id: number;
  page: number;
  limit: number;
}) => {
  const db = await getDb();
  await loadPage(db, id);
  const rows = await db.$queryRaw<
    { rev: number; action: RevisionAction; user_name: string; created_at: Date; changed: string[] | null }[]
  >`SELECT rev, action, user_name, created_at, changed FROM class_info_revision WHERE class_id = ${id}
    ORDER BY rev DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`;
  const [{ n }] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM class_info_revision WHERE class_id = ${id}`;
  return {
    data: rows.map((row) => ({
      rev: row.rev,
      action: row.action,
      user_name: row.user_name,
      time: epochSeconds(row.created_at),
      changed: row.changed ?? [],
    })),
    total: n,
  };
};

/** The values a page form shows: the schema's fields only, rich text cleaned (find-class-info.ts). */
const visible = (fields: ReturnType<typeof readContentFields>['class'], values: Record<string, unknown>) =>
  cleanRichValues({
    fields,
    values: Object.fromEntries(fields.map((field) => [field.key, values[field.key] ?? null])),
  });

/** diff_class_info_revisions: what differs from revision `from` to `to` (or the page now), by field. */
export const diffClassInfoRevisions = async ({ id, from, to }: { id: number; from: number; to?: number }) => {
  const db = await getDb();
  const page = await loadPage(db, id);
  const before = visible(page.fields, await loadRevisionValues(db, { id, rev: from }));
  const after = visible(
    page.fields,
    to === undefined ? page.values : await loadRevisionValues(db, { id, rev: to }),
  );
  return fieldDifferences({ keys: schemaKeys(page.fields), before, after });
};

/**
 * revert_class_info: the page's values become those of revision `rev` exactly (fields the schema
 * no longer has are left out and named in `dropped`), with a `revert` revision and 操作日志 entry.
 */
export const revertClassInfo = async ({
  id,
  rev,
  isConfirmed = false,
}: {
  id: number;
  rev: number;
  isConfirmed?: boolean;
}) => {
  // Read before the transaction: the lists' own read must not wait for the connection it holds.
  const list = await currentWordList();
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const page = await loadPage(tx, id, true);
    const stored = await loadRevisionValues(tx, { id, rev });
    const keys = new Set(page.fields.map((field) => field.key));
    const values = Object.fromEntries(Object.entries(stored).filter(([key]) => keys.has(key)));
    const dropped = Object.keys(stored).filter((key) => !keys.has(key));
    // The version's texts pass the 敏感词 check of save_class_info (replace words replaced in `values`).
    const screened = screenTargets({
      list,
      targets: recordTargets({ fields: page.fields, values }),
      isConfirmed,
    });
    await tx.$executeRaw`UPDATE news_class SET class_fields = ${JSON.stringify(values)}::jsonb, updated_at = now()
      WHERE id = ${id}`;
    await recordAudit(tx, {
      action: 'revert',
      targetType: 'class',
      targetId: id,
      detail: {
        name: page.name,
        rev,
        ...(dropped.length > 0 ? { dropped } : {}),
        ...screenAuditDetail(screened),
      },
    });
    await recordClassInfoRevision(tx, { classId: id, action: 'revert', before: page.values, after: values });
    return { dropped, ...screenAnswer(screened) };
  });
};
