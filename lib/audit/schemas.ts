import { z } from '@/lib/validation/z';
import { toSeconds } from '@/lib/fields/types/time';
import { zLimit, zPage } from '@/lib/validation/integers';
import { AUDIT_ACTIONS, AUDIT_TARGETS, type AuditAction, type AuditTarget } from './actions';

export const AUDIT_LOG_MAX_LIMIT = 100;

/** An empty query parameter is no filter (the page sends the form as it is). */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A bound of the date range: 10-digit seconds, or yyyy-mm-dd[ HH:mm[:ss]] in the server's time. */
const time = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .union([z.string(), z.number()], { error: `${label}格式不正确` })
      .transform((raw, ctx) => {
        const seconds = toSeconds(raw);
        if (seconds === null) {
          ctx.addIssue({ code: 'custom', message: `${label}格式不正确，应为秒数或 yyyy-mm-dd` });
          return z.NEVER;
        }
        // An end given as a day includes that whole day.
        return { seconds, isDay: typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw.trim()) };
      })
      .optional(),
  );

const oneOf = <K extends string>(keys: Record<K, string>, message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: message })
      .refine((value): value is K => Object.hasOwn(keys, value), message)
      .transform((value) => value as K)
      .optional(),
  );

/** get_log_list and export_log: the filters (all optional) and, for the list, the page. */
export const ZAuditLogQuery = z
  .object({
    page: zPage(),
    limit: zLimit({ max: AUDIT_LOG_MAX_LIMIT, fallback: 20 }),
    user: z.preprocess(blankToUndefined, z.string().trim().max(64, '用户名过长').optional()),
    action: oneOf<AuditAction>(AUDIT_ACTIONS, '操作类型不正确'),
    target: oneOf<AuditTarget>(AUDIT_TARGETS, '对象类型不正确'),
    start: time('开始时间'),
    end: time('结束时间'),
  })
  .transform(({ start, end, ...rest }) => ({
    ...rest,
    start: start?.seconds,
    end: end ? end.seconds + (end.isDay ? 86_399 : 0) : undefined,
  }))
  .refine(
    (query) => query.start === undefined || query.end === undefined || query.start <= query.end,
    '开始时间不能晚于结束时间',
  );
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuery>;
