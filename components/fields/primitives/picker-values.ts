import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { toSeconds } from '@/lib/fields/types/time';

dayjs.extend(customParseFormat);

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm';

// A half-typed date stays in the form as this text: the registry refuses it on save with the
// field's own message, and the picker keeps the user's sections while it is there.
export const UNFINISHED_DATE = 'Invalid Date';

const invalid = () => dayjs(Number.NaN);

/** A yyyy-mm-dd value as the picker's date. */
export const dateToPicker = (value: unknown): Dayjs | null => {
  if (value === null || value === undefined || value === '') return null;
  const parsed = typeof value === 'string' ? dayjs(value, DATE_FORMAT, true) : invalid();
  return parsed.isValid() ? parsed : invalid();
};

export const dateFromPicker = (picked: Dayjs | null): string =>
  picked === null ? '' : picked.isValid() ? picked.format(DATE_FORMAT) : UNFINISHED_DATE;

/** A timestamp (seconds; 13 digits read as milliseconds) as the picker's date. */
export const datetimeToPicker = (value: unknown): Dayjs | null => {
  if (value === null || value === undefined || value === '') return null;
  const seconds = toSeconds(value);
  return seconds === null ? invalid() : dayjs.unix(seconds);
};

export const datetimeFromPicker = (picked: Dayjs | null): number | string =>
  picked === null ? '' : picked.isValid() ? picked.second(0).unix() : UNFINISHED_DATE;

/** Where an empty datetime picker opens: today at 08:00, the default time of day. */
export const defaultTimeOfDay = () => dayjs().hour(8).minute(0).second(0).millisecond(0);
