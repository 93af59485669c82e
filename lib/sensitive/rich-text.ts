import { decodeHTML } from 'entities';

/**
 * The text of rich text, for 敏感词: what a reader sees, not tags, attribute values or URLs. Read
 * from HTML as the sanitiser writes it (lib/fields/sanitize-html.ts: no comments, no script or
 * style, attribute values quoted), with the HTML position each text character came from, so a
 * replacement rewrites text only and never markup.
 *
 * Tags join the text around them (`敏<b>感</b>词` reads 敏感词, as a reader sees it); entities are
 * decoded (`&amp;` reads `&`).
 */
export type RichTextView = {
  /** The text, tags dropped and entities decoded. */
  text: string;
  /** For each UTF-16 unit of `text`: where it starts in the HTML, and where the HTML of it ends. */
  starts: Int32Array;
  ends: Int32Array;
};

const ENTITY = /^&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});/i;

export const richTextView = (html: string): RichTextView => {
  const starts = new Int32Array(html.length);
  const ends = new Int32Array(html.length);
  let text = '';
  let length = 0;
  let i = 0;
  const push = (chars: string, from: number, to: number) => {
    text += chars;
    for (let unit = 0; unit < chars.length; unit += 1) {
      starts[length] = from;
      ends[length] = to;
      length += 1;
    }
  };
  while (i < html.length) {
    const char = html[i];
    if (char === '<' && /[a-z/!?]/i.test(html[i + 1] ?? '')) {
      // A tag: skip to its end, past quoted attribute values.
      let quote = '';
      let j = i + 1;
      for (; j < html.length; j += 1) {
        const c = html[j];
        if (quote) {
          if (c === quote) quote = '';
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '>') break;
      }
      i = j + 1;
      continue;
    }
    if (char === '&') {
      const entity = ENTITY.exec(html.slice(i, i + 40));
      if (entity) {
        const decoded = decodeHTML(entity[0]);
        if (decoded !== entity[0]) {
          push(decoded, i, i + entity[0].length);
          i += entity[0].length;
          continue;
        }
      }
    }
    // A run of plain text up to the next tag or entity.
    let j = i + 1;
    while (j < html.length && html[j] !== '<' && html[j] !== '&') j += 1;
    const run = html.slice(i, j);
    text += run;
    for (let k = i; k < j; k += 1) {
      starts[length] = k;
      ends[length] = k + 1;
      length += 1;
    }
    i = j;
  }
  return { text, starts: starts.subarray(0, length), ends: ends.subarray(0, length) };
};

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Replaces text ranges of a view in its HTML: each range's text characters, never the tags
 * between them. The replacement takes the place of the range's first piece of text (escaped);
 * its other pieces (after a tag) are emptied. `ranges` must not overlap.
 */
export const replaceInRichText = (
  html: string,
  view: RichTextView,
  ranges: readonly { start: number; end: number; replacement: string }[],
) => {
  const edits: { from: number; to: number; text: string }[] = [];
  for (const range of ranges) {
    let first = true;
    let pieceStart = -1;
    let pieceEnd = -1;
    const flush = () => {
      if (pieceStart < 0) return;
      edits.push({ from: pieceStart, to: pieceEnd, text: first ? escapeText(range.replacement) : '' });
      first = false;
    };
    for (let unit = range.start; unit < range.end; unit += 1) {
      const from = view.starts[unit];
      const to = view.ends[unit];
      if (from === pieceEnd || (from >= pieceStart && to <= pieceEnd)) {
        pieceEnd = Math.max(pieceEnd, to);
        continue;
      }
      flush();
      pieceStart = from;
      pieceEnd = to;
    }
    flush();
  }
  edits.sort((a, b) => b.from - a.from);
  let result = html;
  for (const edit of edits) result = result.slice(0, edit.from) + edit.text + result.slice(edit.to);
  return result;
};
