import fc from 'fast-check';
import { Bad, badJson, badJsonNumber, badJsonText, brokenBody, extraKey } from './fuzz-inputs';
import { badQueryNumber, badQueryText, badQueryWords } from './fuzz-query-inputs';

// A fuzz case is a valid input (a route's probe) broken in one to three places: a value replaced
// anywhere in it (nested too), a key added anywhere, a query key dropped; or the body replaced
// whole, or not JSON at all. Built as text, so what is sent is exactly what was generated.

type Edit = {
  op: 'replace' | 'add' | 'remove';
  at: number;
  key: string;
  /** Any bad value. */
  value: Bad;
  /** Used instead (when `typed`) where the valid value is text, or a number (digits in a query). */
  forText: Bad;
  forNumber: Bad;
  typed: boolean;
};
export type FuzzCase =
  | { kind: 'edits'; edits: Edit[] }
  | { kind: 'whole'; value: Bad }
  | { kind: 'broken'; body: string | Uint8Array }
  | { kind: 'not-json' };

const edits = (
  ops: Edit['op'][],
  pools: { value: fc.Arbitrary<Bad>; forText: fc.Arbitrary<Bad>; forNumber: fc.Arbitrary<Bad> },
) => {
  const one = fc.record({
    op: fc.constantFrom(...ops),
    at: fc.nat(),
    key: extraKey,
    ...pools,
    // Mostly a bad value of the kind the place holds: it gets past the type check to the deeper rules.
    typed: fc.noBias(fc.nat({ max: 3 })).map((dice) => dice > 0),
  });
  // Mostly one broken place, so the rest of the input is valid and the broken part is what is judged.
  return fc.oneof(
    { weight: 3, arbitrary: one.map((change) => [change]) },
    { weight: 1, arbitrary: fc.array(one, { minLength: 2, maxLength: 3 }) },
  );
};

/** The bad value an edit puts where `current` was. */
const chosen = (change: Edit, current: unknown) => {
  if (!change.typed) return change.value;
  const isNumber = typeof current === 'number' || (typeof current === 'string' && /^\d+$/.test(current));
  if (isNumber) return change.forNumber;
  return typeof current === 'string' ? change.forText : change.value;
};

const JSON_POOLS = { value: badJson, forText: badJsonText, forNumber: badJsonNumber };

export const jsonCase: fc.Arbitrary<FuzzCase> = fc.oneof(
  {
    weight: 8,
    arbitrary: edits(['replace', 'replace', 'replace', 'add'], JSON_POOLS).map((list) => ({
      kind: 'edits' as const,
      edits: list,
    })),
  },
  { weight: 1, arbitrary: badJson.map((value) => ({ kind: 'whole' as const, value })) },
  { weight: 1, arbitrary: brokenBody.map((body) => ({ kind: 'broken' as const, body })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'not-json' as const }) },
);

export const queryCase: fc.Arbitrary<FuzzCase> = edits(['replace', 'replace', 'replace', 'add', 'remove'], {
  value: badQueryText,
  forText: badQueryWords,
  forNumber: badQueryNumber,
}).map((list) => ({ kind: 'edits' as const, edits: list }));

type Path = (string | number)[];
type Json = unknown;

const walk = (value: Json, path: Path, out: { containers: Path[]; values: Path[] }) => {
  if (path.length) out.values.push(path);
  if (value === null || typeof value !== 'object') return out;
  out.containers.push(path);
  for (const [key, item] of Object.entries(value))
    walk(item, [...path, Array.isArray(value) ? Number(key) : key], out);
  return out;
};

const at = (root: Json, path: Path) =>
  path.reduce<Json>((node, key) => (node as Record<string, Json>)[key], root);

/** The JSON text of `base` with the edits applied. */
export const editedJson = (base: Record<string, unknown>, edits: Edit[]) => {
  const clone = structuredClone(base) as Json;
  const swaps: [string, string][] = [];
  edits.forEach((change, index) => {
    const marker = `@@fuzz${index}@@`;
    const { containers, values } = walk(clone, [], { containers: [], values: [] });
    if (change.op !== 'add' && values.length) {
      const path = values[change.at % values.length];
      const parent = at(clone, path.slice(0, -1)) as Record<string, Json>;
      const bad = chosen(change, parent[path[path.length - 1]]);
      parent[path[path.length - 1]] = marker;
      swaps.push([JSON.stringify(marker), bad.text]);
      return;
    }
    const target = at(clone, containers[change.at % containers.length]) as Record<string, Json> | Json[];
    if (Array.isArray(target)) {
      target.push(marker);
      swaps.push([JSON.stringify(marker), change.value.text]);
    } else {
      target[`@@key${index}@@`] = marker;
      swaps.push(
        [`"@@key${index}@@":`, `${JSON.stringify(change.key)}:`],
        [JSON.stringify(marker), change.value.text],
      );
    }
  });
  return swaps.reduce((text, [from, to]) => text.replace(from, () => to), JSON.stringify(clone));
};

/** The query of `base` (as text) with the edits applied. */
export const editedQuery = (base: Record<string, unknown>, edits: Edit[]) => {
  const entries = Object.entries(base).map(([key, value]): [string, string] => [
    key,
    typeof value === 'string' ? value : JSON.stringify(value),
  ]);
  for (const change of edits) {
    if (change.op === 'add' || entries.length === 0) entries.push([change.key, change.value.text]);
    else if (change.op === 'remove') entries.splice(change.at % entries.length, 1);
    else {
      const entry = entries[change.at % entries.length];
      entry[1] = chosen(change, entry[1]).text;
    }
  }
  return Object.fromEntries(entries);
};
