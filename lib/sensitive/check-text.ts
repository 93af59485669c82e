import 'server-only';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import type { CheckTarget } from './check-targets';
import type { SensitiveHit, SensitiveLevel } from './levels';
import type { RawHit } from './matcher';
import { replaceInRichText, richTextView, type RichTextView } from './rich-text';
import type { WordList } from './word-list';

/** Hits answered at most (a refusal's data, check_sensitive); replacements apply to every hit. */
export const HITS_ANSWERED_MAX = 200;
const CONTEXT_CHARS = 10;

type Inspected = { target: CheckTarget; view: RichTextView | null; text: string; hits: RawHit[] };

const hitOf = (list: WordList, inspected: Inspected, raw: RawHit): SensitiveHit => {
  const word = list.words[raw.entry];
  const { text, target } = inspected;
  return {
    field: target.field,
    title: target.title,
    word: word.word,
    level: word.level as SensitiveLevel,
    note: word.note,
    replacement: word.level === 'replace' ? word.replacement : '',
    index: raw.start,
    length: raw.end - raw.start,
    text: text.slice(raw.start, raw.end),
    context: text.slice(Math.max(0, raw.start - CONTEXT_CHARS), raw.end + CONTEXT_CHARS),
  };
};

/** The hits of the lists in these texts (a rich text's text only), in order of field and position. */
const inspect = (list: WordList, targets: readonly CheckTarget[]) => {
  const inspected: Inspected[] = [];
  const matcher = list.matcher;
  if (!matcher) return inspected;
  for (const target of targets) {
    if (!target.value) continue;
    const view = target.isRich ? richTextView(target.value) : null;
    const text = view ? view.text : target.value;
    const hits = matcher.find(text);
    if (hits.length > 0) {
      hits.sort((a, b) => a.start - b.start || b.end - a.end);
      inspected.push({ target, view, text, hits });
    }
  }
  return inspected;
};

/** Every hit of these texts, as check_sensitive answers them. */
export const findHits = (list: WordList, targets: readonly CheckTarget[]) =>
  inspect(list, targets)
    .flatMap((inspected) => inspected.hits.map((raw) => hitOf(list, inspected, raw)))
    .slice(0, HITS_ANSWERED_MAX);

const distinctWords = (hits: readonly SensitiveHit[]) => [...new Set(hits.map((hit) => hit.word))];

const wordsInMessage = (words: string[]) =>
  words.length > 5 ? `${words.slice(0, 5).join('、')} 等 ${words.length} 个` : words.join('、');

/** What a save that passed the check tells its 操作日志 entry and its answer. */
export type ScreenResult = {
  /** The replace hits, as replaced in the saved text. */
  replaced: SensitiveHit[];
  /** The warn words the editor confirmed (sensitive_confirmed: 1). */
  confirmed: string[];
};

export const NOTHING_SCREENED: ScreenResult = { replaced: [], confirmed: [] };

/** The replace hits of one text that do not overlap an earlier (or longer) one. */
const replacementsOf = (list: WordList, inspected: Inspected) => {
  const chosen: { raw: RawHit; replacement: string }[] = [];
  let reached = -1;
  for (const raw of inspected.hits) {
    const word = list.words[raw.entry];
    if (word.level !== 'replace' || raw.start < reached) continue;
    chosen.push({ raw, replacement: word.replacement });
    reached = raw.end;
  }
  return chosen;
};

/**
 * The check of a save against the lists (loaded before the save's transaction: `list`).
 * A block hit refuses it (40010), warn hits refuse it unless confirmed (40011), both HTTP 400 with
 * every hit in `data.hits`, and nothing is written. Otherwise the replace hits are replaced in the
 * targets (through `apply`; a rich text's text only, never its markup).
 */
export const screenTargets = ({
  list,
  targets,
  isConfirmed,
}: {
  list: WordList;
  targets: readonly CheckTarget[];
  isConfirmed: boolean;
}): ScreenResult => {
  if (!list.matcher) return NOTHING_SCREENED;
  const inspected = inspect(list, targets);
  if (inspected.length === 0) return NOTHING_SCREENED;
  const hits = inspected.flatMap((one) => one.hits.map((raw) => hitOf(list, one, raw)));
  const blocked = hits.filter((hit) => hit.level === 'block');
  if (blocked.length > 0) {
    throw new AppError({
      code: ErrorCode.sensitiveBlocked,
      message: `内容包含禁止使用的词语：${wordsInMessage(distinctWords(blocked))}`,
      data: { hits: hits.slice(0, HITS_ANSWERED_MAX) },
    });
  }
  const warned = hits.filter((hit) => hit.level === 'warn');
  if (warned.length > 0 && !isConfirmed) {
    throw new AppError({
      code: ErrorCode.sensitiveWarn,
      message: `内容包含需确认的词语：${wordsInMessage(distinctWords(warned))}`,
      data: { hits: hits.slice(0, HITS_ANSWERED_MAX) },
    });
  }
  const replaced: SensitiveHit[] = [];
  for (const one of inspected) {
    const chosen = replacementsOf(list, one);
    if (chosen.length === 0) continue;
    const ranges = chosen.map(({ raw, replacement }) => ({ start: raw.start, end: raw.end, replacement }));
    let next: string;
    if (one.view) next = replaceInRichText(one.target.value, one.view, ranges);
    else {
      next = one.text;
      for (const range of [...ranges].reverse())
        next = next.slice(0, range.start) + range.replacement + next.slice(range.end);
    }
    const { max } = one.target;
    if (max && [...next].length > max)
      throw new AppError({
        code: ErrorCode.badRequest,
        message: `${one.target.title}替换敏感词后超过 ${max} 个字，请修改后再保存`,
      });
    one.target.apply(next);
    replaced.push(...chosen.map(({ raw }) => hitOf(list, one, raw)));
  }
  return { replaced: replaced.slice(0, HITS_ANSWERED_MAX), confirmed: distinctWords(warned) };
};

/** The 操作日志 detail of a save's check: the confirmed warn words and the words replaced. */
export const screenAuditDetail = (result: ScreenResult) => ({
  ...(result.confirmed.length > 0 ? { sensitive_confirmed: result.confirmed } : {}),
  ...(result.replaced.length > 0 ? { sensitive_replaced: distinctWords(result.replaced) } : {}),
});

/** A save's answer gets the replaced hits, when there are any. */
export const screenAnswer = (result: ScreenResult) =>
  result.replaced.length > 0 ? { sensitive_replaced: result.replaced } : {};
