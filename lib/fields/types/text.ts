import { fail, ok, type FieldTypeDefinition, PLAIN_TRAITS } from '../type-definition';

const parseText: FieldTypeDefinition['parse'] = ({ raw, field }) => {
  if (typeof raw !== 'string' && typeof raw !== 'number') return fail(`${field.title}必须是文字`);
  const text = String(raw);
  if (field.max && [...text].length > field.max) return fail(`${field.title}不能超过 ${field.max} 个字`);
  return ok(text);
};

const textTraits = { ...PLAIN_TRAITS, search: 'substring', maxMeaning: 'length' } as const;

export const stringField: FieldTypeDefinition<'string'> = {
  type: 'string',
  label: '单行文本',
  ...textTraits,
  parse: parseText,
};

export const multStringField: FieldTypeDefinition<'mult_string'> = {
  type: 'mult_string',
  label: '多行文本',
  ...textTraits,
  parse: parseText,
};
