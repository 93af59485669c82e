// No server-only imports: a plain function, unit-tested (tests/unit/revision-changed-keys.test.ts).
import { canonical } from '@/lib/audit/changes';

/** An item's state as a save compares it: the columns a save may change, and its dynamic fields. */
export type SavedState = {
  title: string;
  short_title: string;
  intro: string;
  content: string;
  hr_type: string;
  process: number;
  new_time: Date;
  fields: Record<string, unknown>;
};

/** Whether jsonb would hold `key` (JSON.stringify drops a key whose value is undefined). */
const holds = (record: Record<string, unknown>, key: string) =>
  Object.hasOwn(record, key) && record[key] !== undefined;

/** The base columns a save may change, in the order a revision's `changed` lists them. */
const SAVED_COLUMNS = ['title', 'short_title', 'intro', 'hr_type', 'process', 'new_time'] as const;

/**
 * What a save's revision lists as changed (`changed`), from the row the save read and the values
 * it writes over it — the same keys cms_news_revision_row finds against the item's last revision,
 * which is that row whenever every change of an item writes a revision: the changed base columns in
 * REVISION_COLUMNS order, then 'content', then (`fieldKeys`, for the statement to sort in the
 * database's collation, as the function's ORDER BY does) the dynamic fields whose value differs or
 * that one side lacks (jsonb's `->` tells a missing key from a null; values compared as the 操作日志
 * compares them, by JSON with sorted keys). class_id, old_class and is_lock
 * are never changed by a save.
 */
export const savedChanges = (before: SavedState, after: SavedState) => {
  const columnKeys: string[] = SAVED_COLUMNS.filter((key) =>
    key === 'new_time' ? before.new_time.getTime() !== after.new_time.getTime() : before[key] !== after[key],
  );
  if (before.content !== after.content) columnKeys.push('content');
  const fieldKeys = [...new Set([...Object.keys(before.fields), ...Object.keys(after.fields)])].filter(
    (key) =>
      holds(before.fields, key) !== holds(after.fields, key) ||
      canonical(before.fields[key]) !== canonical(after.fields[key]),
  );
  return { columnKeys, fieldKeys };
};
