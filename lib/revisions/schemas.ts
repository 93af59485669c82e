import { z } from '@/lib/validation/z';
import { ZSensitiveConfirmed } from '@/lib/sensitive/schemas';
import { zId, zLimit, zPage } from '@/lib/validation/integers';

const ZNewsId = zId({ message: '内容 id 不正确', missing: '请指定内容' });
const zRev = (label: string) => zId({ message: `${label}不正确`, missing: `请指定${label}` });

export const REVISIONS_MAX_LIMIT = 100;

export const ZRevisionsQuery = z.looseObject({
  id: ZNewsId,
  page: zPage(),
  limit: zLimit({ max: REVISIONS_MAX_LIMIT, fallback: 20 }),
});

export const ZRevisionQuery = z.looseObject({ id: ZNewsId, rev: zRev('版本号') });

export const ZDiffRevisionsQuery = z.looseObject({
  id: ZNewsId,
  from: zRev('起始版本号'),
  // Omitted or empty: the item as it is now.
  to: z.preprocess((value) => (value === '' ? undefined : value), zRev('目标版本号').optional()),
});

export const ZRevertNewsInput = z.object({
  id: ZNewsId,
  rev: zRev('版本号'),
  // The version get_news_one answered: a change made since the form was opened is not overwritten.
  row_version: z
    .string()
    .regex(/^\d{1,10}$/, '版本号不正确')
    .optional(),
  // The editor confirmed the version's warn words (a 40011 answer), as for a save.
  sensitive_confirmed: ZSensitiveConfirmed,
});

export const ZRevertClassInfoInput = z.looseObject({
  id: ZNewsId,
  rev: zRev('版本号'),
  sensitive_confirmed: ZSensitiveConfirmed,
});
