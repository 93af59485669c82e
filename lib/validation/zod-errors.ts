import { z } from 'zod';

// Chinese wording for every zod issue a schema did not word itself, so no English default can
// reach a user. Our schemas give their own messages where a person reads them; this map is the
// floor for the rest (a wrong type sent by hand, an unknown key). Imported for its effect by
// lib/validation/z.ts, the only way the app imports zod.

const TYPE_NAMES: Record<string, string> = {
  string: '文字',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '是或否',
  array: '列表',
  object: '对象',
  record: '对象',
  date: '日期',
  null: '空值',
};

/** `「content_fileds.class[0].title」` for a path, '参数' for the whole input. */
export const fieldLabel = (path: readonly PropertyKey[] | undefined) => {
  if (!path || path.length === 0) return '参数';
  const text = path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index ? '.' : ''}${String(part)}`))
    .join('');
  return `「${text.slice(0, 80)}」`;
};

type Issue = z.core.$ZodRawIssue;

const sized = (issue: Issue & { origin?: string }) =>
  issue.origin === 'string' ? '个字' : issue.origin === 'array' || issue.origin === 'set' ? '项' : '';

export const chineseIssueMessage = (issue: Issue): string | undefined => {
  const label = fieldLabel(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `缺少${label}`;
      return `${label}必须是${TYPE_NAMES[issue.expected] ?? '正确的格式'}`;
    case 'too_big': {
      const unit = sized(issue);
      return unit ? `${label}不能超过 ${issue.maximum} ${unit}` : `${label}不能大于 ${issue.maximum}`;
    }
    case 'too_small': {
      const unit = sized(issue);
      if (unit === '个字' && Number(issue.minimum) === 1) return `${label}不能为空`;
      return unit ? `${label}至少 ${issue.minimum} ${unit}` : `${label}不能小于 ${issue.minimum}`;
    }
    case 'invalid_value':
    case 'invalid_format':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'not_multiple_of':
      return `${label}的值不正确`;
    case 'unrecognized_keys':
      return `不支持的参数：${issue.keys.slice(0, 5).join('、')}`;
    default:
      return `${label}不正确`;
  }
};

z.config({ customError: chineseIssueMessage });
