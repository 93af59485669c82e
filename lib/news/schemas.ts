import { z } from '@/lib/validation/z';
import { INT4_MAX, zId, zInteger, zLimit, zOptionalInteger, zPage } from '@/lib/validation/integers';
import { ZSensitiveConfirmed } from '@/lib/sensitive/schemas';
import { BASE_TEXT_MAX } from './base-columns';

export const NEWS_LIST_MAX_LIMIT = 100;

export const ZNewsListQuery = z.looseObject({
  class_id: zId({ message: '栏目 id 不正确', missing: '请指定栏目' }),
  page: zPage(),
  limit: zLimit({ max: NEWS_LIST_MAX_LIMIT, fallback: 10 }),
  title: z.string().trim().max(200, '搜索条件过长').optional(),
  short_title: z.string().trim().max(200, '搜索条件过长').optional(),
  intro: z.string().trim().max(200, '搜索条件过长').optional(),
  // Items standing at this step (news.process); 0 is 未开始. Empty: no filter.
  process: zOptionalInteger({ min: 0, max: INT4_MAX, message: '流程步骤的值不正确' }),
});
export type TNewsListQuery = z.infer<typeof ZNewsListQuery>;

const ZId = zId();

export const ZNewsIdInput = z.object({ id: ZId });

export const ZNewsIds = z.array(ZId).min(1, '请选择要操作的内容').max(1000, '一次最多操作 1000 条');

export const ZDelNewsInput = z
  .object({ id: ZId.optional(), ids: ZNewsIds.optional() })
  .refine((input) => input.id !== undefined || input.ids !== undefined, '请选择要删除的内容')
  .transform((input) => [...new Set(input.ids ?? [input.id as number])]);

export const ZLockNewsInput = z.object({
  id: ZId,
  is_lock: z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], {
      error: 'is_lock 只能是 0 或 1',
    })
    .transform((v) => v === 1 || v === '1' || v === true),
});

export const ZMoveNewsInput = z.object({ ids: ZNewsIds, class_id: ZId });

// The base columns of the form; dynamic values ride along under their keys.
export const ZSaveNewsInput = z.looseObject({
  id: ZId.optional(),
  class_id: zId({ message: '栏目 id 不正确', missing: '请指定栏目' }),
  title: z.unknown().optional(),
  short_title: z.string().max(BASE_TEXT_MAX, `副标题不能超过 ${BASE_TEXT_MAX} 个字`).optional().nullable(),
  intro: z.string().max(20_000, '简介过长').optional().nullable(),
  content: z.string().max(2_000_000, '内容过长').optional().nullable(),
  hr_type: z.string().max(32, 'hr_type 过长').optional().nullable(),
  process: zInteger({
    min: 0,
    max: INT4_MAX,
    message: '流程必须是整数',
    tooSmall: '流程不能为负',
    tooBig: '流程的值过大',
  }).optional(),
  new_time: z.unknown().optional(),
  // The version get_news_one answered: an edit saved by someone else since then is not overwritten.
  row_version: z
    .string()
    .regex(/^\d{1,10}$/, '版本号不正确')
    .optional(),
  // 1: the editor confirmed the 敏感词 of level warn that the last try named (lib/sensitive/).
  sensitive_confirmed: ZSensitiveConfirmed,
});
export type TSaveNewsInput = z.infer<typeof ZSaveNewsInput>;
