import 'server-only';
import { randomBytes } from 'node:crypto';
import { auditChanges } from '@/lib/audit/changes';
import { recordAudit } from '@/lib/audit/record';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { normaliseContentFields, readContentFields } from './content-fields';
import { CLASS_NOT_FOUND } from './find-class-one';
import { CLASS_LOG_SELECT, loggedClass } from './logged-class';
import { recomputeOnStepChange } from './process-steps-change';
import { assertNoCycle, assertKeyFree } from './tree-rules';
import { convertClassFields, convertItemValues, findRetypedFields } from './schema-change';
import type { TSaveClassInput } from './schemas';

/**
 * Creates (no id) or updates a category. Removing a field only hides it (stored values stay);
 * a type change is refused while stored values cannot be represented, else they are converted.
 */
export const saveClass = async (input: TSaveClassInput) => {
  const contentFields = normaliseContentFields({ input: input.content_fileds, classType: input.class_type });
  const otherInfo = { ...input.other_info, is_content: Number(Boolean(input.other_info.is_content)) };
  const data = {
    parentId: input.parent_id,
    name: input.name,
    icon: input.icon,
    sort: input.sort,
    isShow: input.is_show,
    classType: input.class_type,
    typeShow: input.type_show,
    hrType: input.hr_type,
    otherInfo,
    contentFields,
  };
  const db = await getDb();
  return db.$transaction(
    async (tx) => {
      if (input.parent_id !== null) {
        const parent = await tx.newsClass.findUnique({
          where: { id: input.parent_id },
          select: { id: true },
        });
        if (!parent) throw new AppError({ code: ErrorCode.badRequest, message: '上级栏目不存在' });
      }
      if (!input.id) {
        if (input.key) await assertKeyFree({ tx, parentId: input.parent_id, key: input.key, exceptId: 0 });
        // The key defaults to the id, which is known only after the insert.
        const created = await tx.newsClass.create({
          data: { ...data, key: input.key || `new-${randomBytes(8).toString('hex')}` },
        });
        const key = input.key || String(created.id);
        if (!input.key) {
          await assertKeyFree({ tx, parentId: input.parent_id, key, exceptId: created.id });
          await tx.newsClass.update({ where: { id: created.id }, data: { key } });
        }
        await recordAudit(tx, {
          action: 'create',
          targetType: 'class',
          targetId: created.id,
          detail: {
            name: input.name,
            values: { parent_id: input.parent_id, key, class_type: input.class_type },
          },
        });
        return { id: created.id };
      }
      // The category's row before any of its items' rows: the order process changes take them in
      // (lib/process/locked-item.ts), so converting values or recomputing processes cannot deadlock.
      await tx.$queryRaw`SELECT id FROM news_class WHERE id = ${input.id} FOR UPDATE`;
      const existing = await tx.newsClass.findUnique({
        where: { id: input.id },
        select: { id: true, classFields: true, ...CLASS_LOG_SELECT },
      });
      if (!existing) throw new AppError({ code: ErrorCode.notFound, message: CLASS_NOT_FOUND });
      if (input.parent_id !== null) await assertNoCycle({ tx, id: input.id, parentId: input.parent_id });
      const key = input.key || String(input.id);
      await assertKeyFree({ tx, parentId: input.parent_id, key, exceptId: input.id });

      const before = readContentFields(existing.contentFields);
      const retypedList = findRetypedFields({ before: before.list, after: contentFields.list });
      await convertItemValues({ tx, classId: input.id, retyped: retypedList, before: before.list });
      const retypedClass = findRetypedFields({ before: before.class, after: contentFields.class });
      const classFields = convertClassFields({
        values: (existing.classFields ?? {}) as Record<string, unknown>,
        retyped: retypedClass,
        before: before.class,
      });
      // Moved to another parent: it goes last among its new siblings, in the same transaction.
      const sort =
        existing.parentId === input.parent_id
          ? data.sort
          : ((
              await tx.newsClass.aggregate({
                where: { parentId: input.parent_id, id: { not: input.id } },
                _max: { sort: true },
              })
            )._max.sort ?? -1) + 1;
      await tx.newsClass.update({
        where: { id: input.id },
        data: { ...data, sort, key, classFields: classFields as object },
      });
      await recomputeOnStepChange({ tx, classId: input.id, before: existing, after: data });
      await recordAudit(tx, {
        action: 'update',
        targetType: 'class',
        targetId: input.id,
        detail: {
          name: existing.name,
          changes: auditChanges(loggedClass(existing), loggedClass({ ...data, sort, key })),
          ...(retypedList.length ? { converted_fields: retypedList.map((field) => field.key) } : {}),
        },
      });
      return { id: input.id };
    },
    { timeout: 120_000 },
  );
};
