import { z } from '@/lib/validation/z';
import { INT4_MAX, zId, zInteger, zOptionalInteger } from '@/lib/validation/integers';

import {
  BASE_SET_KEYS,
  CLASS_TYPES,
  CLASS_TYPE_LABELS,
  DEFAULT_BASE_SET,
  type BaseSet,
  type BaseSetEntry,
  type BaseSetKey,
  type ClassType,
} from './class-types';

export { BASE_SET_KEYS, CLASS_TYPES, CLASS_TYPE_LABELS, DEFAULT_BASE_SET };
export type { BaseSet, BaseSetEntry, BaseSetKey, ClassType };

export type ProcessOption = { title: string; value: number };

const ZFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .transform((v) => v === true || v === 1 || v === '1');

export const ZId = zId();

/** A category's parent: none (absent, null, '' or 0) or a category id. */
const ZParentId = zOptionalInteger({ min: 0, max: INT4_MAX, message: '上级栏目不正确' }).transform(
  (value) => value || null,
);

const ZBaseSetEntry = (fallback: BaseSetEntry) =>
  z
    .object({
      name: z.string().trim().max(32, '基础字段名称不能超过 32 个字').optional(),
      showlist: ZFlag.optional(),
      isshow: ZFlag.optional(),
    })
    .optional()
    .transform((entry) => ({
      name: entry?.name || fallback.name,
      showlist: entry?.showlist ?? fallback.showlist,
      isshow: entry?.isshow ?? fallback.isshow,
    }));

export const ZBaseSet = z
  .object({
    title: ZBaseSetEntry(DEFAULT_BASE_SET.title),
    short_title: ZBaseSetEntry(DEFAULT_BASE_SET.short_title),
    intro: ZBaseSetEntry(DEFAULT_BASE_SET.intro),
    content: ZBaseSetEntry(DEFAULT_BASE_SET.content),
  })
  .optional()
  .transform((value) => value ?? DEFAULT_BASE_SET);

export const ZProcessOption = z.object({
  title: z
    .string({ error: '请填写流程步骤名称' })
    .trim()
    .min(1, '请填写流程步骤名称')
    .max(32, '流程步骤名称不能超过 32 个字'),
  value: zInteger({ min: 1, max: INT4_MAX, message: '流程步骤的值必须是正整数', tooBig: '流程步骤的值过大' }),
});

export const ZContentFieldsInput = z
  .object({
    class: z.unknown().optional(),
    list: z.unknown().optional(),
    base_set: ZBaseSet,
    process: z.array(ZProcessOption).max(50, '流程步骤不能超过 50 个').default([]),
  })
  .default({ base_set: DEFAULT_BASE_SET, process: [] });

export const ZSaveClassInput = z.object({
  id: ZId.optional(),
  parent_id: ZParentId,
  key: z
    .string()
    .trim()
    .max(64, '栏目标识不能超过 64 个字符')
    .regex(/^[A-Za-z0-9_-]*$/, '栏目标识只能包含字母、数字、下划线和短横线')
    .default(''),
  name: z
    .string({ error: '请填写栏目名称' })
    .trim()
    .min(1, '请填写栏目名称')
    .max(64, '栏目名称不能超过 64 个字'),
  icon: z.string().trim().max(64, '图标名称过长').default(''),
  sort: zInteger({
    min: -1_000_000,
    max: 1_000_000,
    message: '排序必须是整数',
    tooBig: '排序超出范围',
    tooSmall: '排序超出范围',
  }).default(0),
  is_show: ZFlag.default(true),
  class_type: z.enum(CLASS_TYPES, { error: '栏目类型不正确' }).default('0'),
  type_show: z.string().trim().max(32, '展示方式过长').default(''),
  hr_type: z.string().trim().max(32, 'hr_type 过长').default(''),
  other_info: z.record(z.string(), z.unknown()).default({}),
  content_fileds: ZContentFieldsInput,
});
export type TSaveClassInput = z.infer<typeof ZSaveClassInput>;

export const ZClassIdInput = z.object({ id: ZId });

export const ZSortClassInput = z.object({
  id: ZId,
  parent_id: ZParentId,
  sort: zInteger({
    min: 0,
    max: INT4_MAX,
    message: '排序位置必须是整数',
    tooSmall: '排序位置不能为负',
    tooBig: '排序位置过大',
  }),
});
export type TSortClassInput = z.infer<typeof ZSortClassInput>;
