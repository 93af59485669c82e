import 'server-only';
import { sanitizeRichText } from '@/lib/fields/sanitize-html';
import { toSeconds } from '@/lib/fields/types/time';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import type { ListClass } from './load-class';
import type { TSaveNewsInput } from './schemas';

export type SaveActor = { id: number; name: string };
export type SaveNewsOptions = { input: TSaveNewsInput; actor: SaveActor };

export const badSave = (message: string) => new AppError({ code: ErrorCode.badRequest, message });

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

/** The base columns of a save, checked against the category's labels. */
export const readBase = ({
  category,
  input,
  actor,
}: SaveNewsOptions & { category: ListClass }): BaseValues => {
  const titleName = category.schema.base_set.title.name || '标题';
  const title =
    typeof input.title === 'string' || typeof input.title === 'number' ? String(input.title).trim() : '';
  if (!title) throw badSave(`请填写${titleName}`);
  if ([...title].length > 500) throw badSave(`${titleName}不能超过 500 个字`);
  let newTime: Date | undefined;
  if (input.new_time !== undefined && input.new_time !== null && input.new_time !== '') {
    const seconds = toSeconds(input.new_time);
    if (seconds === null) throw badSave('发布时间格式不正确');
    newTime = new Date(seconds * 1000);
  }
  return {
    title,
    shortTitle: input.short_title?.trim() ?? undefined,
    intro: input.intro ?? undefined,
    content: typeof input.content === 'string' ? sanitizeRichText(input.content) : undefined,
    hrType: input.hr_type ?? undefined,
    process: input.process,
    newTime,
    updatedBy: actor.id,
  };
};
