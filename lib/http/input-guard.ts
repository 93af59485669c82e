import { AppError, ErrorCode } from './app-error';

// The one text rule at the edge of the API, applied to every input manageRoute reads (the whole
// JSON body or query, keys included) and to upload file names, before any schema or service sees
// it, so no route can forget it:
// - no NUL (U+0000): PostgreSQL refuses it in text and jsonb (the request would end as a 500);
// - no lone UTF-16 surrogate: not a character; jsonb refuses its \ud800 escape, text columns would
//   silently store U+FFFD;
// - at most MAX_DEPTH levels of arrays/objects: deeper values overflow the stack of whatever walks
//   them next (zod, JSON.stringify, PostgreSQL's jsonb parser);
// - no `__proto__` key: never a field of ours, and a trap for any code that copies keys by assignment.

export const MAX_DEPTH = 32;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const ANY_SURROGATE = /[\uD800-\uDFFF]/;

export type TextProblem = 'nul' | 'surrogate';

/** What is wrong with one text, or null. */
export const textProblem = (text: string): TextProblem | null => {
  if (text.includes('\u0000')) return 'nul';
  if (ANY_SURROGATE.test(text) && LONE_SURROGATE.test(text)) return 'surrogate';
  return null;
};

const pathLabel = (path: readonly (string | number)[]) => {
  const text = path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index ? '.' : ''}${part}`))
    .join('');
  // The label itself must be clean text: a bad key is shown by position only.
  return path.length && !textProblem(text) ? `「${text.slice(0, 80)}」` : '';
};

const TEXT_MESSAGES: Record<TextProblem, string> = {
  nul: '含有不允许的空字符（U+0000）',
  surrogate: '含有无效的字符（不成对的 UTF-16 代理项）',
};

const refuse = (message: string) => new AppError({ code: ErrorCode.badRequest, message });

/** Throws a 400 for a text that breaks the rule; `what` names it in the message (e.g. 文件名). */
export const assertCleanText = ({ text, what }: { text: string; what: string }) => {
  const problem = textProblem(text);
  if (problem) throw refuse(`${what}${TEXT_MESSAGES[problem]}`);
};

/**
 * Walks a parsed input without recursion (a hostile depth cannot overflow the walk itself) and
 * throws a Chinese 400 at the first text, key or nesting that breaks the rule.
 */
export const assertCleanInput = (input: unknown) => {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop() as (typeof stack)[number];
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) throw refuse(`${pathLabel(path) || '请求内容'}${TEXT_MESSAGES[problem]}`);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_DEPTH) throw refuse(`请求内容的嵌套层级过深（最多 ${MAX_DEPTH} 层）`);
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const problem = textProblem(key);
      if (problem) throw refuse(`${pathLabel(path) || '请求内容'}的字段名${TEXT_MESSAGES[problem]}`);
      if (key === '__proto__') throw refuse('请求内容含有不允许的字段名 __proto__');
      stack.push({ value: item, path: [...path, key] });
    }
  }
};
