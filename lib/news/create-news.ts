import 'server-only';
import { auditInsertFrom } from '@/lib/audit/record';
import { getDb, getSql } from '@/lib/db/client';
import { buildStoredValues } from '@/lib/fields/server-values';
import { Prisma } from '@/lib/generated/prisma/client';
import { CLASS_STAMP, classStampSql, toListClass, withListClass, type ListClass } from './load-class';
import { readBase, type BaseValues, type SaveNewsOptions } from './save-base';

/** The running-number field of a category, if it has one (its type is `auto`). */
const autoFieldOf = (category: ListClass) => category.schema.list.find((field) => field.type === 'auto');

/**
 * The INSERT of a new item and its 操作日志 entry, in one statement: the entry is written exactly
 * when the item is. It inserts only while the category is the version the values were checked
 * against (`stamp`, its type and schema); otherwise nothing is written, and the statement answers
 * the category's stamp as it now is (null once the category is gone) with no id. The entry's
 * category name is read by the same statement.
 */
const insertSql = ({
  category,
  stamp,
  base,
  fields,
  actorId,
}: {
  category: ListClass;
  stamp: string;
  base: BaseValues;
  fields: unknown;
  actorId: number;
}) => Prisma.sql`
  WITH cat AS (SELECT c.id, c.name, ${CLASS_STAMP} AS stamp FROM news_class c WHERE c.id = ${category.id}),
  created AS (
    INSERT INTO news (class_id, title, short_title, intro, content, hr_type, process, new_time, fields,
      created_by, updated_by, updated_at)
    SELECT cat.id, ${base.title}, COALESCE(${base.shortTitle ?? null}::text, ''),
      COALESCE(${base.intro ?? null}::text, ''), COALESCE(${base.content ?? null}::text, ''),
      COALESCE(${base.hrType ?? null}::text, ''), COALESCE(${base.process ?? null}::int, 0),
      COALESCE(${base.newTime?.toISOString() ?? null}::timestamptz, now()), ${JSON.stringify(fields)}::jsonb,
      ${actorId}::int, ${base.updatedBy}::int, now()
    FROM cat WHERE cat.stamp = ${stamp}
    RETURNING id),
  logged AS (${auditInsertFrom({
    entry: { action: 'create', targetType: 'news', detail: { name: base.title } },
    from: Prisma.sql`created, cat`,
    sql: {
      targetId: Prisma.sql`created.id`,
      detail: Prisma.sql`jsonb_build_object('values', jsonb_build_object('class_id', cat.id, 'class_name', cat.name))`,
    },
  })})
  SELECT (SELECT stamp FROM cat) AS stamp, (SELECT id FROM created) AS id`;

type InsertResult = { stamp: string | null; id: number | null };

/** The values of a new item in `category`: base columns and dynamic fields, checked. */
const newValues = async ({
  category,
  input,
  actor,
  nextAuto,
}: SaveNewsOptions & { category: ListClass; nextAuto?: () => Promise<number> }) => {
  const base = readBase({ category, input, actor });
  const fields = await buildStoredValues({
    fields: category.schema.list,
    raw: input,
    previous: {},
    isCreate: true,
    actorName: actor.name,
    nextAuto,
  });
  return { base, fields };
};

/**
 * A creation under the category's row lock, in a transaction: creations in a category with a
 * running number (auto field) are serialised, so each takes one more than the largest stored,
 * exact and without gaps. The lock is taken before the largest number is read (a later statement
 * of the transaction, so it sees every creation committed before the lock was granted). Four
 * statements: the lock with the category row, the largest number, the INSERT with its entry, the
 * commit.
 */
const createLocked = async ({ input, actor }: SaveNewsOptions) => {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<
      { id: number; name: string; class_type: string; content_fileds: unknown; stamp: string }[]
    >`SELECT c.id, c.name, c.class_type, c.content_fileds, ${CLASS_STAMP} AS stamp
      FROM news_class c WHERE c.id = ${input.class_id} FOR UPDATE`;
    const category = toListClass(
      row && { id: row.id, name: row.name, classType: row.class_type, contentFileds: row.content_fileds },
    );
    const autoField = autoFieldOf(category);
    const nextAuto = autoField
      ? async () => {
          const [{ next }] = await tx.$queryRaw<{ next: number }[]>`
            SELECT COALESCE(MAX((fields ->> ${autoField.key})::bigint), 0)::int + 1 AS next
            FROM news WHERE class_id = ${category.id} AND jsonb_typeof(fields -> ${autoField.key}) = 'number'`;
          return next;
        }
      : undefined;
    const { base, fields } = await newValues({ category, input, actor, nextAuto });
    const [inserted] = await tx.$queryRaw<InsertResult[]>(
      insertSql({ category, stamp: row.stamp, base, fields, actorId: actor.id }),
    );
    // The category row is locked, so its stamp cannot have moved since it was read.
    if (inserted.id === null) throw new Error('创建内容失败：栏目在锁定期间发生了变化');
    return { id: inserted.id };
  });
};

const OPTIMISTIC_ATTEMPTS = 3;

/**
 * Creates an item: base columns plus dynamic values validated by the registry, and its 操作日志
 * entry. In a category without a running number it is one statement and no transaction (the
 * category's schema from the per-process cache, checked by its stamp inside the INSERT): a schema
 * changed meanwhile makes it insert nothing, and the values are checked again against the new
 * schema. A category with a running number, or one whose schema keeps changing, creates under
 * the category's lock (createLocked).
 */
export const createNews = async ({ input, actor }: SaveNewsOptions) => {
  const sql = await getSql();
  for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt += 1) {
    const outcome = await withListClass<number | 'locked' | null>(input.class_id, async (category, stamp) => {
      if (autoFieldOf(category)) return { stamp, result: 'locked' as const };
      let values: Awaited<ReturnType<typeof newValues>>;
      try {
        values = await newValues({ category, input, actor });
      } catch (error) {
        // A refusal by a cached schema stands only if the schema is still that one.
        const [now] = await sql.query<{ stamp: string | null }>(
          Prisma.sql`SELECT ${classStampSql(category.id)} AS stamp`,
        );
        if (now?.stamp === stamp) throw error;
        return { stamp: now?.stamp ?? null, result: null };
      }
      const { base, fields } = values;
      const [inserted] = await sql.query<InsertResult>(
        insertSql({ category, stamp, base, fields, actorId: actor.id }),
        { prepare: true },
      );
      // No id: the category changed since it was cached; withListClass reloads it (or answers 404).
      return { stamp: inserted.stamp, result: inserted.id };
    });
    if (outcome === 'locked') break;
    if (outcome !== null) return { id: outcome };
  }
  return createLocked({ input, actor });
};
