import { SENSITIVE_LEVEL_LABELS, type SensitiveHit, type SensitiveLevel } from '@/lib/sensitive/levels';

/** The MUI colour of each level: 禁止 red, 提醒 amber, 替换 blue. */
export const LEVEL_COLORS = {
  block: 'error',
  warn: 'warning',
  replace: 'info',
} as const satisfies Record<SensitiveLevel, 'error' | 'warning' | 'info'>;

export const levelLabel = (level: SensitiveLevel | null) => (level ? SENSITIVE_LEVEL_LABELS[level] : '—');

/**
 * A hit's context cut around the text hit: `context` runs from `index − 10`, so the hit starts at
 * min(index, 10) in it. `isCutBefore` / `isCutAfter`: the field's text goes on beyond the context.
 */
export const contextParts = (hit: Pick<SensitiveHit, 'context' | 'index' | 'length'>) => {
  const start = Math.min(hit.index, 10);
  const end = start + hit.length;
  return {
    before: hit.context.slice(0, start),
    match: hit.context.slice(start, end),
    after: hit.context.slice(end),
    isCutBefore: hit.index > 10,
    isCutAfter: hit.context.length - end >= 10,
  };
};

/** What replaced the word (`*` × its length unless the list says otherwise). */
export const replacementOf = (hit: Pick<SensitiveHit, 'replacement' | 'text' | 'word'>) =>
  hit.replacement || '*'.repeat([...hit.word].length);

/** 「最佳」→「**」、「第一」→「**」 … of a save's replaced words, each pair once, the first `max`. */
export const replacedSummary = (hits: readonly SensitiveHit[], max = 5) => {
  const pairs = [...new Set(hits.map((hit) => `「${hit.text}」→「${replacementOf(hit)}」`))];
  return pairs.length > max ? `${pairs.slice(0, max).join('、')} 等 ${pairs.length} 处` : pairs.join('、');
};

/** The message under a field with hits: the words by level, e.g. 含禁止使用的词语「x」「y」. */
export const fieldMessages = (hits: readonly SensitiveHit[]) => {
  const byField = new Map<string, SensitiveHit[]>();
  for (const hit of hits) byField.set(hit.field, [...(byField.get(hit.field) ?? []), hit]);
  const words = (list: SensitiveHit[], level: SensitiveLevel) =>
    [...new Set(list.filter((hit) => hit.level === level).map((hit) => `「${hit.word}」`))].join('');
  return Object.fromEntries(
    [...byField]
      .map(([field, list]) => {
        const blocked = words(list, 'block');
        const warned = words(list, 'warn');
        const parts = [blocked && `含禁止使用的词语${blocked}`, warned && `含需确认的词语${warned}`].filter(
          Boolean,
        );
        return [field, parts.join('；')];
      })
      .filter(([, message]) => message !== ''),
  );
};
