import { Locale } from 'opencc-js/t2cn';

/**
 * The one normalisation of 敏感词 matching, applied alike to the words of the lists and to the
 * text checked, character by character so that every normalised character knows where it came
 * from in the original text:
 *
 * 1. NFKC when it gives one character: full-width → half-width (`Ａ１，` → `A1,`), CJK
 *    compatibility ideographs and Kangxi radicals → the unified ideograph, circled digits → digits;
 * 2. lower case, when that is one character;
 * 3. traditional → simplified, character by character, by OpenCC's TSCharacters table (opencc-js):
 *    `詞` → `词`, `為`/`爲` → `为`. (Phrase-level conversion, which would turn `乾隆` into itself but
 *    `乾燥` into `干燥`, is not used: it changes lengths and would lose the index map. A character
 *    with two simplified readings gets OpenCC's first: `乾` → `干`, on both sides alike.)
 * 4. filler characters are dropped: white space and separators, zero-width and other format
 *    characters (U+200B–U+200D, U+2060, U+FEFF, soft hyphen), control characters, punctuation
 *    (`*`, `.`, `-`, `_`, `，` …), symbols (`★`, `+`, `~`, emoji) and combining marks. So
 *    `敏 感*词` and `敏\u200b感词` read as `敏感词`.
 *
 * No server-only import: the bench loads this module as it is.
 */

/** A filler character: skipped in words and text alike. */
const FILLER = /^[\p{P}\p{Z}\p{Cc}\p{Cf}\p{S}\p{M}]$/u;

/** OpenCC's traditional → simplified characters, single characters only. */
const readTraditionalMap = () => {
  const map = new Map<number, number>();
  for (const group of Locale.to.cn) {
    for (const dict of group) {
      if (typeof dict !== 'string') continue;
      for (const entry of dict.split('|')) {
        const [from, to] = entry.split(' ');
        if (!from || !to) continue;
        const source = [...from];
        const target = [...to];
        if (source.length === 1 && target.length === 1) map.set(from.codePointAt(0)!, to.codePointAt(0)!);
      }
    }
  }
  return map;
};

let traditional: Map<number, number> | null = null;

/** The normalised code point of one code point, or -1 for a filler. */
const normaliseCodePoint = (codePoint: number): number => {
  traditional ??= readTraditionalMap();
  const original = String.fromCodePoint(codePoint);
  let text = original.normalize('NFKC');
  if ([...text].length !== 1) text = original;
  const lower = text.toLowerCase();
  if ([...lower].length === 1) text = lower;
  if (FILLER.test(text)) return -1;
  const point = text.codePointAt(0)!;
  return traditional.get(point) ?? point;
};

/** The Basic Multilingual Plane's characters, normalised once (about 40 ms, on first use). */
let bmpTable: Int32Array | null = null;
const astralCache = new Map<number, number>();

const buildBmpTable = () => {
  const table = new Int32Array(0x10000);
  for (let unit = 0; unit < 0x10000; unit += 1) {
    // Lone surrogates (never a whole character) stand for themselves.
    table[unit] = unit >= 0xd800 && unit <= 0xdfff ? unit : normaliseCodePoint(unit);
  }
  return table;
};

/** The table of the BMP: index a UTF-16 unit that is not a surrogate, get its normalised code point or -1. */
export const normalisationTable = () => (bmpTable ??= buildBmpTable());

/** The normalised code point of an astral (non-BMP) code point, or -1 for a filler. */
export const normaliseAstral = (codePoint: number) => {
  let value = astralCache.get(codePoint);
  if (value === undefined) {
    value = normaliseCodePoint(codePoint);
    if (astralCache.size < 10_000) astralCache.set(codePoint, value);
  }
  return value;
};

/** The normalised code points of a text, fillers dropped. */
export const normalisedCodePoints = (text: string): number[] => {
  const table = normalisationTable();
  const points: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    let point: number;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        point = normaliseAstral(((unit - 0xd800) << 10) + (low - 0xdc00) + 0x10000);
        i += 1;
      } else point = table[unit];
    } else point = table[unit];
    if (point >= 0) points.push(point);
  }
  return points;
};

/** A word's normalised form, as stored (`sensitive_word.normalised`) and matched: '' if only fillers. */
export const normaliseWord = (word: string) => String.fromCodePoint(...normalisedCodePoints(word));

/** Whether a normalised code point is an ASCII letter or digit (such a word edge matches whole words only). */
export const isAsciiWordCode = (point: number) =>
  (point >= 0x30 && point <= 0x39) || (point >= 0x61 && point <= 0x7a);
