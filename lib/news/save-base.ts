import 'server-only';
import { sanitizeRichText } from '@/lib/fields/sanitize-html';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { readNewTime, readTitle } from './base-columns';
import { isProcessClass } from '@/lib/process/steps';
import type { ListClass } from './load-class';
import type { TSaveNewsInput } from './schemas';

export type SaveActor = { id: number; name: string };
export type SaveNewsOptions = { input: TSaveNewsInput; actor: SaveActor };

export const badSave = (message: string, field?: string) =>
  new AppError({ code: ErrorCode.badRequest, message, ...(field ? { data: { field } } : {}) });

/** The base columns of a save as they are written; undefined keeps what the row has. */
export type BaseValues = {
  title: string;
  shortTitle?: string;
  intro?: string;
  content?: string;
  hrType?: string;
  process?: number;
  newTime?: Date;
  updatedBy: number;
};

/** The base columns of a save, checked by their shared definitions (base-columns.ts). */
export const readBase = ({
  category,
  input,
  actor,
}: SaveNewsOptions & { category: ListClass }): BaseValues => {
  const title = readTitle({ baseSet: category.schema.base_set, raw: input.title });
  if (!title.ok) throw badSave(title.message, 'title');
  const seconds = readNewTime({ raw: input.new_time });
  if (seconds === null) throw badSave('发布时间格式不正确', 'new_time');
  return {
    title: title.title,
    shortTitle: input.short_title?.trim() ?? undefined,
    intro: input.intro ?? undefined,
    content: typeof input.content === 'string' ? sanitizeRichText(input.content) : undefined,
    hrType: input.hr_type ?? undefined,
    // In a process category (4, 5) the item's process comes from its records (lib/process/).
    process: isProcessClass(category.classType) ? undefined : input.process,
    newTime: seconds === undefined ? undefined : new Date(seconds * 1000),
    updatedBy: actor.id,
  };
};
