import { diffArrays } from 'diff';
import { decodeHTML } from 'entities';

export type TextDiffOp = { op: 'equal' | 'insert' | 'delete'; text: string };

const BLOCK_END = /<\/(p|div|li|h[1-6]|blockquote|pre|tr|table|ul|ol)>|<br\s*\/?>/gi;

/** The text of rich-text HTML as a reader sees it: tags gone, entities decoded, one line per block. */
export const richTextOf = (html: string) =>
  decodeHTML(html.replace(BLOCK_END, '\n').replace(/<[^>]*>/g, ''))
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();

const segmenter = new Intl.Segmenter('zh-CN', { granularity: 'word' });

/** Words for Chinese and other languages alike (Intl.Segmenter), spaces and punctuation as their own tokens. */
const tokensOf = (text: string) => Array.from(segmenter.segment(text), (part) => part.segment);

/** Past this many tokens on a side, or this long, the diff gives up and shows a whole replacement. */
const MAX_TOKENS = 200_000;
const TIMEOUT_MS = 1_000;

/**
 * What changed between two texts, by words: runs of equal, inserted and deleted text in reading
 * order (deletions before insertions at a place). Joined, the equal and deleted runs give
 * `before`, the equal and inserted runs give `after`.
 */
export const textDiff = (before: string, after: string): TextDiffOp[] => {
  if (before === after) return before ? [{ op: 'equal', text: before }] : [];
  const a = tokensOf(before);
  const b = tokensOf(after);
  const whole = (): TextDiffOp[] => [
    ...(before ? [{ op: 'delete' as const, text: before }] : []),
    ...(after ? [{ op: 'insert' as const, text: after }] : []),
  ];
  if (a.length > MAX_TOKENS || b.length > MAX_TOKENS) return whole();
  const changes = diffArrays(a, b, { timeout: TIMEOUT_MS });
  if (!changes) return whole();
  const ops: TextDiffOp[] = [];
  for (const change of changes) {
    const op = change.added ? 'insert' : change.removed ? 'delete' : 'equal';
    const text = change.value.join('');
    const last = ops.at(-1);
    if (last && last.op === op) last.text += text;
    else if (text) ops.push({ op, text });
  }
  return ops;
};
