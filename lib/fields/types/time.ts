import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { fail, ok, type FieldTypeDefinition, PLAIN_TRAITS } from '../type-definition';

dayjs.extend(customParseFormat);

const MAX_SECONDS = 4_102_444_800; // 2100-01-01

/** Whole seconds since the epoch of a Date or a millisecond count (default: now), as the API sends times. */
export const epochSeconds = (at: Date | number = Date.now()) =>
  Math.floor((typeof at === 'number' ? at : at.getTime()) / 1000);

/** Seconds since the epoch from a 10-digit (seconds) or 13-digit (milliseconds) number, or a date text. */
export const toSeconds = (raw: unknown): number | null => {
  if (typeof raw === 'number' || (typeof raw === 'string' && /^\d+$/.test(raw.trim()))) {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) return null;
    const seconds = n >= 1e12 ? Math.floor(n / 1000) : n;
    return seconds <= MAX_SECONDS ? seconds : null;
  }
  if (typeof raw === 'string') {
    const parsed = dayjs(
      raw.trim(),
      ['YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm', 'YYYY-MM-DDTHH:mm:ss', 'YYYY-MM-DDTHH:mm', 'YYYY-MM-DD'],
      true,
    );
    return parsed.isValid() ? parsed.unix() : null;
  }
  return null;
};

const timeTraits = { ...PLAIN_TRAITS, search: 'range' } as const;

export const dateField: FieldTypeDefinition<'date'> = {
  type: 'date',
  label: '日期',
  ...timeTraits,
  parse: ({ raw, field }) => {
    if (typeof raw === 'string' && dayjs(raw.trim(), 'YYYY-MM-DD', true).isValid()) return ok(raw.trim());
    const seconds = typeof raw === 'number' ? toSeconds(raw) : null;
    if (seconds !== null) return ok(dayjs.unix(seconds).format('YYYY-MM-DD'));
    return fail(`${field.title}必须是 yyyy-mm-dd 格式的日期`);
  },
  defaultValue: ({ now }) => dayjs(now).format('YYYY-MM-DD'),
};

export const datetimeField: FieldTypeDefinition<'datetime'> = {
  type: 'datetime',
  label: '日期时间',
  ...timeTraits,
  parse: ({ raw, field }) => {
    const seconds = toSeconds(raw);
    return seconds === null ? fail(`${field.title}必须是有效的日期时间`) : ok(seconds);
  },
  toText: ({ value }) =>
    typeof value === 'number' ? dayjs.unix(value).format('YYYY-MM-DD HH:mm') : String(value ?? ''),
  // An empty datetime defaults to today at 08:00:00.
  defaultValue: ({ now }) => dayjs(now).hour(8).minute(0).second(0).millisecond(0).unix(),
};
