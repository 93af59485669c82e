import 'server-only';
import { auditChanges } from '@/lib/audit/changes';
import { auditInsertFrom } from '@/lib/audit/record';
import { getDb, getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { savedChanges } from '@/lib/revisions/changed-keys';
import { savedRevisionCte } from '@/lib/revisions/save-revision';
import { screenAnswer, screenAuditDetail, type ScreenResult } from '@/lib/sensitive/check-text';
import { hitWriteCtes } from '@/lib/sensitive/item-hits';
import type { ItemWord } from '@/lib/sensitive/levels';
import { currentWordList, type WordList } from '@/lib/sensitive/word-list';
import { NEWS_NOT_FOUND } from './find-news-one';
import { classStampSql, loadListClass, withListClass, type ListClass } from './load-class';
import { LOCKED_MESSAGE } from './lock-rules';
import { badSave, readBase, type BaseValues, type SaveActor, type SaveNewsOptions } from './save-base';
import { statesOf, type CurrentRow } from './save-states';
import type { TSaveNewsInput } from './schemas';
import { checkNewsValues } from './save-values';

export const EDITED_ELSEWHERE = '该内容在你打开后已被修改（他人保存、锁定或移动），请关闭后重新打开再编辑';

const BEFORE_COLUMNS = Prisma.raw(
  'n.title, n.short_title, n.intro, n.content, n.hr_type, n.process, n.new_time',
);

/**
 * What an update may overwrite: the row exists in this category, is not locked and, when the form
 * sent the version it was opened at (`expectedVersion`), has not changed since.
 */
const assertEditable = ({
  category,
  row,
  expectedVersion,
}: {
  category: ListClass;
  row: CurrentRow | undefined;
  expectedVersion: string | undefined;
}) => {
  if (!row || row.class_id === null)
    throw new AppError({ code: ErrorCode.notFound, message: NEWS_NOT_FOUND });
  if (row.class_id !== category.id) throw badSave('内容不属于该栏目');
  if (row.is_lock) throw badSave(LOCKED_MESSAGE);
  if (expectedVersion !== undefined && row.row_version !== expectedVersion) throw badSave(EDITED_ELSEWHERE);
};

/**
 * The UPDATE of a save, its 操作日志 entry, its 敏感词 words and its revision, in one statement: they
 * are written exactly when the row is (a save without a transaction stays atomic); the answer's id
 * comes through the revision's CTE, which runs only when read. With `rowVersion`, it applies only to
 * the row version that was read.
 */
const updateSql = ({
  id,
  base,
  fields,
  row,
  rowVersion,
  screened,
  words,
}: {
  id: number;
  base: BaseValues;
  fields: unknown;
  row: CurrentRow;
  rowVersion: string | null;
  screened: ScreenResult | null;
  words: ItemWord[];
}) => {
  const { before, after } = statesOf({ row, base, fields });
  return Prisma.sql`
  WITH changed AS (
    UPDATE news SET
      title = ${base.title},
      short_title = COALESCE(${base.shortTitle ?? null}::text, short_title),
      intro = COALESCE(${base.intro ?? null}::text, intro),
      content = COALESCE(${base.content ?? null}::text, content),
      hr_type = COALESCE(${base.hrType ?? null}::text, hr_type),
      process = COALESCE(${base.process ?? null}::int, process),
      new_time = COALESCE(${base.newTime?.toISOString() ?? null}::timestamptz, new_time),
      fields = ${JSON.stringify(fields)}::jsonb,
      updated_by = ${base.updatedBy},
      updated_at = now()
    WHERE id = ${id} AND NOT is_lock ${rowVersion === null ? Prisma.empty : Prisma.sql`AND xmin = ${rowVersion}::xid`}
    RETURNING *),
  logged AS (${auditInsertFrom({
    entry: {
      action: 'update',
      targetType: 'news',
      targetId: id,
      detail: {
        name: row.title,
        changes: auditChanges(before, after),
        ...(screened ? screenAuditDetail(screened) : {}),
      },
    },
    from: Prisma.sql`changed`,
  })}),
  ${hitWriteCtes({ from: Prisma.sql`changed`, words, isNew: false })}
  ${savedRevisionCte({ from: Prisma.sql`changed`, action: 'update', keys: savedChanges(before, after) })}
  SELECT id FROM rev_written`;
};

const OPTIMISTIC_ATTEMPTS = 3;

/** The row as an update needs it, with the category stamp of the same snapshot. */
const readCurrent = async ({ id, category }: { id: number; category: ListClass }) => {
  const sql = await getSql();
  const [current] = await sql.query<CurrentRow & { stamp: string | null }>(
    Prisma.sql`
    SELECT n.class_id, n.is_lock, n.fields, n.xmin::text AS row_version, ${BEFORE_COLUMNS},
      ${classStampSql(category.id)} AS stamp
    FROM (SELECT 1) AS one LEFT JOIN news n ON n.id = ${id}`,
    { prepare: true },
  );
  return current;
};

/** The values of an update, checked (save-values.ts): the row's stored fields are kept under the new ones. */
const checkedUpdate = ({
  list,
  category,
  input,
  actor,
  base,
  row,
}: {
  list: WordList;
  category: ListClass;
  input: TSaveNewsInput;
  actor: SaveActor;
  base: BaseValues;
  row: CurrentRow;
}) =>
  checkNewsValues({
    category,
    input,
    actor,
    list,
    base,
    previous: (row.fields ?? {}) as Record<string, unknown>,
    isCreate: false,
    row,
  });

/** After OPTIMISTIC_ATTEMPTS lost races: the same update under the row lock, which always finishes. */
const updateLocked = async ({ id, input, actor, list }: SaveNewsOptions & { id: number; list: WordList }) => {
  const category = await loadListClass({ classId: input.class_id });
  const readBaseValues = readBase({ category, input, actor });
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<CurrentRow[]>`
      SELECT n.class_id, n.is_lock, n.fields, n.xmin::text AS row_version, ${BEFORE_COLUMNS}
      FROM news n WHERE n.id = ${id} FOR UPDATE`;
    assertEditable({ category, row, expectedVersion: input.row_version });
    const checked = await checkedUpdate({ list, category, input, actor, base: readBaseValues, row });
    await tx.$queryRaw(
      updateSql({
        id,
        base: checked.base,
        fields: checked.values,
        row,
        rowVersion: null,
        screened: checked.screened,
        words: checked.words,
      }),
    );
    return { id, ...(checked.screened ? screenAnswer(checked.screened) : {}) };
  });
};

/**
 * Updates an item, usually in two round trips with no transaction held open: read the row (with
 * the category from the per-process cache, checked by its stamp in the same statement), then one
 * UPDATE that applies only to the row version that was read (xmin) while it is unlocked. An edit
 * or lock committed in between makes it match nothing, and the save reads again, so a lock taken
 * meanwhile is honoured and values kept from the stored row are never stale. After a few lost
 * races the save takes the row lock instead, so it always finishes. With `row_version` (what
 * get_news_one answered), a save refuses to overwrite a change made since the form was opened.
 */
export const updateNews = async ({ id, input, actor }: SaveNewsOptions & { id: number }) => {
  const sql = await getSql();
  // Read before any transaction: the lists' own read must not wait for a connection the save holds.
  const list = await currentWordList();
  // The base values (sanitised content included) are worked out once per category version read.
  let base: BaseValues | null = null;
  let baseFor: ListClass | null = null;
  for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt += 1) {
    const { category, row } = await withListClass(input.class_id, async (category) => {
      const current = await readCurrent({ id, category });
      return { stamp: current.stamp, result: { category, row: current } };
    });
    if (!base || baseFor !== category) {
      base = readBase({ category, input, actor });
      baseFor = category;
    }
    assertEditable({ category, row, expectedVersion: input.row_version });
    const checked = await checkedUpdate({ list, category, input, actor, base, row });
    const updated = await sql.query<{ id: number }>(
      updateSql({
        id,
        base: checked.base,
        fields: checked.values,
        row,
        rowVersion: row.row_version,
        screened: checked.screened,
        words: checked.words,
      }),
      { prepare: true },
    );
    if (updated.length === 1) return { id, ...(checked.screened ? screenAnswer(checked.screened) : {}) };
  }
  return updateLocked({ id, input, actor, list });
};
