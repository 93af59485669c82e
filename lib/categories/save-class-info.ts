import 'server-only';
import { auditChanges } from '@/lib/audit/changes';
import { recordAudit } from '@/lib/audit/record';
import { getDb } from '@/lib/db/client';
import { recordClassInfoRevision } from '@/lib/revisions/class-info-revisions';
import { buildStoredValues } from '@/lib/fields/server-values';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { recordTargets } from '@/lib/sensitive/check-targets';
import { screenAnswer, screenAuditDetail, screenTargets } from '@/lib/sensitive/check-text';
import { currentWordList } from '@/lib/sensitive/word-list';
import { readContentFields } from './content-fields';
import { CLASS_NOT_FOUND } from './find-class-one';

type SaveClassInfoOptions = {
  id: number;
  values: Record<string, unknown>;
  actorName: string;
  /** sensitive_confirmed: the editor confirmed the warn words (lib/sensitive/). */
  isConfirmed?: boolean;
};

/**
 * Saves the form of a single-page (type 1) category into class_fields, validated by the registry
 * and checked against the 敏感词 lists (a block word or unconfirmed warn words refuse it, nothing
 * saved; replace words are replaced). Answers null, or the replaced hits.
 */
export const saveClassInfo = async ({ id, values, actorName, isConfirmed = false }: SaveClassInfoOptions) => {
  // Read before the transaction: on PGlite its one connection is the transaction's until it ends.
  const list = await currentWordList();
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
    const definitions = readContentFields(row.contentFields).class;
    const classFields = await buildStoredValues({
      fields: definitions,
      raw: values,
      previous,
      isCreate: Object.keys(previous).length === 0,
      actorName,
    });
    // The values just built are this save's own: replacements go into them in place.
    const screened = screenTargets({
      list,
      targets: recordTargets({ fields: definitions, values: classFields }),
      isConfirmed,
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
        ...screenAuditDetail(screened),
      },
    });
    await recordClassInfoRevision(tx, {
      classId: id,
      action: 'update',
      before: previous,
      after: classFields as Record<string, unknown>,
    });
    const answer = screenAnswer(screened);
    return 'sensitive_replaced' in answer ? answer : null;
  });
};
