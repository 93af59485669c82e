import 'server-only';
import { auditValue } from '@/lib/audit/changes';
import { screenAuditDetail } from '@/lib/sensitive/check-text';
import type { ItemWord } from '@/lib/sensitive/levels';
import type { ListClass } from '../load-class';
import { changesOf } from '../save-states';
import type { Plan } from './plan';

// What a commit of import_news will write (commit-import.ts), gathered while the rows are planned
// (import-news.ts) and held until the transaction: each planned row is turned at once into what its
// write sends — its row's and its 操作日志 entry's JSON, 500 rows a batch, kept as UTF-8 bytes off
// the JavaScript heap — and its plan let go. So a 50,000-row commit holds a few hundred bytes a
// row instead of every row's cells, plan and checked values (docs/BENCHMARKS.md → 导入).

/** Rows a batch: one statement writes a batch's rows with their revisions, one their entries. */
export const WRITE_BATCH = 500;

/** Creates, in the file's order; `n` is a row's place in its batch (its id: the batch's ids[n]). */
export type CreateBatch = {
  count: number;
  /** [{n, title, short_title, intro, content, process, new_time, fields, is_lock}] */
  rows: Buffer;
  /** [{n, detail}]: each row's 操作日志 detail (through auditValue). */
  audit: Buffer;
  /** The rows that hold listed 敏感词. */
  words: { n: number; words: ItemWord[] }[];
};

/** Updates, in the file's order. */
export type UpdateBatch = {
  ids: number[];
  /** [{id, title, short_title, intro, content, new_time, fields, is_lock}]: null keeps the column. */
  rows: Buffer;
  /** [{n, target_id, detail}] */
  audit: Buffer;
  words: { id: number; words: ItemWord[] }[];
};

/** An item an update (or a row that changes nothing) found: the commit checks it is as it was read. */
export type UpdateCheck = {
  row: number;
  id: number;
  rowVersion: string | null;
  action: 'update' | 'unchanged';
};

const bytesOf = (records: unknown[]) => Buffer.from(JSON.stringify(records));

export const pendingWrites = (category: ListClass) => {
  const creates: CreateBatch[] = [];
  const updates: UpdateBatch[] = [];
  const checks: UpdateCheck[] = [];
  let creating: Plan[] = [];
  let updating: Plan[] = [];
  let createCount = 0;
  let updateCount = 0;

  const flushCreates = () => {
    if (creating.length === 0) return;
    creates.push({
      count: creating.length,
      rows: bytesOf(
        creating.map((plan, n) => ({
          n,
          title: plan.base.title,
          short_title: plan.base.shortTitle ?? '',
          intro: plan.base.intro ?? '',
          content: plan.base.content ?? '',
          process: plan.base.process ?? 0,
          new_time: plan.base.newTime?.toISOString() ?? null,
          fields: plan.fields,
          is_lock: plan.isLock ?? false,
        })),
      ),
      audit: bytesOf(
        creating.map((plan, n) => ({
          n,
          detail: auditValue({
            name: plan.base.title,
            import: true,
            values: { class_id: category.id, class_name: category.name },
            ...(plan.screened ? screenAuditDetail(plan.screened) : {}),
          }),
        })),
      ),
      words: creating.flatMap((plan, n) => (plan.words.length > 0 ? [{ n, words: plan.words }] : [])),
    });
    creating = [];
  };

  const flushUpdates = () => {
    if (updating.length === 0) return;
    updates.push({
      ids: updating.map((plan) => plan.existing!.id),
      rows: bytesOf(
        updating.map((plan) => ({
          id: plan.existing!.id,
          title: plan.base.title,
          short_title: plan.base.shortTitle ?? null,
          intro: plan.base.intro ?? null,
          content: plan.base.content ?? null,
          new_time: plan.base.newTime?.toISOString() ?? null,
          fields: plan.fields,
          is_lock: plan.isLock ?? null,
        })),
      ),
      audit: bytesOf(
        updating.map((plan, n) => {
          const row = plan.existing!;
          const changes = changesOf({ row, base: plan.base, fields: plan.fields });
          if (plan.isLock !== undefined && plan.isLock !== row.is_lock)
            Object.assign(changes, { is_lock: { from: row.is_lock, to: plan.isLock } });
          return {
            n,
            target_id: row.id,
            detail: auditValue({
              name: row.title,
              import: true,
              changes,
              ...(plan.screened ? screenAuditDetail(plan.screened) : {}),
            }),
          };
        }),
      ),
      words: updating.map((plan) => ({ id: plan.existing!.id, words: plan.words })),
    });
    updating = [];
  };

  return {
    /** A planned row that is to be written (in the file's order). */
    add: (plan: Plan) => {
      if (plan.action !== 'create')
        checks.push({
          row: plan.row,
          id: plan.existing!.id,
          rowVersion: plan.existing!.row_version,
          action: plan.action,
        });
      if (plan.action === 'create') {
        creating.push(plan);
        createCount += 1;
        if (creating.length >= WRITE_BATCH) flushCreates();
      } else if (plan.action === 'update') {
        updating.push(plan);
        updateCount += 1;
        if (updating.length >= WRITE_BATCH) flushUpdates();
      }
    },
    /** The batches, once every row is added. */
    finish: () => {
      flushCreates();
      flushUpdates();
      return { creates, updates, checks, createCount, updateCount };
    },
  };
};

export type PendingWrites = ReturnType<ReturnType<typeof pendingWrites>['finish']>;
