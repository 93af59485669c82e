import { z } from '@/lib/validation/z';
import {
  INT4_MAX,
  zId,
  zInteger,
  zLimit,
  zOptionalId,
  zOptionalInteger,
  zPage,
} from '@/lib/validation/integers';
import {
  SENSITIVE_LEVELS,
  SENSITIVE_LISTS,
  SENSITIVE_NOTE_MAX,
  SENSITIVE_REPLACEMENT_MAX,
  SENSITIVE_WORD_MAX,
} from './levels';

// The 敏感词 calls' input. No server-only import: the settings screen checks its form with these.

/** A save's `sensitive_confirmed`: 1 (or true) confirms its warn words; absent, 0 or false does not. */
export const ZSensitiveConfirmed = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], {
    error: 'sensitive_confirmed 只能是 0 或 1',
  })
  .transform((value) => value === 1 || value === '1' || value === true)
  .optional();

const charCount = (text: string) => [...text].length;

/** '' and null read as not given (a form's empty select, a query's `level=`). */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema);

export const ZSensitiveList = z.enum(SENSITIVE_LISTS, {
  error: '名单只能是 deny（敏感词）或 allow（白名单）',
});
export const ZSensitiveLevel = z.enum(SENSITIVE_LEVELS, {
  error: '级别只能是 block（禁止）、warn（提醒）或 replace（替换）',
});

/** A word as typed: trimmed, 1–50 characters, no control characters or line breaks. */
export const ZSensitiveWordText = z
  .string({ error: '请填写词语' })
  .trim()
  .min(1, '请填写词语')
  .refine((word) => charCount(word) <= SENSITIVE_WORD_MAX, `词语不能超过 ${SENSITIVE_WORD_MAX} 个字`)
  .refine((word) => !/[\u0000-\u001f\u007f]/.test(word), '词语不能包含换行或控制字符');

const ZReplacement = z
  .string({ error: '替换为必须是文字' })
  .refine(
    (text) => charCount(text) <= SENSITIVE_REPLACEMENT_MAX,
    `替换为不能超过 ${SENSITIVE_REPLACEMENT_MAX} 个字`,
  )
  .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), '替换为不能包含换行或控制字符');

const ZNote = z
  .string({ error: '说明必须是文字' })
  .trim()
  .refine((text) => charCount(text) <= SENSITIVE_NOTE_MAX, `说明不能超过 ${SENSITIVE_NOTE_MAX} 个字`)
  .refine((text) => !/[\u0000-\u0008\u000b-\u001f\u007f]/.test(text), '说明不能包含控制字符');

/** save_sensitive_word: a deny word needs its level; an allow word has none. */
export const ZSaveSensitiveWordInput = z
  .object({
    id: zOptionalId({ message: '词语 id 不正确' }),
    word: ZSensitiveWordText,
    list: blankAsAbsent(ZSensitiveList.optional()).transform((list) => list ?? 'deny'),
    level: blankAsAbsent(ZSensitiveLevel.optional()),
    replacement: ZReplacement.nullish(),
    note: ZNote.nullish(),
  })
  .superRefine((input, ctx) => {
    if (input.list === 'deny' && !input.level)
      ctx.addIssue({ code: 'custom', message: '请选择级别', path: ['level'] });
  })
  .transform((input) => ({
    id: input.id,
    word: input.word,
    list: input.list,
    level: input.list === 'allow' ? null : input.level || null,
    replacement: input.replacement ?? '',
    note: input.note ?? '',
  }));
export type TSaveSensitiveWordInput = z.infer<typeof ZSaveSensitiveWordInput>;

export const SENSITIVE_LIST_MAX_LIMIT = 100;

export const ZSensitiveWordsQuery = z.object({
  page: zPage(),
  limit: zLimit({ max: SENSITIVE_LIST_MAX_LIMIT, fallback: 20 }),
  word: z.string().trim().max(SENSITIVE_WORD_MAX, '搜索条件过长').optional(),
  level: blankAsAbsent(ZSensitiveLevel.optional()),
  list: blankAsAbsent(ZSensitiveList.optional()).transform((list) => list ?? 'deny'),
});
export type TSensitiveWordsQuery = z.infer<typeof ZSensitiveWordsQuery>;

const ZWordId = zId({ message: '词语 id 不正确' });

export const ZDelSensitiveWordsInput = z
  .object({
    id: ZWordId.optional(),
    ids: z.array(ZWordId).min(1, '请选择要删除的词语').max(1000, '一次最多删除 1000 个').optional(),
  })
  .refine((input) => input.id !== undefined || input.ids !== undefined, '请选择要删除的词语')
  .transform((input) => [...new Set(input.ids ?? [input.id as number])]);

export const ZExportSensitiveWordsQuery = z.object({
  list: blankAsAbsent(ZSensitiveList.optional()).transform((list) => list ?? 'deny'),
});

/** scan_sensitive: a category (none: every category the caller may use) and where to go on. */
export const SCAN_MAX_LIMIT = 500;
export const ZScanSensitiveInput = z.object({
  class_id: zOptionalId({ message: '栏目 id 不正确' }),
  after_id: zOptionalInteger({ min: 0, max: INT4_MAX, message: '起始 id 不正确' }),
  limit: zInteger({
    min: 1,
    max: SCAN_MAX_LIMIT,
    message: '一次检查的条数必须是正整数',
    tooBig: `一次最多检查 ${SCAN_MAX_LIMIT} 条`,
  }).default(200),
});
export type TScanSensitiveInput = z.infer<typeof ZScanSensitiveInput>;

/** check_sensitive: the category and the form's values (as save_news_info / save_class_info take them). */
export const ZCheckSensitiveInput = z.looseObject({
  class_id: zId({ message: '栏目 id 不正确', missing: '请指定栏目' }),
  title: z.unknown().optional(),
  short_title: z.string().max(500, '副标题过长').optional().nullable(),
  intro: z.string().max(20_000, '简介过长').optional().nullable(),
  content: z.string().max(2_000_000, '内容过长').optional().nullable(),
});
