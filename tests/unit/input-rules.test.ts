import { z } from 'zod';
import { AppError } from '@/lib/http/app-error';
import { assertCleanInput, assertCleanText, MAX_DEPTH, textProblem } from '@/lib/http/input-guard';
import { INT4_MAX, zId, zInteger, zOptionalId, zPage } from '@/lib/validation/integers';
import { chineseIssueMessage } from '@/lib/validation/zod-errors';
import '@/lib/validation/zod-errors';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { status: (error as AppError).status, message: (error as AppError).message };
  }
  throw new Error('not refused');
};

describe('the strict integer rule', () => {
  const schema = z.object({ id: zId(), page: zPage(), other: zOptionalId() });

  it.each([
    [5, 5],
    ['5', 5],
    ['007', 7],
    [INT4_MAX, INT4_MAX],
    [String(INT4_MAX), INT4_MAX],
  ])('takes %j as the id %j', (id, expected) => {
    expect(schema.parse({ id }).id).toBe(expected);
  });

  const notIds: unknown[] = [
    true,
    false,
    [5],
    {},
    '0x1F',
    '1e3',
    ' 5',
    '5 ',
    '5.0',
    '+5',
    1.5,
    0,
    -1,
    '-1',
    INT4_MAX + 1,
    String(INT4_MAX + 1),
    Number.MAX_SAFE_INTEGER + 2,
    null,
    '',
    '9'.repeat(400),
    '9'.repeat(401),
  ];
  const label = (value: unknown) =>
    typeof value === 'string' && value.length > 20 ? `${value.length} digits` : JSON.stringify(value);

  it.each(notIds.map((value) => [label(value), value]))('refuses %s as an id, in Chinese', (_label, id) => {
    const result = schema.safeParse({ id });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('id 不正确');
  });

  it('says which bound was crossed and takes a blank optional id as none', () => {
    const sort = zInteger({
      min: 0,
      max: 10,
      message: '排序必须是整数',
      tooBig: '排序过大',
      tooSmall: '排序为负',
    });
    expect(sort.safeParse(11).error?.issues[0].message).toBe('排序过大');
    expect(sort.safeParse('-1').error?.issues[0].message).toBe('排序为负');
    expect(sort.safeParse('1e1').error?.issues[0].message).toBe('排序必须是整数');
    expect(schema.parse({ id: 1, other: '' })).toEqual({ id: 1, page: 1, other: undefined });
    expect(schema.parse({ id: 1, other: null, page: '3' })).toEqual({ id: 1, page: 3, other: undefined });
    expect(schema.safeParse({ id: 1, page: 1_000_001 }).error?.issues[0].message).toBe('页码过大');
  });
});

describe('the text rule at the edge', () => {
  it('finds NUL and lone surrogates, and lets every real character through', () => {
    expect(textProblem('a\u0000b')).toBe('nul');
    expect(textProblem('\ud800')).toBe('surrogate');
    expect(textProblem('x\udfffy')).toBe('surrogate');
    expect(textProblem('\udc00\ud800')).toBe('surrogate');
    expect(textProblem('汉字 emoji 😀 𠮷 \u0001 \t\n')).toBeNull();
  });

  it('walks every value and key of an input, however nested, and names where the problem is', () => {
    expect(refusal(() => assertCleanInput({ title: 'a\u0000' }))).toEqual({
      status: 400,
      message: '「title」含有不允许的空字符（U+0000）',
    });
    expect(refusal(() => assertCleanInput({ f_rows: [{ c_name: 'x\ud800' }] })).message).toBe(
      '「f_rows[0].c_name」含有无效的字符（不成对的 UTF-16 代理项）',
    );
    expect(refusal(() => assertCleanInput({ other_info: { 'k\u0000': 1 } })).message).toBe(
      '「other_info」的字段名含有不允许的空字符（U+0000）',
    );
    expect(refusal(() => assertCleanInput(JSON.parse('{"a":{"__proto__":{"x":1}}}'))).message).toBe(
      '请求内容含有不允许的字段名 __proto__',
    );
    expect(() =>
      assertCleanInput({ constructor: 'ok', prototype: ['ok'], n: 1, b: true, z: null }),
    ).not.toThrow();
  });

  it(`allows ${MAX_DEPTH} levels and refuses a 10,000-deep value without overflowing the stack`, () => {
    const nest = (depth: number) => JSON.parse(`${'['.repeat(depth)}1${']'.repeat(depth)}`);
    expect(() => assertCleanInput(nest(MAX_DEPTH))).not.toThrow();
    expect(refusal(() => assertCleanInput(nest(MAX_DEPTH + 1))).message).toMatch(/嵌套层级过深/);
    expect(
      refusal(() => assertCleanInput(JSON.parse(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`))).status,
    ).toBe(400);
  });

  it('checks a single text such as an upload file name', () => {
    expect(refusal(() => assertCleanText({ text: 'a\u0000.png', what: '文件名' })).message).toBe(
      '文件名含有不允许的空字符（U+0000）',
    );
    expect(() => assertCleanText({ text: '说明.pdf', what: '文件名' })).not.toThrow();
  });
});

describe('zod issues in Chinese', () => {
  const schema = z.object({
    name: z.string().max(3),
    tags: z.array(z.string()).min(1),
    kind: z.enum(['a', 'b']),
    nested: z.object({ flag: z.boolean() }),
    strict: z.strictObject({}),
  });

  it('words every issue a schema left unworded in Chinese, naming the field', () => {
    const result = schema.safeParse({
      name: 'abcd',
      tags: [],
      kind: 'c',
      nested: { flag: 'yes' },
      strict: { x: 1 },
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      '「name」不能超过 3 个字',
      '「tags」至少 1 项',
      '「kind」的值不正确',
      '「nested.flag」必须是是或否',
      '不支持的参数：x',
    ]);
    expect(schema.safeParse(5).error?.issues[0].message).toBe('参数必须是对象');
    expect(z.object({ a: z.number() }).safeParse({}).error?.issues[0].message).toBe('缺少「a」');
  });

  it('keeps the messages our schemas give themselves', () => {
    expect(z.string({ error: '请填写标题' }).safeParse(1).error?.issues[0].message).toBe('请填写标题');
    expect(z.string().min(2, '太短').safeParse('a').error?.issues[0].message).toBe('太短');
  });

  it('never answers without Chinese, whatever the issue', () => {
    const codes = ['invalid_type', 'too_big', 'too_small', 'invalid_format', 'custom', 'whatever'];
    for (const code of codes) {
      const message = chineseIssueMessage({ code, path: ['x'], input: 1, expected: 'string' } as never);
      expect(message).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
