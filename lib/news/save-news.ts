import 'server-only';
import { getDb } from '@/lib/db/client';
import { sanitizeRichText } from '@/lib/fields/sanitize-html';
import { buildStoredValues } from '@/lib/fields/server-values';
import { toSeconds } from '@/lib/fields/types/time';
import type { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { NEWS_NOT_FOUND } from './find-news-one';
import { loadListClass } from './load-class';
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

/** Creates (no id) or updates an item: base columns plus dynamic values validated by the registry. */
export const saveNews = async ({ input, actor }: SaveNewsOptions) => {
  const category = await loadListClass({ classId: input.class_id });
  const titleName = category.schema.base_set.title.name || '标题';
  const title = typeof input.title === 'string' || typeof input.title === 'number' ? String(input.title).trim() : '';
  if (!title) throw bad(`请填写${titleName}`);
  if ([...title].length > 500) throw bad(`${titleName}不能超过 500 个字`);
  let newTime: Date | undefined;
  if (input.new_time !== undefined && input.new_time !== null && input.new_time !== '') {
    const seconds = toSeconds(input.new_time);
    if (seconds === null) throw bad('发布时间格式不正确');
    newTime = new Date(seconds * 1000);
  }
  const base = {
    title,
    shortTitle: input.short_title?.trim() ?? undefined,
    intro: input.intro ?? undefined,
    content: typeof input.content === 'string' ? sanitizeRichText(input.content) : undefined,
    hrType: input.hr_type ?? undefined,
    process: input.process,
    newTime,
    updatedBy: actor.id,
  };
  const db = await getDb();
  return db.$transaction(async (tx) => {
    if (input.id) {
      const locked = await tx.$queryRaw<{ class_id: number; is_lock: boolean; fields: unknown }[]>`
        SELECT class_id, is_lock, fields FROM news WHERE id = ${input.id} FOR UPDATE`;
      if (locked.length === 0) throw new AppError({ code: ErrorCode.notFound, message: NEWS_NOT_FOUND });
      if (locked[0].class_id !== category.id) throw bad('内容不属于该栏目');
      if (locked[0].is_lock) throw bad(LOCKED_MESSAGE);
      const fields = await buildStoredValues({
        fields: category.schema.list,
        raw: input,
        previous: (locked[0].fields ?? {}) as Record<string, unknown>,
        isCreate: false,
        actorName: actor.name,
      });
      await tx.news.update({ where: { id: input.id }, data: { ...base, fields: fields as object } });
      return { id: input.id };
    }
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
      data: { ...base, classId: category.id, process: input.process ?? 0, fields: fields as object, createdBy: actor.id },
      select: { id: true },
    });
    return { id: created.id };
  });
};
