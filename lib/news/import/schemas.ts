import { z } from '@/lib/validation/z';
import { zId } from '@/lib/validation/integers';

const zFlag = (name: string) =>
  z
    .union([z.literal('0'), z.literal('1'), z.literal(''), z.literal('true'), z.literal('false')], {
      error: `${name} 只能是 0 或 1`,
    })
    .transform((value) => value === '1' || value === 'true')
    .optional();

/** The text fields of import_news (multipart, or the query string). */
export const ZImportNewsFields = z.object({
  class_id: zId({ message: '栏目 id 不正确', missing: '请指定栏目' }),
  mode: z.enum(['dry_run', 'commit'], { error: 'mode 只能是 dry_run 或 commit' }).default('dry_run'),
  on_error: z.enum(['all', 'skip'], { error: 'on_error 只能是 all 或 skip' }).default('all'),
  key: z
    .string()
    .trim()
    .max(64, 'key 过长')
    .optional()
    .transform((value) => value || undefined),
  allow_repeat: zFlag('allow_repeat'),
  sensitive_confirmed: zFlag('sensitive_confirmed'),
  // 1: answer {job} at once (the screen shows progress from get_import_status).
  background: zFlag('background'),
  mapping: z
    .string()
    .max(60_000, 'mapping 过长')
    .optional()
    .transform((text, ctx) => {
      if (!text) return undefined;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'mapping 必须是 JSON：{"列名": "字段标识"}' });
        return z.NEVER;
      }
      const parsed = z.record(z.string().max(200), z.string().max(64)).safeParse(value);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'mapping 必须是 {"列名": "字段标识或空"} 形式' });
        return z.NEVER;
      }
      return parsed.data;
    }),
});

export const ZImportJobQuery = z.object({
  job: z.string().regex(/^[0-9a-f-]{36}$/, '导入任务编号不正确'),
});

export const ZImportTemplateQuery = z.object({
  class_id: zId({ message: '栏目 id 不正确', missing: '请指定栏目' }),
});
