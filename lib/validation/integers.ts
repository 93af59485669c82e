import { z } from '@/lib/validation/z';

// The one rule for every integer the API takes (ids, class_id, parent_id, ids lists, process, sort,
// page, limit): a JSON integer or a text of plain digits, within range. Never what Number() would
// also accept — `true` (1), `[5]`, `"0x1F"`, `"1e3"`, `" 5"`, `"5.0"` — and never past PostgreSQL's
// int4, which would otherwise reach the database and fail there. Shared by the server and the
// browser forms (no server-only imports).

/** The largest value a PostgreSQL integer column holds. */
export const INT4_MAX = 2_147_483_647;

const DIGITS = /^-?\d+$/;
/** An integer's own spelling: no leading zeros, no "-0". */
const CANONICAL = /^(0|-?[1-9]\d*)$/;

/** The integer `value` spells, or null; a digit text too long for a double becomes ±Infinity (out of range). */
export const integerOf = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && value.length <= 400 && DIGITS.test(value)) return Number(value);
  return null;
};

type IntegerRule = {
  min: number;
  max: number;
  /** Not an integer at all (and the default for the other messages). */
  message: string;
  /** Absent (undefined, or null / '' unless `blank` says otherwise); defaults to `message`. */
  missing?: string;
  tooBig?: string;
  tooSmall?: string;
  /** A text must be the integer's own spelling too: "007" and "-0" are refused, not read as 7 and 0. */
  canonical?: boolean;
};

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

const checked = (value: unknown, rule: IntegerRule, ctx: z.RefinementCtx): number => {
  if (isBlank(value)) {
    ctx.addIssue({ code: 'custom', message: rule.missing ?? rule.message });
    return z.NEVER;
  }
  const integer =
    rule.canonical && typeof value === 'string' && !CANONICAL.test(value) ? null : integerOf(value);
  const problem =
    integer === null
      ? rule.message
      : integer > rule.max
        ? (rule.tooBig ?? rule.message)
        : integer < rule.min
          ? (rule.tooSmall ?? rule.message)
          : null;
  if (problem === null) return integer as number;
  ctx.addIssue({ code: 'custom', message: problem });
  return z.NEVER;
};

/**
 * An integer in [min, max]. Wrap in `.optional()` / `.default()` as usual: those handle an absent
 * key before this rule runs; a null or '' that reaches it is `missing`.
 */
export const zInteger = (rule: IntegerRule) =>
  z.unknown().transform((value, ctx) => checked(value, rule, ctx));

/** Like zInteger, but a blank value (absent, null, '') means none: undefined. */
export const zOptionalInteger = (rule: IntegerRule) =>
  z
    .unknown()
    .transform((value, ctx) => (isBlank(value) ? undefined : checked(value, rule, ctx)))
    .optional();

const idRule = ({ message = 'id 不正确', missing }: { message?: string; missing?: string }) => ({
  min: 1,
  max: INT4_MAX,
  message,
  missing,
});

/** A row id: a positive int4. */
export const zId = (messages: { message?: string; missing?: string } = {}) => zInteger(idRule(messages));

/** Like zId, but a blank value (absent, null, '') is no id at all: undefined. */
export const zOptionalId = (messages: { message?: string } = {}) => zOptionalInteger(idRule(messages));

/** A page number (1 … 1,000,000). */
export const zPage = () =>
  zInteger({ min: 1, max: 1_000_000, message: '页码必须是正整数', tooBig: '页码过大' }).default(1);

/** Rows per page (1 … max). */
export const zLimit = ({ max, fallback }: { max: number; fallback: number }) =>
  zInteger({ min: 1, max, message: '每页条数必须是正整数', tooBig: `每页最多 ${max} 条` }).default(fallback);
