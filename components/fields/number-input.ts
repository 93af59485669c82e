import { FLOAT_PATTERN, INT_PATTERN } from '@/lib/fields/types/number';

// What may stand in the box while typing: a lone '-', or '3.' on the way to '3.5'.
const INT_DRAFT = /^-?\d*$/;
const FLOAT_DRAFT = /^-?\d*(\.\d*)?$/;

/**
 * A typed number that does not match (optional minus, digits, float: optional decimal
 * part) is cleared. While typing, the prefixes of a valid number are let through.
 */
export const acceptNumberDraft = ({ text, isFloat }: { text: string; isFloat: boolean }) =>
  (isFloat ? FLOAT_DRAFT : INT_DRAFT).test(text) ? text : '';

/** When the box is left, an unfinished number ('-', '3.') is cleared too. */
export const finishNumberDraft = ({ text, isFloat }: { text: string; isFloat: boolean }) =>
  (isFloat ? FLOAT_PATTERN : INT_PATTERN).test(text) ? text : '';
