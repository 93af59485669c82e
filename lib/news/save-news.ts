import 'server-only';
import { getDb, getSql } from '@/lib/db/client';
import { sanitizeRichText } from '@/lib/fields/sanitize-html';
import { buildStoredValues } from '@/lib/fields/server-values';
import { toSeconds } from '@/lib/fields/types/time';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { isProcessClass } from '@/lib/process/steps';
import { NEWS_NOT_FOUND } from './find-news-one';
import { classStampSql, loadListClass, withListClass, type ListClass } from './load-class';
import { LOCKED_MESSAGE } from './lock-rules';
import type { TSaveNewsInput } from './schemas';

type SaveNewsOptions = { input: TSaveNewsInput; actor: { id: number; name: string } };

const bad = (message: string) => new AppError({ code: ErrorCode.badRequest, message });

const nextAutoNumber = (tx: Prisma.TransactionClient, classId: number, key: string) => async () => {
  const [{ next }] = await tx.$queryRaw<{ next: number }[]>`
    SELECT COALESCE(MAX((fields ->> ${key})::bigint), 0)::int + 1 AS next
    FROM news WHERE class_id = ${classId} AND jsonb_typeof(fields -> ${key}) = 'number'`;
  return next;
};

type BaseValues = {
  title: string;
  shortTitle?: string;
  intro?: string;
  content?: string;
  hrType?: string;
  process?: number;
  newTime?: Date;
  updatedBy: number;
};

/** The base columns of a save, checked against the category's labels. */
const readBase = (
  category: ListClass,
  input: TSaveNewsInput,
  actor: SaveNewsOptions['actor'],
): BaseValues => {
  const titleName = category.schema.base_set.title.name || '标题';
  const title =
    typeof input.title === 'string' || typeof input.title === 'number' ? String(input.title).trim() : '';
  if (!title) throw bad(`请填写${titleName}`);
  if ([...title].length > 500) throw bad(`${titleName}不能超过 500 个字`);
  let newTime: Date | undefined;
  if (input.new_time !== undefined && input.new_time !== null && input.new_time !== '') {
    const seconds = toSeconds(input.new_time);
    if (seconds === null) throw bad('发布时间格式不正确');
    newTime = new Date(seconds * 1000);
  }
  return {
    title,
    shortTitle: input.short_title?.trim() ?? undefined,
    intro: input.intro ?? undefined,
    content: typeof input.content === 'string' ? sanitizeRichText(input.content) : undefined,
    hrType: input.hr_type ?? undefined,
    // In a process category (4, 5) the item's process comes from its records (lib/process/).
    process: isProcessClass(category.classType) ? undefined : input.process,
    newTime,
    updatedBy: actor.id,
  };
};

export const EDITED_ELSEWHERE = '该内容在你打开后已被修改（他人保存、锁定或移动），请关闭后重新打开再编辑';

type CurrentRow = { class_id: number | null; is_lock: boolean; fields: unknown; row_version: string | null };

/**
 * What an update may overwrite: the row exists in this category, is not locked and, when the form
 * sent the version it was opened at (`expectedVersion`), has not changed since.
 */
const assertEditable = (
  category: ListClass,
  row: CurrentRow | undefined,
  expectedVersion: string | undefined,
) => {
  if (!row || row.class_id === null)
    throw new AppError({ code: ErrorCode.notFound, message: NEWS_NOT_FOUND });
  if (row.class_id !== category.id) throw bad('内容不属于该栏目');
  if (row.is_lock) throw bad(LOCKED_MESSAGE);
  if (expectedVersion !== undefined && row.row_version !== expectedVersion) throw bad(EDITED_ELSEWHERE);
};

const updatedFields = (
  category: ListClass,
  input: TSaveNewsInput,
  actor: SaveNewsOptions['actor'],
  row: CurrentRow,
) =>
  buildStoredValues({
    fields: category.schema.list,
    raw: input,
    previous: (row.fields ?? {}) as Record<string, unknown>,
    isCreate: false,
    actorName: actor.name,
  });

/** The UPDATE of a save; with `rowVersion`, it applies only to the row version that was read. */
const updateSql = (id: number, base: BaseValues, fields: unknown, rowVersion: string | null) => Prisma.sql`
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
  RETURNING id`;

const OPTIMISTIC_ATTEMPTS = 3;

/**
 * Updates an item, usually in two round trips with no transaction held open: read the row (with
 * the category from the per-process cache, checked by its stamp in the same statement), then one
 * UPDATE that applies only to the row version that was read (xmin) while it is unlocked. An edit
 * or lock committed in between makes it match nothing, and the save reads again, so a lock taken
 * meanwhile is honoured and values kept from the stored row are never stale. After a few lost
 * races the save takes the row lock instead, so it always finishes. With `row_version` (what
 * get_news_one answered), a save refuses to overwrite a change made since the form was opened.
 */
const updateNews = async (id: number, input: TSaveNewsInput, actor: SaveNewsOptions['actor']) => {
  const sql = await getSql();
  // The base values (sanitised content included) are worked out once per category version read.
  let base: BaseValues | null = null;
  let baseFor: ListClass | null = null;
  for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt += 1) {
    const { category, row } = await withListClass(input.class_id, async (category) => {
      const [current] = await sql.query<CurrentRow & { stamp: string | null }>(
        Prisma.sql`
        SELECT n.class_id, n.is_lock, n.fields, n.xmin::text AS row_version, ${classStampSql(category.id)} AS stamp
        FROM (SELECT 1) AS one LEFT JOIN news n ON n.id = ${id}`,
        { prepare: true },
      );
      return { stamp: current.stamp, result: { category, row: current } };
    });
    if (!base || baseFor !== category) {
      base = readBase(category, input, actor);
      baseFor = category;
    }
    assertEditable(category, row, input.row_version);
    const fields = await updatedFields(category, input, actor, row);
    const updated = await sql.query<{ id: number }>(updateSql(id, base, fields, row.row_version), {
      prepare: true,
    });
    if (updated.length === 1) return { id };
  }
  const category = await loadListClass({ classId: input.class_id });
  const lockedBase = readBase(category, input, actor);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<CurrentRow[]>`
      SELECT class_id, is_lock, fields, xmin::text AS row_version FROM news WHERE id = ${id} FOR UPDATE`;
    assertEditable(category, row, input.row_version);
    await tx.$queryRaw(updateSql(id, lockedBase, await updatedFields(category, input, actor, row), null));
    return { id };
  });
};

/** Creates (no id) or updates an item: base columns plus dynamic values validated by the registry. */
export const saveNews = async ({ input, actor }: SaveNewsOptions) => {
  if (input.id) return updateNews(input.id, input, actor);
  const category = await loadListClass({ classId: input.class_id });
  const base = readBase(category, input, actor);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    // Serialise creations within the category so running numbers (auto fields) never repeat.
    await tx.$queryRaw`SELECT id FROM news_class WHERE id = ${category.id} FOR UPDATE`;
    const autoField = category.schema.list.find((field) => field.type === 'auto');
    const fields = await buildStoredValues({
      fields: category.schema.list,
      raw: input,
      previous: {},
      isCreate: true,
      actorName: actor.name,
      nextAuto: autoField ? nextAutoNumber(tx, category.id, autoField.key) : undefined,
    });
    const created = await tx.news.create({
      data: {
        ...base,
        classId: category.id,
        process: base.process ?? 0,
        fields: fields as object,
        createdBy: actor.id,
      },
      select: { id: true },
    });
    return { id: created.id };
  });
};
