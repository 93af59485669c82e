import dayjs from 'dayjs';
import type { FieldDefinition, FieldOption } from '@/lib/fields/definition';
import { toSeconds } from '@/lib/fields/types/time';

/**
 * A cell as a file gives it: text (CSV, and text cells of a sheet), a number, a boolean, a date
 * (a date-formatted cell of a sheet, its wall-clock time in UTC fields as Excel keeps no zone), or
 * nothing. A formula cell is its cached result (never evaluated).
 */
export type CellValue = string | number | boolean | Date | null;

/** A cell's value turned into what save_news_info takes, or the reason it cannot be. */
export type Converted = { ok: true; value: unknown } | { ok: false; message: string };

const ok = (value: unknown): Converted => ({ ok: true, value });
const fail = (message: string): Converted => ({ ok: false, message });

const pad = (n: number) => String(n).padStart(2, '0');

/** A date cell's wall-clock time (its UTC fields) as local seconds, as a typed time would be read. */
export const dateCellSeconds = (date: Date) =>
  Math.floor(
    new Date(
      date.getUTCFullYear(),
      date.getUTCMonth(),
      date.getUTCDate(),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
    ).getTime() / 1000,
  );

const dateCellDay = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** A cell as the text a user sees in it (what an export writes, what an error export writes back). */
export const cellText = (cell: CellValue): string => {
  if (cell === null) return '';
  if (cell instanceof Date) {
    const hasTime = cell.getUTCHours() + cell.getUTCMinutes() + cell.getUTCSeconds() > 0;
    return hasTime
      ? `${dateCellDay(cell)} ${pad(cell.getUTCHours())}:${pad(cell.getUTCMinutes())}${cell.getUTCSeconds() ? `:${pad(cell.getUTCSeconds())}` : ''}`
      : dateCellDay(cell);
  }
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return String(cell);
};

const TIME_TEXT = /^(\d{4})-(\d{1,2})-(\d{1,2})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const SECONDS_TEXT = /^\d{10}$/;

/** A time: a date cell, `yyyy-mm-dd[ hh:mm[:ss]]` text (2026-1-5 9:30 too) or 10-digit seconds. */
export const cellSeconds = (cell: CellValue): number | null => {
  if (cell instanceof Date) return dateCellSeconds(cell);
  if (typeof cell === 'number')
    return Number.isInteger(cell) && SECONDS_TEXT.test(String(cell)) ? cell : null;
  if (typeof cell !== 'string') return null;
  const text = cell.trim();
  if (SECONDS_TEXT.test(text)) return Number(text);
  const parts = TIME_TEXT.exec(text);
  if (!parts) return null;
  const [, year, month, day, hour, minute, second] = parts;
  const date = `${year}-${pad(Number(month))}-${pad(Number(day))}`;
  // toSeconds (the save's own reading of a time) checks the date strictly.
  return toSeconds(hour === undefined ? date : `${date} ${pad(Number(hour))}:${minute}:${second ?? '00'}`);
};

const SWITCH_WORDS: Record<string, boolean> = {
  是: true,
  否: false,
  '1': true,
  '0': false,
  true: true,
  false: false,
};

/** A switch (锁定): 是/否, 1/0, true/false (any case), or a boolean cell. */
export const cellSwitch = (cell: CellValue): boolean | null => {
  if (typeof cell === 'boolean') return cell;
  const word = SWITCH_WORDS[cellText(cell).trim().toLowerCase()];
  return word === undefined ? null : word;
};

const findOption = (field: FieldDefinition, text: string): FieldOption | undefined =>
  field.options.find((option) => option.label === text) ??
  field.options.find((option) => String(option.value) === text);

/** Separators of several values in one cell: 、 , ， (and line breaks). */
const LIST_SEPARATORS = /[、,，\n]/;

const textOf = (cell: CellValue) => cellText(cell).trim();

/**
 * The value of a cell for a field of the category, in the form save_news_info takes it; the
 * field's own definition (lib/fields/types/) then checks and stores it, as for every save. Only
 * what a spreadsheet writes differently is converted here: option labels to their values, lists
 * split, times from date cells, files split, groups from JSON.
 */
export const convertCell = (field: FieldDefinition, cell: CellValue): Converted => {
  if (cell === null || (typeof cell === 'string' && cell.trim() === '')) return ok('');
  switch (field.type) {
    case 'int':
    case 'float':
      return ok(typeof cell === 'number' ? cell : textOf(cell));
    case 'datetime': {
      const seconds = cellSeconds(cell);
      return seconds === null
        ? fail(`${field.title}必须是日期时间（yyyy-mm-dd hh:mm 或 10 位秒数）`)
        : ok(seconds);
    }
    case 'date': {
      if (cell instanceof Date) return ok(dateCellDay(cell));
      const seconds = cellSeconds(cell);
      if (seconds === null) return fail(`${field.title}必须是 yyyy-mm-dd 格式的日期`);
      return ok(dayjs.unix(seconds).format('YYYY-MM-DD'));
    }
    case 'select': {
      const text = textOf(cell);
      const option = findOption(field, text);
      return ok(option ? option.value : text);
    }
    case 'mult_select':
      return ok(
        textOf(cell)
          .split(LIST_SEPARATORS)
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => findOption(field, part)?.value ?? part),
      );
    case 'out_auto':
      return ok(typeof cell === 'number' ? cell : textOf(cell));
    case 'mult_pictures':
      return ok(
        textOf(cell)
          .split(/[、,，\s]+/)
          .filter(Boolean)
          .join(','),
      );
    case 'img':
    case 'one_picture':
    case 'one_video':
    case 'color':
      return ok(textOf(cell));
    case 'child_info':
      return convertGroup(field, textOf(cell));
    case 'string':
    case 'mult_string':
    case 'html_editor':
      return ok(typeof cell === 'string' ? cell : cellText(cell));
    default:
      return ok(textOf(cell));
  }
};

/**
 * A group (子表单) from JSON: an array of rows, each an object keyed by the group's field keys or
 * titles (`[{"姓名":"张三","电话":"123"}]`); one row may be given as an object. Each value is
 * converted as a cell of its field would be (labels of options, times…).
 */
const convertGroup = (field: FieldDefinition, text: string): Converted => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return fail(`${field.title}必须是 JSON，如 [{"${field.child_info[0]?.title ?? '字段'}":"值"}]`);
  }
  const rows = Array.isArray(parsed) ? parsed : [parsed];
  const converted: Record<string, unknown>[] = [];
  for (const [index, row] of rows.entries()) {
    if (!row || typeof row !== 'object' || Array.isArray(row))
      return fail(`${field.title}第 ${index + 1} 行必须是 {"字段":"值"} 形式`);
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(row as Record<string, unknown>)) {
      const child = field.child_info.find((entry) => entry.key === name || entry.title === name);
      if (!child) return fail(`${field.title}第 ${index + 1} 行：没有名为「${name.slice(0, 30)}」的字段`);
      const cell: CellValue =
        value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
          ? value
          : JSON.stringify(value);
      const result = child.type === 'child_info' ? ok(value) : convertCell(child, cell);
      if (!result.ok) return fail(`${field.title}第 ${index + 1} 行：${result.message}`);
      out[child.key] = result.value;
    }
    converted.push(out);
  }
  return ok(converted);
};
