import 'server-only';
import { auditChanges } from '@/lib/audit/changes';
import { recordAudit } from '@/lib/audit/record';
import { getDb } from '@/lib/db/client';
import { recordClassInfoRevision } from '@/lib/revisions/class-info-revisions';
import { buildStoredValues } from '@/lib/fields/server-values';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { readContentFields } from './content-fields';
import { CLASS_NOT_FOUND } from './find-class-one';

type SaveClassInfoOptions = { id: number; values: Record<string, unknown>; actorName: string };

/** Saves the form of a single-page (type 1) category into class_fields, validated by the registry. */
export const saveClassInfo = async ({ id, values, actorName }: SaveClassInfoOptions) => {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    // Lock the row so two admins saving at once do not interleave read and write.
    const locked = await tx.$queryRaw<
      { id: number }[]
    >`SELECT id FROM news_class WHERE id = ${id} FOR UPDATE`;
    if (locked.length === 0) throw new AppError({ code: ErrorCode.notFound, message: CLASS_NOT_FOUND });
    const row = await tx.newsClass.findUniqueOrThrow({
      where: { id },
      select: { name: true, classType: true, contentFields: true, classFields: true },
    });
    if (row.classType !== '1')
      throw new AppError({ code: ErrorCode.badRequest, message: '该栏目不是单页栏目' });
    const previous = (row.classFields ?? {}) as Record<string, unknown>;
    const classFields = await buildStoredValues({
      fields: readContentFields(row.contentFields).class,
      raw: values,
      previous,
      isCreate: Object.keys(previous).length === 0,
      actorName,
    });
    await tx.newsClass.update({ where: { id }, data: { classFields } });
    await recordAudit(tx, {
      action: 'update',
      targetType: 'class',
      targetId: id,
      detail: {
        name: row.name,
        changes: auditChanges(
          { class_fields: previous },
          { class_fields: classFields as Record<string, unknown> },
        ),
      },
    });
    await recordClassInfoRevision(tx, {
      classId: id,
      action: 'update',
      before: previous,
      after: classFields as Record<string, unknown>,
    });
    return null;
  });
};
