import { fail, ok, type FieldTypeDefinition, PLAIN_TRAITS } from '../type-definition';

// The spec's rule: an optional minus sign, digits, and (float only) an optional decimal part.
export const INT_PATTERN = /^-?\d+$/;
export const FLOAT_PATTERN = /^-?\d+(\.\d+)?$/;

const numberTraits = { ...PLAIN_TRAITS, search: 'range' } as const;

export const intField: FieldTypeDefinition<'int'> = {
  type: 'int',
  label: '整数',
  ...numberTraits,
  parse: ({ raw, field }) => {
    const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
    if (!INT_PATTERN.test(text) || !Number.isSafeInteger(Number(text)))
      return fail(`${field.title}必须是整数`);
    return ok(Number(text));
  },
};

export const floatField: FieldTypeDefinition<'float'> = {
  type: 'float',
  label: '小数',
  ...numberTraits,
  parse: ({ raw, field }) => {
    const text =
      typeof raw === 'number' && Number.isFinite(raw)
        ? String(raw)
        : typeof raw === 'string'
          ? raw.trim()
          : '';
    if (!FLOAT_PATTERN.test(text) || !Number.isFinite(Number(text))) return fail(`${field.title}必须是数字`);
    return ok(Number(text));
  },
};
