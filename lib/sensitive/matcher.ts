import { isAsciiWordCode, normalisationTable, normaliseAstral } from './normalise';

/**
 * A multi-pattern matcher (Aho–Corasick) over NORMALISED text (normalise.ts) that reports its hits
 * in positions of the ORIGINAL text. One pass: each UTF-16 unit is normalised by a table lookup
 * (fillers are skipped without moving the automaton), mapped to its symbol (characters that occur
 * in no word reset to the root at once) and stepped through the automaton; a ring of the last
 * normalised characters' original positions turns a word ending here into its original start.
 *
 * Built once per word-list version (word-list.ts). Transitions live in an open-addressing hash of
 * (state, symbol) in typed arrays, the root's in a direct array; no objects per state.
 * Own code, not a package: docs/BENCHMARKS.md (敏感词) has the figures of the packages measured.
 */

export type MatcherEntry = {
  /** The word's normalised form (normaliseWord): never empty. */
  normalised: string;
  /** An allow-list (白名单) word: its hits suppress the deny hits they overlap, and are not reported. */
  isAllow: boolean;
};

/** A deny hit: the entry's index and its range in the original text (UTF-16, end exclusive). */
export type RawHit = { entry: number; start: number; end: number };

/** A word longer than this (normalised characters) is not accepted by the list (1–50 characters). */
export const MAX_WORD_CHARS = 50;
/** The ring of original positions: a power of two above the longest word. */
const RING = 64;
const RING_MASK = RING - 1;

const HASH_MULT_A = 0x9e3779b1;
const HASH_MULT_B = 0x85ebca77;

/** (state, symbol) → state, open addressing with linear probing. */
class TransitionTable {
  private readonly mask: number;
  private readonly states: Int32Array;
  private readonly symbols: Int32Array;
  private readonly targets: Int32Array;

  constructor(expected: number) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.mask = capacity - 1;
    this.states = new Int32Array(capacity).fill(-1);
    this.symbols = new Int32Array(capacity);
    this.targets = new Int32Array(capacity);
  }

  private slot(state: number, symbol: number) {
    return (Math.imul(state, HASH_MULT_A) ^ Math.imul(symbol, HASH_MULT_B)) & this.mask;
  }

  get(state: number, symbol: number) {
    const { states, symbols, mask } = this;
    for (let slot = this.slot(state, symbol); ; slot = (slot + 1) & mask) {
      const at = states[slot];
      if (at === -1) return -1;
      if (at === state && symbols[slot] === symbol) return this.targets[slot];
    }
  }

  set(state: number, symbol: number, target: number) {
    const { states, symbols, mask } = this;
    for (let slot = this.slot(state, symbol); ; slot = (slot + 1) & mask) {
      if (states[slot] === -1) {
        states[slot] = state;
        symbols[slot] = symbol;
        this.targets[slot] = target;
        return;
      }
    }
  }
}

export type Matcher = {
  /** The deny hits of `text` that no allow word overlaps, in order of their end. */
  find: (text: string) => RawHit[];
  readonly size: number;
};

/** Code points of a normalised word. */
const codePointsOf = (text: string) => {
  const points: number[] = [];
  for (const char of text) points.push(char.codePointAt(0)!);
  return points;
};

export const buildMatcher = (entries: readonly MatcherEntry[]): Matcher => {
  // The alphabet: every code point some word has, numbered from 1.
  const bmpSymbols = new Int32Array(0x10000);
  const astralSymbols = new Map<number, number>();
  let symbolCount = 0;
  const symbolOf = (point: number) => {
    if (point < 0x10000) {
      if (bmpSymbols[point] === 0) bmpSymbols[point] = ++symbolCount;
      return bmpSymbols[point];
    }
    let symbol = astralSymbols.get(point);
    if (symbol === undefined) astralSymbols.set(point, (symbol = ++symbolCount));
    return symbol;
  };
  const words = entries.map((entry) => codePointsOf(entry.normalised).map(symbolOf));
  const totalChars = words.reduce((sum, word) => sum + word.length, 0);
  const maxStates = totalChars + 1;

  const rootNext = new Int32Array(symbolCount + 1);
  const table = new TransitionTable(maxStates);
  const parent = new Int32Array(maxStates);
  const symbolIn = new Int32Array(maxStates);
  const depth = new Int32Array(maxStates);
  // Outputs: the first entry ending at a state, and the next entry of the same state.
  const firstEntry = new Int32Array(maxStates).fill(-1);
  const nextEntry = new Int32Array(entries.length).fill(-1);
  let stateCount = 1;

  const child = (state: number, symbol: number) =>
    state === 0 ? rootNext[symbol] || -1 : table.get(state, symbol);

  words.forEach((word, index) => {
    if (word.length === 0) return;
    let state = 0;
    for (const symbol of word) {
      let next = child(state, symbol);
      if (next === -1) {
        next = stateCount++;
        parent[next] = state;
        symbolIn[next] = symbol;
        depth[next] = depth[state] + 1;
        if (state === 0) rootNext[symbol] = next;
        else table.set(state, symbol, next);
      }
      state = next;
    }
    nextEntry[index] = firstEntry[state];
    firstEntry[state] = index;
  });

  // Failure links in order of depth (a state's parent's link is always shallower).
  const fail = new Int32Array(stateCount);
  const output = new Int32Array(stateCount); // the nearest state with entries: itself or along fail links
  const byDepth = Array.from({ length: stateCount - 1 }, (_, i) => i + 1).sort((a, b) => depth[a] - depth[b]);
  for (const state of byDepth) {
    const symbol = symbolIn[state];
    let link = 0;
    if (parent[state] !== 0) {
      let from = fail[parent[state]];
      for (;;) {
        const next = child(from, symbol);
        if (next !== -1) {
          link = next;
          break;
        }
        if (from === 0) break;
        from = fail[from];
      }
    }
    fail[state] = link;
  }
  for (const state of byDepth) {
    output[state] = firstEntry[state] !== -1 ? state : output[fail[state]];
  }
  // The state after the nearest one with entries, for walking every entry ending at a position.
  const outputNext = new Int32Array(stateCount);
  for (const state of byDepth) outputNext[state] = output[fail[state]];

  // Whole-word edges: a word that starts (ends) with an ASCII letter or digit does not match
  // right after (before) another one: `ass` is not found in `class`, `64` not in `1645`.
  const wholeStart = new Uint8Array(entries.length);
  const wholeEnd = new Uint8Array(entries.length);
  entries.forEach((entry, index) => {
    const points = codePointsOf(entry.normalised);
    if (points.length === 0) return;
    wholeStart[index] = isAsciiWordCode(points[0]) ? 1 : 0;
    wholeEnd[index] = isAsciiWordCode(points[points.length - 1]) ? 1 : 0;
  });
  const isAllow = entries.map((entry) => entry.isAllow);
  const normalTable = normalisationTable();

  /** The normalised code point of the character at `index` (-1 outside the text or a filler). */
  const codeAt = (text: string, index: number) => {
    if (index < 0 || index >= text.length) return -1;
    const unit = text.charCodeAt(index);
    if (unit >= 0xdc00 && unit <= 0xdfff && index > 0) {
      const high = text.charCodeAt(index - 1);
      if (high >= 0xd800 && high <= 0xdbff) return normaliseAstral(text.codePointAt(index - 1)!);
    }
    if (unit >= 0xd800 && unit <= 0xdbff) return normaliseAstral(text.codePointAt(index)!);
    return normalTable[unit];
  };

  const find = (text: string): RawHit[] => {
    const deny: RawHit[] = [];
    const allow: { start: number; end: number }[] = [];
    if (stateCount === 1) return deny;
    const ring = new Int32Array(RING);
    let seen = 0;
    let state = 0;
    const length = text.length;
    for (let i = 0; i < length; i += 1) {
      const start = i;
      const unit = text.charCodeAt(i);
      let point: number;
      if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < length) {
        const low = text.charCodeAt(i + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          point = normaliseAstral(((unit - 0xd800) << 10) + (low - 0xdc00) + 0x10000);
          i += 1;
        } else point = normalTable[unit];
      } else point = normalTable[unit];
      if (point < 0) continue;
      const symbol = point < 0x10000 ? bmpSymbols[point] : (astralSymbols.get(point) ?? 0);
      ring[seen & RING_MASK] = start;
      seen += 1;
      if (symbol === 0) {
        state = 0;
        continue;
      }
      for (;;) {
        const next = state === 0 ? rootNext[symbol] : table.get(state, symbol);
        if (next > 0) {
          state = next;
          break;
        }
        if (state === 0) break;
        state = fail[state];
      }
      if (state === 0) continue;
      for (let at = output[state]; at !== 0; at = outputNext[at]) {
        const hitStart = ring[(seen - depth[at]) & RING_MASK];
        const hitEnd = i + 1;
        for (let entry = firstEntry[at]; entry !== -1; entry = nextEntry[entry]) {
          if (wholeStart[entry] && isAsciiWordCode(codeAt(text, hitStart - 1))) continue;
          if (wholeEnd[entry] && isAsciiWordCode(codeAt(text, hitEnd))) continue;
          if (isAllow[entry]) allow.push({ start: hitStart, end: hitEnd });
          else deny.push({ entry, start: hitStart, end: hitEnd });
        }
      }
    }
    return allow.length === 0 || deny.length === 0 ? deny : withoutAllowed(deny, allow);
  };

  return { find, size: entries.length };
};

/** The deny hits that overlap no allowed range. */
const withoutAllowed = (deny: RawHit[], allow: { start: number; end: number }[]) => {
  allow.sort((a, b) => a.start - b.start);
  // The union of the allowed ranges, disjoint and in order.
  const starts: number[] = [];
  const ends: number[] = [];
  for (const range of allow) {
    const last = ends.length - 1;
    if (last >= 0 && range.start <= ends[last]) ends[last] = Math.max(ends[last], range.end);
    else {
      starts.push(range.start);
      ends.push(range.end);
    }
  }
  return deny.filter((hit) => {
    // The first union range ending after the hit starts: the only one that can overlap it.
    let low = 0;
    let high = ends.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (ends[mid] <= hit.start) low = mid + 1;
      else high = mid;
    }
    return !(low < ends.length && starts[low] < hit.end);
  });
};
