import { fail, ok, type FieldTypeDefinition, PLAIN_TRAITS } from '../type-definition';

export const colorField: FieldTypeDefinition<'color'> = {
  type: 'color',
  label: '颜色',
  ...PLAIN_TRAITS,
  search: 'equal',
  parse: ({ raw, field }) => {
    const text = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
    const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
    if (short) return ok(`#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`);
    if (/^#[0-9a-f]{6}$/.test(text)) return ok(text);
    return fail(`${field.title}必须是 #rrggbb 格式的颜色`);
  },
};
