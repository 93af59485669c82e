import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { getDb } from '@/lib/db/client';
import { buildStoredValues } from '@/lib/fields/server-values';
import type { Prisma } from '@/lib/generated/prisma/client';
import { loadListClass } from './load-class';
import { readBase, type SaveNewsOptions } from './save-base';

/** The next running number of an auto field: one more than the largest stored in the category. */
const nextAutoNumber =
  ({ tx, classId, key }: { tx: Prisma.TransactionClient; classId: number; key: string }) =>
  async () => {
    const [{ next }] = await tx.$queryRaw<{ next: number }[]>`
      SELECT COALESCE(MAX((fields ->> ${key})::bigint), 0)::int + 1 AS next
      FROM news WHERE class_id = ${classId} AND jsonb_typeof(fields -> ${key}) = 'number'`;
    return next;
  };

/** Creates an item: base columns plus dynamic values validated by the registry. */
export const createNews = async ({ input, actor }: SaveNewsOptions) => {
  const category = await loadListClass({ classId: input.class_id });
  const base = readBase({ category, input, actor });
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
      nextAuto: autoField ? nextAutoNumber({ tx, classId: category.id, key: autoField.key }) : undefined,
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
    await recordAudit(tx, {
      action: 'create',
      targetType: 'news',
      targetId: created.id,
      detail: { name: base.title, values: { class_id: category.id, class_name: category.name } },
    });
    return { id: created.id };
  });
};
