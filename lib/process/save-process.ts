import 'server-only';
import type { ProcessOption } from '@/lib/categories/schemas';
import { auditChanges } from '@/lib/audit/changes';
import { recordAudit } from '@/lib/audit/record';
import { recordRevisions } from '@/lib/revisions/record-revision';
import { assertWithinRights, type ClassRights } from '@/lib/auth/class-rights';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { textTarget } from '@/lib/sensitive/check-targets';
import { screenAnswer, screenAuditDetail, screenTargets } from '@/lib/sensitive/check-text';
import { currentWordList, type WordList } from '@/lib/sensitive/word-list';
import { withLockedItem, type LockedItem } from './locked-item';
import {
  PROCESS_RECORDS_MAX,
  PROCESS_REMARK_MAX,
  PROCESS_TITLE_MAX,
  type TSaveProcessInput,
} from './schemas';
import { isProcessClass, recomputeProcess } from './steps';

export const RECORD_NOT_FOUND = '流程记录不存在';
export const RECORDS_FULL = `每条内容最多 ${PROCESS_RECORDS_MAX} 条流程记录，请先删除不需要的记录`;

const bad = (message: string) => new AppError({ code: ErrorCode.badRequest, message });

/** How many records each step value has, for gating: the item's records after the change. */
export type StepCounts = Map<number, number>;

export const countByStep = (records: { process: number }[]): StepCounts => {
  const counts: StepCounts = new Map();
  for (const record of records) counts.set(record.process, (counts.get(record.process) ?? 0) + 1);
  return counts;
};

/** Step N takes a record only when every earlier step has one; otherwise 请先填写:{that step}. */
export const assertEarlierStepsFilled = (steps: ProcessOption[], index: number, counts: StepCounts) => {
  const missing = steps.slice(0, index).find((step) => !counts.get(step.value));
  if (missing) throw bad(`请先填写:${missing.title}`);
};

/**
 * A step may be left without records only while no later step has one: the records are taken
 * back from the last step first. Names the furthest later step that still has records.
 */
export const assertNoLaterRecords = (steps: ProcessOption[], value: number, counts: StepCounts) => {
  const index = steps.findIndex((step) => step.value === value);
  if (index < 0 || counts.get(value)) return;
  const later = steps
    .slice(index + 1)
    .reverse()
    .find((step) => counts.get(step.value));
  if (later) throw bad(`请先删除「${later.title}」的流程记录`);
};

type Existing = {
  id: number;
  news_id: number;
  process: number;
  process_title: string;
  title: string;
  time: Date;
  remark: string;
  attachments: string;
};

const readRecords = (tx: Prisma.TransactionClient, newsId: number) =>
  tx.$queryRaw<
    { id: number; process: number }[]
  >`SELECT id, process FROM news_process WHERE news_id = ${newsId}`;

/** The step the record goes to and the title kept with it; refuses what the gate forbids. */
const checkChange = async (
  tx: Prisma.TransactionClient,
  item: LockedItem,
  input: TSaveProcessInput,
  existing: Existing | null,
) => {
  const { steps } = item;
  if (!isProcessClass(item.classType)) throw bad('该栏目不是流程类栏目，不能填写流程');
  if (steps.length === 0) throw bad('该栏目还没有流程步骤，请先在栏目管理中添加');
  const index = steps.findIndex((step) => step.value === input.process);
  // A record of a step since removed from the category may still be edited where it is.
  const staysOnRemovedStep = index < 0 && existing?.process === input.process;
  if (index < 0 && !staysOnRemovedStep) throw bad(`该栏目没有值为 ${input.process} 的流程步骤，请刷新后重试`);
  const after = (await readRecords(tx, item.id)).map((record) =>
    record.id === existing?.id ? { ...record, process: input.process } : record,
  );
  if (!existing) after.push({ id: 0, process: input.process });
  // Read under the item's row lock, which every record change takes: parallel saves count in turn.
  if (after.length > PROCESS_RECORDS_MAX && !existing) throw bad(RECORDS_FULL);
  const counts = countByStep(after);
  if (index >= 0) assertEarlierStepsFilled(steps, index, counts);
  if (existing && existing.process !== input.process) assertNoLaterRecords(steps, existing.process, counts);
  return { processTitle: index >= 0 ? steps[index].title : (existing?.process_title ?? '') };
};

/**
 * The record's title and remark checked against the 敏感词 lists: refused (40010 / 40011) or
 * answered as they are to be saved, replaced.
 */
const screenRecord = (input: TSaveProcessInput, list: WordList) => {
  const texts = { title: input.title, remark: input.remark };
  const screened = screenTargets({
    list,
    targets: [
      ...textTarget({
        field: 'title',
        title: '标题',
        value: texts.title,
        apply: (next) => (texts.title = next),
        max: PROCESS_TITLE_MAX,
      }),
      ...textTarget({
        field: 'remark',
        title: '备注',
        value: texts.remark,
        apply: (next) => (texts.remark = next),
        max: PROCESS_REMARK_MAX,
      }),
    ],
    isConfirmed: input.sensitive_confirmed === true,
  });
  return { ...texts, screened };
};

/**
 * Adds (no id) or edits a record of one of an item's steps, then sets the item's process from
 * its records, all under the item's row lock: parallel saves and deletes leave it exact. The
 * title and remark are checked against the 敏感词 lists once the item and the step are found
 * allowed, before anything is written (a refusal rolls back, changing nothing).
 */
export const saveProcess = async ({
  input,
  actorId,
  rights,
}: {
  input: TSaveProcessInput;
  actorId: number;
  rights: ClassRights;
}) => {
  // Read before the transaction: on PGlite its one connection is the transaction's until it ends.
  const list = await currentWordList();
  return withLockedItem(
    input.news_id,
    async (tx, item) => {
      let existing: Existing | null = null;
      if (input.id) {
        [existing = null] = await tx.$queryRaw<Existing[]>`
        SELECT id, news_id, process, process_title, title, "time", remark, attachments
        FROM news_process WHERE id = ${input.id}`;
        if (!existing) throw new AppError({ code: ErrorCode.notFound, message: RECORD_NOT_FOUND });
        if (existing.news_id !== item.id) {
          // Another item's record: a forbidden one is refused as such, not described.
          const owners = await tx.$queryRaw<{ class_id: number }[]>`
          SELECT class_id FROM news WHERE id = ${existing.news_id}`;
          assertWithinRights({ rights, classIds: owners.map((owner) => owner.class_id) });
          throw bad('该流程记录不属于这条内容');
        }
      }
      const { processTitle } = await checkChange(tx, item, input, existing);
      const { title, remark, screened } = screenRecord(input, list);
      const time = new Date(input.time * 1000);
      let id: number;
      if (existing) {
        id = existing.id;
        await tx.$executeRaw`
        UPDATE news_process SET process = ${input.process}, process_title = ${processTitle}, title = ${title},
          "time" = ${time}, remark = ${remark}, attachments = ${input.attachments},
          updated_by = ${actorId}, updated_at = now()
        WHERE id = ${id}`;
      } else {
        const [created] = await tx.$queryRaw<{ id: number }[]>`
        INSERT INTO news_process (news_id, process, process_title, title, "time", remark, attachments,
          created_by, updated_by, updated_at)
        VALUES (${item.id}, ${input.process}, ${processTitle}, ${title}, ${time}, ${remark},
          ${input.attachments}, ${actorId}, ${actorId}, now())
        RETURNING id`;
        id = created.id;
      }
      await recomputeProcess(tx, Prisma.sql`n.id = ${item.id}`, item.steps);
      const values = {
        process: input.process,
        process_title: processTitle,
        title,
        time,
        remark,
        attachments: input.attachments,
      };
      await recordAudit(tx, {
        action: existing ? 'update' : 'create',
        targetType: 'process',
        targetId: id,
        detail: existing
          ? {
              name: existing.title,
              news_id: item.id,
              changes: auditChanges(existing, { ...existing, ...values }),
              ...screenAuditDetail(screened),
            }
          : { name: title, news_id: item.id, values, ...screenAuditDetail(screened) },
      });
      await recordRevisions(tx, { ids: [item.id], action: 'process' });
      return { id, ...screenAnswer(screened) };
    },
    rights,
  );
};
