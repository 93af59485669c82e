import { z } from '@/lib/validation/z';
import { isFileUrl, splitFileUrls } from '@/lib/fields/file-url';
import { ZSensitiveConfirmed } from '@/lib/sensitive/schemas';
import { zId, zInteger, zLimit, zOptionalId, zOptionalInteger } from '@/lib/validation/integers';

export const PROCESS_TITLE_MAX = 200;
export const PROCESS_REMARK_MAX = 5000;
export const PROCESS_ATTACHMENTS_MAX = 20;
/** 9999-12-31 23:59:59 UTC: the last second a record's time may be. */
export const PROCESS_TIME_MAX = 253_402_300_799;
/** An item holds at most this many records: a new one past it is refused (editing stays open). */
export const PROCESS_RECORDS_MAX = 1000;
/** get_process_list: rows per page at most (and the default), and what it answers without a page. */
export const PROCESS_LIST_MAX_LIMIT = 100;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A record's time in whole seconds since 1970 (10 digits today), a positive integer up to the end
 * of year 9999: a JSON integer, or a text of its plain digits — no sign, decimals, spaces or leading
 * zeros (the shared integer rule, canonical), so "-0", "0.0" or "00000000001" is not read as 1970.
 */
const ZTime = z
  .unknown()
  .transform((value, ctx) => {
    if (isBlank(value) || value === 0 || value === '0') {
      ctx.addIssue({ code: 'custom', message: '请填写时间' });
      return z.NEVER;
    }
    if (typeof value === 'number' && Number.isFinite(value) && !Number.isInteger(value)) {
      ctx.addIssue({ code: 'custom', message: '时间必须是整数秒' });
      return z.NEVER;
    }
    return value;
  })
  .pipe(
    zInteger({
      min: 1,
      max: PROCESS_TIME_MAX,
      canonical: true,
      message: '时间格式不正确，应为秒级时间戳（不带符号、小数点或前导零的正整数）',
      tooSmall: '时间不能早于 1970 年',
      tooBig: '时间超出范围（应为秒级时间戳，且不晚于 9999 年）',
    }),
  );

/** Attachments as one comma-joined text or a list of URLs; stored comma-joined, as upload fields are. */
const ZAttachments = z
  .union([z.string(), z.array(z.string({ error: '附件地址不正确' })), z.null(), z.undefined()], {
    error: '附件格式不正确',
  })
  .transform((value, ctx) => {
    const urls = splitFileUrls(value ?? '');
    if (urls.length > PROCESS_ATTACHMENTS_MAX) {
      ctx.addIssue({ code: 'custom', message: `附件最多 ${PROCESS_ATTACHMENTS_MAX} 个` });
      return z.NEVER;
    }
    if (!urls.every(isFileUrl)) {
      ctx.addIssue({ code: 'custom', message: '附件地址不正确' });
      return z.NEVER;
    }
    return urls.join(',');
  });

const newsId = zId({ missing: '请指定内容', message: '内容 id 不正确' });
// Step values are positive integers (ZProcessOption), so the same rule as an id applies.
const stepValue = zId({ missing: '请选择流程步骤', message: '流程步骤的值不正确' });

export const ZProcessItemQuery = z.object({
  id: newsId,
  process: zOptionalId({ message: '流程步骤的值不正确' }),
});

/** get_process_list: with `page` it answers one page and the total; without, the newest 100. */
export const ZProcessListQuery = ZProcessItemQuery.extend({
  page: zOptionalInteger({ min: 1, max: 1_000_000, message: '页码必须是正整数', tooBig: '页码过大' }),
  limit: zLimit({ max: PROCESS_LIST_MAX_LIMIT, fallback: PROCESS_LIST_MAX_LIMIT }),
});
export type TProcessListQuery = z.infer<typeof ZProcessListQuery>;

export const ZProcessClassQuery = z.object({
  class_id: zId({ missing: '请指定栏目', message: '栏目 id 不正确' }),
});

export const ZSaveProcessInput = z.object({
  id: zOptionalId({ message: '流程记录 id 不正确' }),
  news_id: newsId,
  process: stepValue,
  title: z
    .string({ error: '请填写标题' })
    .trim()
    .min(1, '请填写标题')
    .max(PROCESS_TITLE_MAX, `标题不能超过 ${PROCESS_TITLE_MAX} 个字`),
  time: ZTime,
  remark: z
    .string({ error: '备注格式不正确' })
    .max(PROCESS_REMARK_MAX, `备注不能超过 ${PROCESS_REMARK_MAX} 个字`)
    .nullish()
    .transform((value) => value ?? ''),
  attachments: ZAttachments.optional().transform((value) => value ?? ''),
  // 1: the editor confirmed the 敏感词 of level warn in the title or remark (lib/sensitive/).
  sensitive_confirmed: ZSensitiveConfirmed,
});
export type TSaveProcessInput = z.infer<typeof ZSaveProcessInput>;

export const ZDelProcessInput = z.object({
  id: zId({ missing: '请指定要删除的流程记录', message: '流程记录 id 不正确' }),
});
