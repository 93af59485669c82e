import type { FieldDefinition } from './definition';
import type { FieldType } from './field-types';

/** How a field is searched in the list: text substring, equality, array contains, number/time range. */
export type SearchKind = 'substring' | 'equal' | 'contains' | 'range';

export type StoredValue = string | number | boolean | null | StoredValue[] | { [key: string]: StoredValue };

export type ParseContext = {
  /** The server passes its HTML allow-list; the browser may pass nothing. */
  sanitizeHtml?: (html: string) => string;
  now?: Date;
};

export type ParseResult = { ok: true; value: StoredValue } | { ok: false; message: string };

export type FieldTypeDefinition<T extends FieldType = FieldType> = {
  type: T;
  /** Chinese name shown in the schema builder. */
  label: string;
  search: SearchKind | null;
  /** select-like: needs options with unique values. */
  hasOptions: boolean;
  /** out_auto: options come from an internal manage API path. */
  needsUrl: boolean;
  /** child_info: a repeatable group of nested definitions. */
  isGroup: boolean;
  /** auto / auto_back: assigned by the server, never taken from input. */
  isServerAssigned: boolean;
  /** What `max` limits for this type (null: max is ignored). */
  maxMeaning: 'length' | 'count' | null;
  /** Number of files a picture field takes, when `limit` is unset. */
  defaultLimit: number | null;
  /** Turns a non-empty raw input into the stored form, or says why it cannot. */
  parse: (input: { raw: unknown; field: FieldDefinition; ctx: ParseContext }) => ParseResult;
  /** Plain text of a stored value, for exports and summaries (default: the value as text). */
  toText?: (input: { value: StoredValue; field: FieldDefinition }) => string;
  /** The value an empty field takes when an item is created (date/datetime: now). */
  defaultValue?: (input: { field: FieldDefinition; now: Date }) => StoredValue;
};

/** The traits of a plain field; each type spreads this and states only where it differs. */
export const PLAIN_TRAITS = {
  search: null,
  hasOptions: false,
  needsUrl: false,
  isGroup: false,
  isServerAssigned: false,
  maxMeaning: null,
  defaultLimit: null,
} as const satisfies Pick<
  FieldTypeDefinition,
  'search' | 'hasOptions' | 'needsUrl' | 'isGroup' | 'isServerAssigned' | 'maxMeaning' | 'defaultLimit'
>;

export const ok = (value: StoredValue): ParseResult => ({ ok: true, value });
export const fail = (message: string): ParseResult => ({ ok: false, message });
