import 'server-only';
import type { FieldDefinition } from '@/lib/fields/definition';
import { fieldTypeOf } from '@/lib/fields/registry';
import type { StoredValue } from '@/lib/fields/type-definition';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { isProcessClass } from '@/lib/process/steps';
import type { WordList } from '@/lib/sensitive/word-list';
import type { ListClass } from '../load-class';
import { LOCKED_MESSAGE } from '../lock-rules';
import type { SaveActor } from '../save-base';
import { checkNewsValues } from '../save-values';
import { ZSaveNewsInput, type TSaveNewsInput } from '../schemas';
import { cellSwitch, cellText, convertCell } from './convert-cell';
import { exportedText, findExisting, keyValueOf, sameStored } from './existing-items';
import type { Column, Existing, Plan, RowError } from './plan';
import type { SheetRow } from './open-sheet';

// The planning of import_news (import-news.ts): each row of the file as a create, an update of the
// item its key finds, nothing to change, or its errors — checked by the path of every save, before
// any transaction opens. Rows come a slice at a time (the file is read as it is planned).

const fieldOfError = (error: AppError) => {
  const data = (error.data ?? {}) as { field?: string; hits?: { field: string }[] };
  return (data.field ?? data.hits?.[0]?.field ?? '').split('.')[0];
};

/**
 * Plans rows, a slice at a time, in the file's order: each row's cells converted (convert-cell.ts)
 * into a save_news_info input, then checked by the same path as every save (ZSaveNewsInput, then
 * checkNewsValues: base columns, the field registry, the 敏感词 check), as a create, an update of
 * the item its key finds (only the cells that differ from the item change; a locked item is an
 * error) or nothing to change. `errors` and `badRows` gather every slice's.
 */
export const rowPlanner = ({
  category,
  columns,
  keyColumn,
  list,
  actor,
  isConfirmed,
}: {
  category: ListClass;
  columns: Column[];
  keyColumn: Column | null;
  list: WordList;
  actor: SaveActor;
  isConfirmed: boolean;
}) => {
  const errors: RowError[] = [];
  const badRows = new Map<number, string[]>();
  const fail = (row: number, column: Column | null, message: string) => {
    errors.push({
      row,
      column: column?.header ?? '',
      cell: column ? `${column.letter}${row}` : '',
      field: column?.target.key ?? '',
      message,
    });
    badRows.set(row, [...(badRows.get(row) ?? []), column ? `${column.header}：${message}` : message]);
  };
  const keyRows = new Map<string, number>();
  const isProcess = isProcessClass(category.classType);
  const mappedFields = columns.filter((column) => column.target.kind === 'field');

  /** The plans of a slice of rows (its bad rows get none). */
  const planSlice = async (rows: SheetRow[]) => {
    const plans: Plan[] = [];
    // The items the slice's keys find, read once for the slice.
    const keys = new Map<number, string | null>();
    let existingByKey = new Map<string, Existing[]>();
    if (keyColumn) {
      for (const entry of rows) {
        const value = keyValueOf(keyColumn.target, entry.cells[keyColumn.index] ?? null);
        if ('message' in value) {
          fail(entry.row, keyColumn, value.message);
          keys.set(entry.row, null);
        } else keys.set(entry.row, value.text);
      }
      const texts = [...new Set([...keys.values()].filter((text): text is string => text !== null))];
      existingByKey = await findExisting({ category, keyTarget: keyColumn.target, texts });
    }
    for (const entry of rows) {
      if (badRows.has(entry.row)) continue;
      const cellOf = (column: Column) => entry.cells[column.index] ?? null;

      // The item the row updates, if its key finds one.
      let existing: Existing | null = null;
      if (keyColumn) {
        const text = keys.get(entry.row) ?? null;
        if (text !== null) {
          const earlier = keyRows.get(text);
          if (earlier !== undefined) {
            fail(entry.row, keyColumn, `与第 ${earlier} 行的${keyColumn.target.title}相同`);
            continue;
          }
          keyRows.set(text, entry.row);
          const matches = existingByKey.get(text) ?? [];
          if (matches.length > 1) {
            fail(
              entry.row,
              keyColumn,
              `${keyColumn.target.title}「${text.slice(0, 30)}」对应了 ${matches.length} 条内容，无法确定更新哪一条`,
            );
            continue;
          }
          existing = matches[0] ?? null;
          if (keyColumn.target.kind === 'id') {
            if (!existing) {
              fail(entry.row, keyColumn, `没有 ID 为 ${text} 的内容`);
              continue;
            }
            if (existing.class_id !== category.id) {
              fail(entry.row, keyColumn, `ID 为 ${text} 的内容不在该栏目中`);
              continue;
            }
          }
          if (existing?.is_lock) {
            fail(entry.row, keyColumn, LOCKED_MESSAGE);
            continue;
          }
        }
      }

      // The cells that change something: all mapped ones for a create; for an update, those that differ.
      const changing = columns.filter((column) => {
        if (column.target.kind === 'id' || column === keyColumn) return false;
        if (!existing) return true;
        const cell = cellOf(column);
        if (cellText(cell).trim() === exportedText(column.target, existing).trim()) return false;
        if (column.target.kind === 'field') {
          const converted = convertCell(column.target.field, cell);
          if (converted.ok) {
            const parsed = fieldTypeOf(column.target.field.type).parse({
              raw: converted.value,
              field: column.target.field,
              ctx: {},
            });
            const stored = ((existing.fields ?? {}) as Record<string, unknown>)[column.target.key];
            if (parsed.ok && sameStored(parsed.value, stored)) return false;
          }
        }
        return true;
      });

      const input: Record<string, unknown> = {
        class_id: category.id,
        sensitive_confirmed: isConfirmed ? 1 : undefined,
        title: existing ? existing.title : '',
      };
      let isLock: boolean | undefined;
      let isBad = false;
      for (const column of changing) {
        const cell = cellOf(column);
        const { target } = column;
        if (target.kind === 'lock') {
          const value = cellText(cell).trim() === '' ? false : cellSwitch(cell);
          if (value === null) {
            fail(entry.row, column, '锁定只能填 是/否、1/0 或 true/false');
            isBad = true;
          } else isLock = value;
          continue;
        }
        const field = target.field as FieldDefinition;
        const converted = convertCell(field, cell);
        if (!converted.ok) {
          fail(entry.row, column, converted.message);
          isBad = true;
          continue;
        }
        // An update's emptied text keeps the column empty (not the stored value).
        input[target.key] = converted.value;
      }
      if (isBad) continue;
      if (existing && changing.length === 0) {
        plans.push({
          row: entry.row,
          action: 'unchanged',
          existing,
          base: { title: existing.title, updatedBy: actor.id },
          fields: {},
          isLock: undefined,
          screened: null,
          words: [],
        });
        continue;
      }
      const columnOf = (key: string) => columns.find((column) => column.target.key === key) ?? null;
      const parsed = ZSaveNewsInput.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        fail(entry.row, columnOf(String(issue.path[0] ?? '')), issue.message);
        continue;
      }
      try {
        const checked = await checkNewsValues({
          category,
          input: parsed.data as TSaveNewsInput,
          actor,
          list,
          previous: existing ? ((existing.fields ?? {}) as Record<string, unknown>) : {},
          isCreate: !existing,
          fields: existing
            ? changing
                .filter((column) => column.target.kind === 'field')
                .map((column) => column.target.field as FieldDefinition)
            : category.schema.list,
          row: existing ?? undefined,
        });
        const base = { ...checked.base };
        // An update's base columns not among its changed cells keep what the row has.
        if (existing) {
          for (const key of ['short_title', 'intro', 'content', 'new_time'] as const)
            if (!changing.some((column) => column.target.key === key)) {
              if (key === 'short_title') base.shortTitle = undefined;
              if (key === 'intro') base.intro = undefined;
              if (key === 'content') base.content = undefined;
              if (key === 'new_time') base.newTime = undefined;
            }
        }
        if (isProcess) base.process = undefined;
        plans.push({
          row: entry.row,
          action: existing ? 'update' : 'create',
          existing,
          base,
          fields: checked.values as Record<string, StoredValue>,
          isLock,
          screened: checked.screened,
          words: checked.words,
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const field = fieldOfError(error);
        const message =
          error.code === ErrorCode.sensitiveWarn
            ? `${error.message}（确认无误可勾选「确认敏感词」后导入：sensitive_confirmed: 1）`
            : error.message;
        fail(entry.row, columnOf(field) ?? (mappedFields.length === 0 ? null : columnOf(field)), message);
      }
    }
    // Let other calls of the process run between slices of a large file.
    await new Promise((resolve) => setImmediate(resolve));
    return plans;
  };
  return { planSlice, errors, badRows };
};
