// 敏感词: the levels and lists, with their Chinese labels, and the shapes the API answers. Shared by
// the server and the browser (no server-only import).

export const SENSITIVE_LEVELS = ['block', 'warn', 'replace'] as const;
export type SensitiveLevel = (typeof SENSITIVE_LEVELS)[number];

export const SENSITIVE_LEVEL_LABELS: Record<SensitiveLevel, string> = {
  block: '禁止',
  warn: '提醒',
  replace: '替换',
};

export const SENSITIVE_LISTS = ['deny', 'allow'] as const;
export type SensitiveList = (typeof SENSITIVE_LISTS)[number];

export const SENSITIVE_LIST_LABELS: Record<SensitiveList, string> = {
  deny: '敏感词',
  allow: '白名单',
};

/** A word: 1–50 characters (code points); a replacement at most 50; a note at most 200. */
export const SENSITIVE_WORD_MAX = 50;
export const SENSITIVE_REPLACEMENT_MAX = 50;
export const SENSITIVE_NOTE_MAX = 200;

/** The refusal codes of a save (HTTP 400): a block word; warn words not confirmed (ErrorCode.sensitiveBlocked / sensitiveWarn). */
export const SENSITIVE_BLOCKED_CODE = 40010;
export const SENSITIVE_WARN_CODE = 40011;

/**
 * One hit, as check_sensitive and a refused save answer it. `index` and `length` are in the field's
 * text (a rich-text field: its text, tags dropped and entities decoded), `text` is the text hit as
 * written (`敏 感*词`), `context` is the text from `index − 10` to `index + length + 10`, so the hit
 * starts at `min(index, 10)` in it.
 */
export type SensitiveHit = {
  field: string;
  title: string;
  word: string;
  level: SensitiveLevel;
  note: string;
  replacement: string;
  index: number;
  length: number;
  text: string;
  context: string;
};

/** A listed word an item's texts hold, as the 首页 shows it (news_sensitive_hit.words). */
export type ItemWord = { word: string; level: SensitiveLevel };

/** A word of a list as get_sensitive_words answers it (times in 10-digit seconds). */
export type SensitiveWordRow = {
  id: number;
  word: string;
  list: SensitiveList;
  level: SensitiveLevel | null;
  replacement: string;
  note: string;
  created_by: string;
  created_at: number;
};

/** Both refusal codes: a form shows their hits itself (no error toast). */
export const SENSITIVE_REFUSAL_CODES: ReadonlySet<number> = new Set([
  SENSITIVE_BLOCKED_CODE,
  SENSITIVE_WARN_CODE,
]);

/** What a save answers beside its own data when it replaced words (`replace` hits). */
export type SensitiveSaveAnswer = { sensitive_replaced?: SensitiveHit[] } | null;
