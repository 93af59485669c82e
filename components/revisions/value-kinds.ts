import type { FieldType } from '@/lib/fields/field-types';

const PICTURE_TYPES: ReadonlySet<FieldType> = new Set(['img', 'one_picture', 'mult_pictures']);

export const isPictureType = (type: FieldType) => PICTURE_TYPES.has(type);

export const isEmptyValue = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);

export const sameValue = (a: unknown, b: unknown) =>
  (isEmptyValue(a) && isEmptyValue(b)) || JSON.stringify(a) === JSON.stringify(b);
