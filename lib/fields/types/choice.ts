import type { FieldDefinition, FieldOption } from '../definition';
import { fail, ok, type FieldTypeDefinition, PLAIN_TRAITS } from '../type-definition';

const findOption = (field: FieldDefinition, raw: unknown) =>
  field.options.find((option: FieldOption) => String(option.value) === String(raw));

const labelOf = (field: FieldDefinition, value: unknown) => findOption(field, value)?.label ?? String(value);

const isScalar = (raw: unknown): raw is string | number =>
  typeof raw === 'string' || (typeof raw === 'number' && Number.isFinite(raw));

export const selectField: FieldTypeDefinition<'select'> = {
  type: 'select',
  label: '单选',
  ...PLAIN_TRAITS,
  search: 'equal',
  hasOptions: true,
  parse: ({ raw, field }) => {
    if (!isScalar(raw)) return fail(`${field.title}的选项不正确`);
    const option = findOption(field, raw);
    if (option) return ok(option.value);
    // is_self_write lets the user type a value that is not among the options.
    if (field.is_self_write && String(raw).length <= 200) return ok(String(raw));
    return fail(`${field.title}的选项不正确：${String(raw).slice(0, 50)}`);
  },
  toText: ({ value, field }) => labelOf(field, value),
};

export const multSelectField: FieldTypeDefinition<'mult_select'> = {
  type: 'mult_select',
  label: '多选',
  ...PLAIN_TRAITS,
  search: 'contains',
  hasOptions: true,
  maxMeaning: 'count',
  parse: ({ raw, field }) => {
    const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',').filter(Boolean) : null;
    if (!list || !list.every(isScalar)) return fail(`${field.title}的选项不正确`);
    const values: (string | number)[] = [];
    for (const item of list) {
      const option = findOption(field, item);
      const value = option ? option.value : field.is_self_write ? String(item) : null;
      if (value === null) return fail(`${field.title}的选项不正确：${String(item).slice(0, 50)}`);
      if (!values.some((v) => String(v) === String(value))) values.push(value);
    }
    if (field.max && values.length > field.max) return fail(`${field.title}最多只能选择 ${field.max} 项`);
    return ok(values);
  },
  toText: ({ value, field }) =>
    Array.isArray(value) ? value.map((v) => labelOf(field, v)).join('、') : labelOf(field, value),
};

export const outAutoField: FieldTypeDefinition<'out_auto'> = {
  type: 'out_auto',
  label: '关联选择',
  ...PLAIN_TRAITS,
  search: 'equal',
  needsUrl: true,
  // The options live behind `url`; the value is the chosen option's value.
  parse: ({ raw, field }) =>
    isScalar(raw) && String(raw).length <= 200 ? ok(raw) : fail(`${field.title}的选项不正确`),
};
