import type { FieldDefinition } from '@/lib/fields/definition';
import { parseRecord } from '@/lib/fields/parse-record';
import { sanitizeRichText } from '@/lib/fields/sanitize-html';
import { field } from '../helpers/fields';

const def = (overrides: Record<string, unknown>) =>
  field({ key: 'v', title: '值', ...overrides }) as unknown as FieldDefinition;
const now = new Date(2026, 10, 22, 15, 30, 0);
const parse = (f: FieldDefinition, raw: unknown, isCreate = false) =>
  parseRecord({ fields: [f], raw: { v: raw }, ctx: { sanitizeHtml: sanitizeRichText, now }, isCreate });

const options = [
  { label: '红', value: 'red', color: '#ff0000' },
  { label: '一', value: 1 },
];
const group = def({
  type: 'child_info',
  title: '明细',
  child_info: [
    def({ key: 'name', title: '姓名', ismust: true }),
    def({ key: 'age', title: '年龄', type: 'int' }),
  ],
});

type Case = { type: string; f?: FieldDefinition; raw: unknown; expected?: unknown; error?: RegExp };
const valid: Case[] = [
  { type: 'string', raw: '你好', expected: '你好' },
  { type: 'string', f: def({ max: 3 }), raw: '一二三', expected: '一二三' },
  { type: 'mult_string', raw: '第一行\n第二行', expected: '第一行\n第二行' },
  { type: 'int', raw: '-42', expected: -42 },
  { type: 'int', raw: 7, expected: 7 },
  { type: 'float', raw: '3.14', expected: 3.14 },
  { type: 'float', raw: '-2', expected: -2 },
  { type: 'color', raw: '#ABC', expected: '#aabbcc' },
  { type: 'color', raw: '#1890ff', expected: '#1890ff' },
  { type: 'date', raw: '2026-02-28', expected: '2026-02-28' },
  { type: 'datetime', raw: 1795336200, expected: 1795336200 },
  { type: 'datetime', raw: '1795336200000', expected: 1795336200 },
  { type: 'select', f: def({ type: 'select', options }), raw: 'red', expected: 'red' },
  { type: 'select', f: def({ type: 'select', options }), raw: '1', expected: 1 },
  { type: 'select', f: def({ type: 'select', options, is_self_write: true }), raw: '自填', expected: '自填' },
  {
    type: 'mult_select',
    f: def({ type: 'mult_select', options, max: 2 }),
    raw: ['red', 1, 'red'],
    expected: ['red', 1],
  },
  { type: 'out_auto', f: def({ type: 'out_auto', url: 'news_manage/x' }), raw: 12, expected: 12 },
  { type: 'img', f: def({ type: 'img' }), raw: '/uploads/2026/11/a.png', expected: '/uploads/2026/11/a.png' },
  {
    type: 'one_picture',
    f: def({ type: 'one_picture' }),
    raw: 'https://cdn.example.com/a.jpg',
    expected: 'https://cdn.example.com/a.jpg',
  },
  {
    type: 'one_video',
    f: def({ type: 'one_video' }),
    raw: '/uploads/2026/11/v.mp4',
    expected: '/uploads/2026/11/v.mp4',
  },
  {
    type: 'mult_pictures',
    f: def({ type: 'mult_pictures' }),
    raw: ['/uploads/a.png', '/uploads/b.png'],
    expected: '/uploads/a.png,/uploads/b.png',
  },
  {
    type: 'mult_pictures',
    f: def({ type: 'mult_pictures', limit: 2 }),
    raw: '/uploads/a.png,/uploads/b.png',
    expected: '/uploads/a.png,/uploads/b.png',
  },
  {
    type: 'html_editor',
    f: def({ type: 'html_editor' }),
    raw: '<p>你好<strong>世界</strong></p>',
    expected: '<p>你好<strong>世界</strong></p>',
  },
  {
    type: 'child_info',
    f: group,
    raw: [{ name: '张三', age: '30', extra: 'x' }, { name: '李四' }],
    expected: [
      { name: '张三', age: 30 },
      { name: '李四', age: null },
    ],
  },
];

const invalid: Case[] = [
  { type: 'string', f: def({ max: 2 }), raw: '一二三', error: /值不能超过 2 个字/ },
  { type: 'string', raw: { a: 1 }, error: /值必须是文字/ },
  { type: 'int', raw: '1.5', error: /值必须是整数/ },
  { type: 'int', raw: '12abc', error: /值必须是整数/ },
  { type: 'int', raw: '99999999999999999999', error: /值必须是整数/ },
  { type: 'float', raw: '1e5', error: /值必须是数字/ },
  { type: 'float', raw: '.5', error: /值必须是数字/ },
  { type: 'color', raw: 'red', error: /#rrggbb/ },
  { type: 'date', raw: '2026-02-30', error: /yyyy-mm-dd/ },
  { type: 'datetime', raw: 'yesterday', error: /有效的日期时间/ },
  { type: 'select', f: def({ type: 'select', options }), raw: 'blue', error: /值的选项不正确：blue/ },
  {
    type: 'mult_select',
    f: def({ type: 'mult_select', options, max: 1 }),
    raw: ['red', 1],
    error: /最多只能选择 1 项/,
  },
  {
    type: 'mult_select',
    f: def({ type: 'mult_select', options }),
    raw: ['red', 'blue'],
    error: /选项不正确：blue/,
  },
  { type: 'img', f: def({ type: 'img' }), raw: 'javascript:alert(1)', error: /文件地址不正确/ },
  { type: 'img', f: def({ type: 'img' }), raw: '/uploads/a.png,/uploads/b.png', error: /只能上传 1 个文件/ },
  { type: 'one_video', f: def({ type: 'one_video' }), raw: '/uploads/v.avi', error: /mp4/ },
  {
    type: 'mult_pictures',
    f: def({ type: 'mult_pictures' }),
    raw: Array.from({ length: 11 }, (_, i) => `/uploads/${i}.png`),
    error: /最多只能上传 10 张图片/,
  },
  {
    type: 'mult_pictures',
    f: def({ type: 'mult_pictures' }),
    raw: ['/uploads/a.png', 'data:x'],
    error: /图片地址不正确/,
  },
  { type: 'html_editor', f: def({ type: 'html_editor' }), raw: 42, error: /值必须是文字/ },
  { type: 'child_info', f: group, raw: [{ age: 3 }], error: /明细第 1 行：请填写姓名/ },
  { type: 'child_info', f: group, raw: [{ name: 'a', age: 'x' }], error: /明细第 1 行：年龄必须是整数/ },
  { type: 'child_info', f: group, raw: 'nope', error: /明细的格式不正确/ },
];

describe('field values through the server validator', () => {
  it.each(valid)('$type accepts $raw', ({ type, f, raw, expected }) => {
    expect(parse(f ?? def({ type }), raw)).toEqual({ ok: true, values: { v: expected } });
  });

  it.each(invalid)('$type refuses $raw', ({ type, f, raw, error }) => {
    const result = parse(f ?? def({ type }), raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(error as RegExp);
  });

  it('asks for every required field with 请填写{title}', () => {
    for (const type of [
      'string',
      'int',
      'select',
      'img',
      'mult_pictures',
      'html_editor',
      'child_info',
      'mult_select',
    ]) {
      const result = parse(
        def({ type, ismust: true, title: '必填项', options, child_info: group.child_info }),
        type === 'child_info' ? [] : '',
      );
      expect(result).toEqual({ ok: false, message: '请填写必填项', key: 'v' });
    }
  });

  it('gives empty date and datetime fields their defaults on create (datetime at 08:00:00)', () => {
    expect(parse(def({ type: 'date' }), '', true)).toEqual({ ok: true, values: { v: '2026-11-22' } });
    const datetime = parse(def({ type: 'datetime' }), null, true);
    expect(datetime).toEqual({
      ok: true,
      values: { v: Math.floor(new Date(2026, 10, 22, 8, 0, 0).getTime() / 1000) },
    });
    expect(parse(def({ type: 'date' }), '', false)).toEqual({ ok: true, values: { v: null } });
  });

  it('leaves server-assigned fields and unknown keys out', () => {
    const result = parseRecord({
      fields: [def({ type: 'auto', key: 'no' }), def({ key: 'name' })],
      raw: { no: 99, name: 'x', hack: 1 },
      ctx: {},
      isCreate: true,
    });
    expect(result).toEqual({ ok: true, values: { name: 'x' } });
  });
});

describe('the rich-text sanitiser', () => {
  it.each([
    ['<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['<img src="/uploads/a.png" onerror="alert(1)">', '<img src="/uploads/a.png" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<iframe src="https://evil"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<p style="color:#ff0000;position:fixed">红</p>', '<p style="color:#ff0000">红</p>'],
    [
      '<video src="/uploads/v.mp4" controls onplay="x()"></video>',
      '<video src="/uploads/v.mp4" controls></video>',
    ],
    [
      '<a href="https://example.com" target="_blank">l</a>',
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">l</a>',
    ],
    ['<svg><script>alert(1)</script></svg>', ''],
    // Nothing that could cover a public page: no site classes, no position, bounded sizes.
    ['<p class="fixed inset-0 z-50">盖住</p>', '<p>盖住</p>'],
    ['<pre><code class="language-js x">1</code></pre>', '<pre><code class="language-js">1</code></pre>'],
    ['<p style="position:fixed;top:0;z-index:999">e</p>', '<p>e</p>'],
    ['<p style="font-size:9999px;color:#f00">b</p>', '<p style="color:#f00">b</p>'],
    ['<div style="width:5000px;height:100%">d</div>', '<div>d</div>'],
    [
      '<p style="font-size:24px;width:100%;height:300px">c</p>',
      '<p style="font-size:24px;width:100%;height:300px">c</p>',
    ],
    ['<img src="/a.png" width="99999" height="200">', '<img src="/a.png" height="200" />'],
    ['<img src="/a.png" width="100%">', '<img src="/a.png" />'],
  ])('%s → %s', (input, output) => {
    expect(sanitizeRichText(input)).toBe(output);
  });
});
