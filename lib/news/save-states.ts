// An item as a save reads it and as the save leaves it: the 操作日志's before → after and the keys a
// revision lists as changed come from the same two states.
import { auditChanges } from '@/lib/audit/changes';
import type { SavedState } from '@/lib/revisions/changed-keys';
import type { BaseValues } from './save-base';

export type CurrentRow = {
  class_id: number | null;
  is_lock: boolean;
  fields: unknown;
  row_version: string | null;
} & BeforeColumns;

/** The columns a save may change, as they were: the 操作日志's "before". */
export type BeforeColumns = Omit<SavedState, 'fields'>;

/** The item as the save read it and as the save leaves it. */
export const statesOf = ({ row, base, fields }: { row: CurrentRow; base: BaseValues; fields: unknown }) => {
  const before: SavedState = {
    title: row.title,
    short_title: row.short_title,
    intro: row.intro,
    content: row.content,
    hr_type: row.hr_type,
    process: row.process,
    new_time: row.new_time,
    fields: (row.fields ?? {}) as Record<string, unknown>,
  };
  const after: SavedState = {
    title: base.title,
    short_title: base.shortTitle ?? row.short_title,
    intro: base.intro ?? row.intro,
    content: base.content ?? row.content,
    hr_type: base.hrType ?? row.hr_type,
    process: base.process ?? row.process,
    new_time: base.newTime ?? row.new_time,
    fields: fields as Record<string, unknown>,
  };
  return { before, after };
};

/** The item's changed columns and fields, before → after, for the 操作日志. */
export const changesOf = (options: { row: CurrentRow; base: BaseValues; fields: unknown }) => {
  const { before, after } = statesOf(options);
  return auditChanges(before, after);
};
