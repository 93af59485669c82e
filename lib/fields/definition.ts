import { z } from '@/lib/validation/z';
import { FIELD_TYPES, type FieldType } from './field-types';

export type FieldOption = { label: string; value: string | number; color?: string };

export type FieldDefinition = {
  key: string;
  title: string;
  type: FieldType;
  ismust: boolean;
  showlist: boolean;
  search: boolean;
  options: FieldOption[];
  max: number | null;
  limit: number | null;
  is_self_write: boolean;
  child_info: FieldDefinition[];
  style: string;
  url: string;
};

/** A definition with every attribute at its default; callers set what they need. */
export const blankFieldDefinition = (overrides: Partial<FieldDefinition> = {}): FieldDefinition => ({
  key: '',
  title: '',
  type: 'string',
  ismust: false,
  showlist: false,
  search: false,
  options: [],
  max: null,
  limit: null,
  is_self_write: false,
  child_info: [],
  style: '',
  url: '',
  ...overrides,
});

// Flags arrive as booleans or as the 0/1 of older clients.
const ZFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .transform((v) => v === true || v === 1 || v === '1');
const ZCount = (label: string) =>
  z
    .union([z.number(), z.string().regex(/^\d*$/, `${label}必须是非负整数`), z.null()])
    .transform((v) => (v === '' || v === null ? null : Number(v)))
    .refine((v) => v === null || (Number.isInteger(v) && v >= 0), `${label}必须是非负整数`);

export const ZFieldOption = z.object({
  label: z
    .string({ error: '选项名称必须是文字' })
    .trim()
    .min(1, '选项名称不能为空')
    .max(64, '选项名称不能超过 64 个字'),
  value: z.union(
    [z.string().trim().min(1, '选项值不能为空').max(64, '选项值不能超过 64 个字符'), z.number().finite()],
    { error: '选项值不能为空' },
  ),
  color: z
    .string()
    .trim()
    .regex(/^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|)$/, '选项颜色必须是 #rrggbb 格式')
    .optional()
    .transform((v) => v || undefined),
});

const baseShape = {
  key: z
    .string({ error: '请填写字段标识' })
    .trim()
    .min(1, '请填写字段标识')
    .max(64, '字段标识不能超过 64 个字符')
    .regex(/^[a-z][a-z0-9_]*$/, '字段标识只能以小写字母开头，由小写字母、数字和下划线组成'),
  title: z
    .string({ error: '请填写字段名称' })
    .trim()
    .min(1, '请填写字段名称')
    .max(64, '字段名称不能超过 64 个字'),
  type: z.enum(FIELD_TYPES, { error: '字段类型不正确' }),
  ismust: ZFlag.default(false),
  showlist: ZFlag.default(false),
  search: ZFlag.default(false),
  options: z.array(ZFieldOption).max(200, '选项不能超过 200 个').default([]),
  max: ZCount('最大值').default(null),
  limit: ZCount('数量上限').default(null),
  is_self_write: ZFlag.default(false),
  style: z.string().max(200, '样式不能超过 200 个字符').default(''),
  url: z.string().trim().max(300, '数据地址不能超过 300 个字符').default(''),
};

/** A nested definition inside a child_info group: the same shape, one level only. */
export const ZChildFieldDefinition = z.object({
  ...baseShape,
  child_info: z.array(z.unknown()).max(0, '子字段不能再包含子字段').default([]),
});

/** Shape only; the cross-field rules live in validate-definitions.ts. */
export const ZFieldDefinition = z.object({
  ...baseShape,
  child_info: z.array(z.unknown()).max(50, '子字段不能超过 50 个').default([]),
});
