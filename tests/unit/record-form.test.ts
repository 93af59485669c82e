import dayjs from 'dayjs';
import { fieldWidth } from '@/components/fields/form/field-width';
import { getIn, initialRecordValues, newGroupRow, setIn } from '@/components/fields/form/record-values';
import { validateRecord } from '@/components/fields/form/validate-record';
import { acceptNumberDraft, finishNumberDraft } from '@/components/fields/number-input';
import {
  dateFromPicker,
  dateToPicker,
  datetimeFromPicker,
  datetimeToPicker,
  UNFINISHED_DATE,
} from '@/components/fields/primitives/picker-values';
import { acceptOf, checkFileBeforeUpload } from '@/components/fields/upload/check-file';
import { blankFieldDefinition, type FieldDefinition } from '@/lib/fields/definition';
import { parseRecord } from '@/lib/fields/parse-record';

const field = (overrides: Partial<FieldDefinition>): FieldDefinition =>
  blankFieldDefinition({ key: 'f', title: '字段', ...overrides });

const fields = [
  field({ key: 'name', title: '名称', ismust: true, max: 5 }),
  field({ key: 'count', title: '数量', type: 'int' }),
  field({ key: 'day', title: '日期', type: 'date' }),
  field({ key: 'at', title: '时间', type: 'datetime' }),
  field({ key: 'no', title: '编号', type: 'auto' }),
  field({
    key: 'tags',
    title: '标签',
    type: 'mult_select',
    max: 1,
    options: [
      { label: '甲', value: 'a' },
      { label: '乙', value: 'b' },
    ],
  }),
  field({
    key: 'staff',
    title: '人员',
    type: 'child_info',
    child_info: [
      field({ key: 'who', title: '姓名', ismust: true }),
      field({ key: 'age', title: '年龄', type: 'int' }),
    ],
  }),
];

describe('validateRecord: the server registry, field by field', () => {
  it('reports every invalid field at once, with the server messages, rows under their child widget', () => {
    const values = {
      name: '',
      count: 'x',
      tags: ['a', 'b'],
      staff: [
        { who: '甲', age: '1' },
        { who: '', age: 'y' },
      ],
    };
    const result = validateRecord({ fields, values, isCreate: false });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: '请填写名称',
        count: '数量必须是整数',
        tags: '标签最多只能选择 1 项',
        'staff.1.who': '请填写姓名',
        'staff.1.age': '年龄必须是整数',
      },
    });
    // The same texts the server answers (it stops at the first).
    const server = parseRecord({ fields, raw: values, ctx: {}, isCreate: false });
    expect(server).toEqual({ ok: false, key: 'name', message: '请填写名称' });
  });

  it('answers the normalised values, without server-assigned fields', () => {
    const result = validateRecord({
      fields,
      values: { name: '一二三', count: '-12', no: 7, staff: [{ who: '甲', age: '' }] },
      isCreate: false,
    });
    expect(result).toEqual({
      ok: true,
      values: {
        name: '一二三',
        count: -12,
        day: null,
        at: null,
        tags: null,
        staff: [{ who: '甲', age: null }],
      },
    });
  });

  it('keeps a group-level message on the group when no row is at fault', () => {
    const group = field({
      key: 'rows',
      title: '明细',
      type: 'child_info',
      max: 1,
      child_info: [field({ key: 'x', title: 'X' })],
    });
    expect(validateRecord({ fields: [group], values: { rows: [{}, {}] }, isCreate: false })).toEqual({
      ok: false,
      errors: { rows: '明细最多只能有 1 行' },
    });
  });
});

describe('initial values', () => {
  const now = new Date(2026, 4, 20, 15, 30, 12);

  it('fills date and datetime of a new record with the registry defaults (datetime at 08:00:00)', () => {
    const values = initialRecordValues({ fields, initial: { name: '甲' }, isCreate: true, now });
    expect(values.name).toBe('甲');
    expect(values.day).toBe('2026-05-20');
    expect(values.at).toBe(new Date(2026, 4, 20, 8, 0, 0).getTime() / 1000);
    expect(values.count).toBeNull();
  });

  it('keeps stored values and leaves empty dates empty when editing', () => {
    expect(
      initialRecordValues({ fields, initial: { day: '2020-01-01' }, isCreate: false, now }),
    ).toMatchObject({ day: '2020-01-01', at: null });
  });

  it('a new group row has its children defaults', () => {
    const group = field({
      key: 'g',
      type: 'child_info',
      child_info: [field({ key: 'd', type: 'date' }), field({ key: 's' })],
    });
    expect(Object.keys(newGroupRow({ field: group }))).toEqual(['d', 's']);
    expect(newGroupRow({ field: group }).d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('paths', () => {
  it('reads and writes nested row values immutably', () => {
    const values = { staff: [{ who: '甲' }, { who: '乙' }], name: 'x' };
    const next = setIn({ values, path: 'staff.1.who', update: '丙' });
    expect(getIn({ values: next, path: 'staff.1.who' })).toBe('丙');
    expect(values.staff[1].who).toBe('乙');
    expect(next.name).toBe('x');
  });

  it('applies a function of the previous value', () => {
    const next = setIn({
      values: { pics: 'a' },
      path: 'pics',
      update: (previous: unknown) => `${previous},b`,
    });
    expect(next.pics).toBe('a,b');
  });
});

describe('number input: a typed value that is not a number is cleared', () => {
  it.each([
    { text: '12', isFloat: false, expected: '12' },
    { text: '-', isFloat: false, expected: '-' },
    { text: '-3', isFloat: false, expected: '-3' },
    { text: '1.5', isFloat: false, expected: '' },
    { text: '12a', isFloat: false, expected: '' },
    { text: '3.', isFloat: true, expected: '3.' },
    { text: '-0.25', isFloat: true, expected: '-0.25' },
    { text: '1.2.3', isFloat: true, expected: '' },
    { text: 'abc', isFloat: true, expected: '' },
  ])('while typing $text (float: $isFloat) → "$expected"', ({ text, isFloat, expected }) =>
    expect(acceptNumberDraft({ text, isFloat })).toBe(expected),
  );

  it.each([
    { text: '-', isFloat: false, expected: '' },
    { text: '3.', isFloat: true, expected: '' },
    { text: '-3.5', isFloat: true, expected: '-3.5' },
  ])('on leaving $text → "$expected"', ({ text, isFloat, expected }) =>
    expect(finishNumberDraft({ text, isFloat })).toBe(expected),
  );
});

describe('checks before an upload (type and size)', () => {
  const MB = 1024 * 1024;
  it.each([
    { name: 'a.PNG', size: 1, kind: 'image' as const, expected: null },
    { name: 'a.jfif', size: 1, kind: 'image' as const, expected: null },
    { name: 'a.webp', size: 1, kind: 'image' as const, expected: '上传格式不正确，请上传图片格式' },
    { name: 'a.txt', size: 1, kind: 'image' as const, expected: '上传格式不正确，请上传图片格式' },
    { name: 'noext', size: 1, kind: 'image' as const, expected: '上传格式不正确，请上传图片格式' },
    { name: 'a.jpg', size: 20 * MB, kind: 'image' as const, expected: null },
    { name: 'a.jpg', size: 20 * MB + 1, kind: 'image' as const, expected: '上传文件大小不能超过 20 MB!' },
    {
      name: 'a.webp',
      size: 10 * MB + 1,
      kind: 'editor_image' as const,
      expected: '上传文件大小不能超过 10 MB!',
    },
    { name: 'a.mov', size: 1, kind: 'video' as const, expected: '上传格式不正确，请上传 mp4 视频' },
    { name: 'a.exe', size: 1, kind: 'file' as const, expected: null },
    { name: 'a.exe', size: 1, kind: 'editor_file' as const, expected: '上传格式不正确，不支持该文件类型' },
  ])('$kind $name ($size bytes)', ({ name, size, kind, expected }) =>
    expect(checkFileBeforeUpload({ file: { name, size }, kind })).toBe(expected),
  );

  it('offers the picker every extension of the kind', () => {
    expect(acceptOf({ kind: 'image' })?.split(',')).toEqual(
      expect.arrayContaining(['.png', '.jpg', '.jpeg', '.jfif', '.gif', '.bmp']),
    );
    expect(acceptOf({ kind: 'file' })).toBeUndefined();
  });
});

describe('field width from style', () => {
  it.each([
    { style: '50%', expected: '50%' },
    { style: 'width: 33.3%;', expected: '33.3%' },
    { style: '320px', expected: '320px' },
    { style: '100%', expected: null },
    { style: 'color: red', expected: null },
    { style: '', expected: null },
  ])('"$style" → $expected', ({ style, expected }) => expect(fieldWidth({ style })).toBe(expected));
});

describe('picker values', () => {
  it('keeps a half-typed date as a value the registry refuses with the field message', () => {
    const unfinished = dateFromPicker(dayjs(Number.NaN));
    expect(unfinished).toBe(UNFINISHED_DATE);
    expect(dateToPicker(unfinished)?.isValid()).toBe(false);
    const day = field({ key: 'day', title: '开放日', type: 'date' });
    expect(validateRecord({ fields: [day], values: { day: unfinished }, isCreate: false })).toEqual({
      ok: false,
      errors: { day: '开放日必须是 yyyy-mm-dd 格式的日期' },
    });
  });

  it('round-trips a date and a datetime (seconds, without the seconds of the minute)', () => {
    expect(dateFromPicker(dateToPicker('2026-02-03'))).toBe('2026-02-03');
    const at = dayjs('2026-02-03 10:30:45');
    expect(datetimeFromPicker(at)).toBe(dayjs('2026-02-03 10:30').unix());
    expect(datetimeToPicker(at.valueOf())?.format('YYYY-MM-DD HH:mm')).toBe('2026-02-03 10:30');
    expect(datetimeFromPicker(null)).toBe('');
  });
});
