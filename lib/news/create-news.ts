import 'server-only';
import { auditInsertFrom } from '@/lib/audit/record';
import { getDb, getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { savedRevisionCte } from '@/lib/revisions/save-revision';
import { screenAnswer, screenAuditDetail, type ScreenResult } from '@/lib/sensitive/check-text';
import { checkedIfEmptyCte, hitWriteCtes } from '@/lib/sensitive/item-hits';
import type { ItemWord } from '@/lib/sensitive/levels';
import { currentWordList, type WordList } from '@/lib/sensitive/word-list';
import { CLASS_STAMP, classStampSql, toListClass, withListClass, type ListClass } from './load-class';
import type { BaseValues, SaveNewsOptions } from './save-base';
import { checkNewsValues } from './save-values';

/** The running-number fields of a category (type `auto`). */
const autoKeysOf = (category: ListClass) =>
  category.schema.list.filter((field) => field.type === 'auto').map((field) => field.key);

/**
 * The running numbers of a new item, as a jsonb object over `fields`: one more than the largest
 * stored in the category under the first running-number field, for each of them. Exact only when
 * the statement runs after the category's lock was granted (its snapshot then holds every
 * creation committed before).
 */
const autoNumbersSql = ({ classId, keys }: { classId: number; keys: string[] }) => {
  if (keys.length === 0) return Prisma.empty;
  const [first] = keys;
  return Prisma.sql` || (SELECT jsonb_build_object(${Prisma.join(keys.map((key) => Prisma.sql`${key}::text, a.next`))})
      FROM (SELECT COALESCE(MAX((fields ->> ${first}::text)::bigint), 0)::int + 1 AS next FROM news
            WHERE class_id = ${classId} AND jsonb_typeof(fields -> ${first}::text) = 'number') AS a)`;
};

/**
 * The INSERT of a new item, its 操作日志 entry, its first revision and its 敏感词 words (with the
 * category counted as checked when it held no item: item-hits.ts), in one statement: they are
 * written exactly when the item is. It inserts only while the category is the version the values were checked
 * against (`stamp`, its type and schema); otherwise nothing is written, and the statement answers
 * the category's stamp as it now is (null once the category is gone) with no id. The entry's
 * category name is read by the same statement; the id comes through the revision's CTE, which runs
 * only when read.
 */
const insertSql = ({
  category,
  stamp,
  base,
  fields,
  actorId,
  screened,
  words,
  listVersion,
}: {
  category: ListClass;
  stamp: string;
  base: BaseValues;
  fields: unknown;
  actorId: number;
  screened: ScreenResult | null;
  words: ItemWord[];
  listVersion: string;
}) => Prisma.sql`
  WITH cat AS (SELECT c.id, c.name, ${CLASS_STAMP} AS stamp FROM news_class c WHERE c.id = ${category.id}),
  created AS (
    INSERT INTO news (class_id, title, short_title, intro, content, hr_type, process, new_time, fields,
      created_by, updated_by, updated_at)
    SELECT cat.id, ${base.title}, COALESCE(${base.shortTitle ?? null}::text, ''),
      COALESCE(${base.intro ?? null}::text, ''), COALESCE(${base.content ?? null}::text, ''),
      COALESCE(${base.hrType ?? null}::text, ''), COALESCE(${base.process ?? null}::int, 0),
      COALESCE(${base.newTime?.toISOString() ?? null}::timestamptz, now()),
      ${JSON.stringify(fields)}::jsonb${autoNumbersSql({ classId: category.id, keys: autoKeysOf(category) })},
      ${actorId}::int, ${base.updatedBy}::int, now()
    FROM cat WHERE cat.stamp = ${stamp}
    RETURNING *),
  logged AS (${auditInsertFrom({
    entry: {
      action: 'create',
      targetType: 'news',
      detail: { name: base.title, ...(screened ? screenAuditDetail(screened) : {}) },
    },
    from: Prisma.sql`created, cat`,
    sql: {
      targetId: Prisma.sql`created.id`,
      detail: Prisma.sql`jsonb_build_object('values', jsonb_build_object('class_id', cat.id, 'class_name', cat.name))`,
    },
  })}),
  ${hitWriteCtes({ from: Prisma.sql`created`, words, isNew: true })}
  ${checkedIfEmptyCte(listVersion)}
  ${savedRevisionCte({ from: Prisma.sql`created`, action: 'create', keys: 'all' })}
  SELECT (SELECT stamp FROM cat) AS stamp, (SELECT id FROM rev_written) AS id`;

type InsertResult = { stamp: string | null; id: number | null };

/**
 * The values of a new item in `category`: base columns and dynamic fields, checked by the registry
 * and against the 敏感词 lists (`list`, read before any transaction): a refusal (40010 / 40011)
 * writes nothing, replace hits are replaced.
 */
const newValues = async ({
  category,
  input,
  actor,
  list,
}: SaveNewsOptions & { category: ListClass; list: WordList }) => {
  // Running numbers are given by the INSERT (autoNumbersSql); 1 stands in for them here.
  const checked = await checkNewsValues({ category, input, actor, list, previous: {}, isCreate: true });
  return { base: checked.base, fields: checked.values, screened: checked.screened, words: checked.words };
};

const answerOf = (id: number, screened: ScreenResult | null) => ({
  id,
  ...(screened ? screenAnswer(screened) : {}),
});

const lockClassSql = (classId: number) =>
  Prisma.sql`SELECT c.id, c.name, c.class_type, c.content_fileds AS content_fields, ${CLASS_STAMP} AS stamp
    FROM news_class c WHERE c.id = ${classId} FOR UPDATE`;

/**
 * Writes a checked creation. Without running numbers: the one statement, no transaction. With
 * them: the category's row lock, then the statement, as one batch transaction (no round trip
 * to this process in between): creations in the category are serialised, so each takes one
 * more than the largest stored, exact and without gaps.
 */
const insert = async (statement: Prisma.Sql, { classId, locked }: { classId: number; locked: boolean }) => {
  if (!locked) {
    const sql = await getSql();
    const [inserted] = await sql.query<InsertResult>(statement, { prepare: true });
    return inserted;
  }
  const db = await getDb();
  const [, [inserted]] = await db.$transaction([
    db.$queryRaw(lockClassSql(classId)),
    db.$queryRaw<InsertResult[]>(statement),
  ]);
  return inserted;
};

/**
 * After OPTIMISTIC_ATTEMPTS creations refused by a changing schema: the category read under its
 * lock, in an interactive transaction, so the values are checked against the schema that stays.
 */
const createLocked = async ({ input, actor, list }: SaveNewsOptions & { list: WordList }) => {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<
      { id: number; name: string; class_type: string; content_fields: unknown; stamp: string }[]
    >(lockClassSql(input.class_id));
    const category = toListClass(
      row && { id: row.id, name: row.name, classType: row.class_type, contentFields: row.content_fields },
    );
    const { base, fields, screened, words } = await newValues({ category, input, actor, list });
    const [inserted] = await tx.$queryRaw<InsertResult[]>(
      insertSql({
        category,
        stamp: row.stamp,
        base,
        fields,
        actorId: actor.id,
        screened,
        words,
        listVersion: list.version,
      }),
    );
    // The category row is locked, so its stamp cannot have moved since it was read.
    if (inserted.id === null) throw new Error('创建内容失败：栏目在锁定期间发生了变化');
    return answerOf(inserted.id, screened);
  });
};

const OPTIMISTIC_ATTEMPTS = 3;

/**
 * Creates an item: base columns plus dynamic values validated by the registry, and its 操作日志
 * entry, written by one statement (insertSql). The values are checked against the category's
 * schema from the per-process cache and the statement inserts only while the category still has
 * that schema (its stamp): a schema changed meanwhile makes it insert nothing, and the values are
 * checked again against the new one. A category with a running number takes its lock first
 * (insert). After a few changes in a row the creation reads the category under its lock.
 */
export const createNews = async ({ input, actor }: SaveNewsOptions) => {
  const sql = await getSql();
  // Read before any transaction: the lists' own read must not wait for a connection the save holds.
  const list = await currentWordList();
  for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt += 1) {
    const created = await withListClass<ReturnType<typeof answerOf> | null>(
      input.class_id,
      async (category, stamp) => {
        let values: Awaited<ReturnType<typeof newValues>>;
        try {
          values = await newValues({ category, input, actor, list });
        } catch (error) {
          // A refusal by a cached schema stands only if the schema is still that one.
          const [now] = await sql.query<{ stamp: string | null }>(
            Prisma.sql`SELECT ${classStampSql(category.id)} AS stamp`,
          );
          if (now?.stamp === stamp) throw error;
          return { stamp: now?.stamp ?? null, result: null };
        }
        const { base, fields, screened, words } = values;
        const inserted = await insert(
          insertSql({
            category,
            stamp,
            base,
            fields,
            actorId: actor.id,
            screened,
            words,
            listVersion: list.version,
          }),
          {
            classId: category.id,
            locked: autoKeysOf(category).length > 0,
          },
        );
        // No id: the category changed since it was cached; withListClass reloads it (or answers 404).
        return {
          stamp: inserted.stamp,
          result: inserted.id === null ? null : answerOf(inserted.id, screened),
        };
      },
    );
    if (created !== null) return created;
  }
  return createLocked({ input, actor, list });
};
