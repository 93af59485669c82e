import { validateDefinitions } from '@/lib/fields/validate-definitions';
import { FIELD_TYPES } from '@/lib/fields/field-types';
import { fieldTypes } from '@/lib/fields/registry';
import { field } from '../helpers/fields';

const options = [
  { label: '是', value: '1', color: '#ff0000' },
  { label: '否', value: '0' },
];

describe('field definitions', () => {
  it('the registry covers all 18 types', () => {
    expect(Object.keys(fieldTypes).sort()).toEqual([...FIELD_TYPES].sort());
    expect(FIELD_TYPES).toHaveLength(18);
  });

  const refused: [string, unknown[], RegExp][] = [
    ['a key with a capital letter', [field({ key: 'Price' })], /字段「文本」：字段标识只能以小写字母开头/],
    ['a key starting with a digit', [field({ key: '1abc' })], /字段标识只能以小写字母开头/],
    [
      'a duplicate key',
      [field({ key: 'a' }), field({ key: 'a', title: '第二' })],
      /字段「第二」：标识「a」重复/,
    ],
    [
      'a base column name',
      [field({ key: 'title', title: '标题2' })],
      /字段「标题2」：标识「title」是系统保留字段/,
    ],
    ['an unknown type', [field({ type: 'rainbow' })], /字段「文本」：字段类型不正确/],
    [
      'a select without options',
      [field({ type: 'select', title: '状态' })],
      /字段「状态」：请至少添加一个选项/,
    ],
    [
      'duplicate option values',
      [
        field({
          type: 'mult_select',
          options: [
            { label: 'a', value: '1' },
            { label: 'b', value: 1 },
          ],
        }),
      ],
      /选项值「1」重复/,
    ],
    [
      'an option without a label',
      [field({ type: 'select', options: [{ label: '', value: '1' }] })],
      /选项名称不能为空/,
    ],
    [
      'a bad option colour',
      [field({ type: 'select', options: [{ label: 'a', value: '1', color: 'red;x' }] })],
      /选项颜色必须是 #rrggbb 格式/,
    ],
    [
      'child_info on a non-group field',
      [field({ child_info: [field({ key: 'x' })] })],
      /只有子表单字段可以包含子字段/,
    ],
    [
      'an empty group',
      [field({ type: 'child_info', title: '成员' })],
      /字段「成员」：子表单至少需要一个子字段/,
    ],
    [
      'a group nested in a group',
      [
        field({
          type: 'child_info',
          title: '成员',
          child_info: [
            field({ key: 'sub', title: '子组', type: 'child_info', child_info: [field({ key: 'x' })] }),
          ],
        }),
      ],
      /子字段不能再包含子字段|最多嵌套一层/,
    ],
    [
      'a bad child key',
      [field({ type: 'child_info', title: '成员', child_info: [field({ key: 'Bad', title: '姓名' })] })],
      /字段「成员」的子字段「姓名」：字段标识只能以小写字母开头/,
    ],
    ['a negative max', [field({ max: -1 })], /最大值必须是非负整数/],
    ['a fractional limit', [field({ type: 'mult_pictures', limit: 2.5 })], /数量上限必须是非负整数/],
    [
      'out_auto without url',
      [field({ type: 'out_auto', title: '关联' })],
      /字段「关联」：请填写选项数据地址/,
    ],
    [
      'out_auto pointing outside',
      [field({ type: 'out_auto', url: 'https://evil.example/x' })],
      /请填写选项数据地址/,
    ],
    [
      'search on a picture field',
      [field({ type: 'img', title: '封面', search: true })],
      /字段「封面」：「图片」类型不能作为搜索条件/,
    ],
    [
      'a required auto field',
      [field({ type: 'auto', ismust: true, title: '编号' })],
      /由系统自动填写，不能设为必填/,
    ],
    [
      'a key clashing with a range parameter',
      [field({ key: 'price', type: 'int' }), field({ key: 'price_start', title: '价格起' })],
      /范围搜索参数冲突/,
    ],
    ['a missing title', [field({ title: '' })], /请填写字段名称/],
    ['not a list', 'oops' as unknown as unknown[], /字段定义必须是列表/],
  ];

  it.each(refused)('refuses %s with a message naming the field', (_name, list, message) => {
    const result = validateDefinitions({ list });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it('accepts every type with its attributes and tidies the ones that mean nothing for the type', () => {
    const list = FIELD_TYPES.map((type, index) =>
      field({
        key: `f_${index}`,
        title: `字段${index}`,
        type,
        options: ['select', 'mult_select'].includes(type) ? options : [{ label: 'x', value: 'x' }],
        url: type === 'out_auto' ? 'news_manage/get_out_options?class_id=1' : 'ignored/path',
        child_info:
          type === 'child_info'
            ? [field({ key: 'name', title: '姓名' }), field({ key: 'age', title: '年龄', type: 'int' })]
            : [],
        max: 5,
        limit: 3,
        ismust: ['auto', 'auto_back'].includes(type) ? 0 : 1,
      }),
    );
    const result = validateDefinitions({ list });
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    const byType = Object.fromEntries(result.fields.map((f) => [f.type, f]));
    expect(byType.string.options).toEqual([]);
    expect(byType.string.url).toBe('');
    expect(byType.string.max).toBe(5);
    expect(byType.int.max).toBeNull();
    expect(byType.select.options).toHaveLength(2);
    expect(byType.mult_pictures.limit).toBe(3);
    expect(byType.img.limit).toBeNull();
    expect(byType.out_auto.url).toBe('news_manage/get_out_options?class_id=1');
    expect(byType.child_info.child_info.map((c) => c.key)).toEqual(['name', 'age']);
    expect(byType.string.ismust).toBe(true);
  });
});
