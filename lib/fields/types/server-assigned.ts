import { fail, ok, type FieldTypeDefinition, PLAIN_TRAITS } from '../type-definition';

const serverTraits = { ...PLAIN_TRAITS, isServerAssigned: true } as const;

/** A running number within the category, assigned by the server when an item is created. */
export const autoField: FieldTypeDefinition<'auto'> = {
  type: 'auto',
  label: '自动编号',
  ...serverTraits,
  search: 'range',
  parse: ({ raw, field }) =>
    Number.isSafeInteger(Number(raw)) && Number(raw) >= 0 && String(raw).trim() !== ''
      ? ok(Number(raw))
      : fail(`${field.title}必须是编号`),
};

export type AutoBackValue = { name: string; time: number };

/** The admin who saved last and when (seconds), set by the server on every save. */
export const autoBackField: FieldTypeDefinition<'auto_back'> = {
  type: 'auto_back',
  label: '最后修改',
  ...serverTraits,
  parse: ({ raw, field }) => {
    const value = raw as Partial<AutoBackValue> | null;
    if (
      value &&
      typeof value === 'object' &&
      typeof value.name === 'string' &&
      Number.isInteger(value.time)
    ) {
      return ok({ name: value.name, time: value.time as number });
    }
    return fail(`${field.title}的值不正确`);
  },
  toText: ({ value }) => {
    const entry = value as Partial<AutoBackValue> | null;
    if (!entry || typeof entry.time !== 'number') return '';
    const time = new Date(entry.time * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const date = `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
    return `${entry.name ?? ''} ${date} ${pad(time.getHours())}:${pad(time.getMinutes())}`;
  },
};
