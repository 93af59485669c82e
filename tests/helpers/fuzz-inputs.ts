import fc from 'fast-check';

// Generated bad input for the fuzzing harness (tests/api/fuzz-manage.test.ts). Values are JSON
// text, not objects: a 10,000-deep nesting or a `__proto__` key must reach the server exactly as
// a client would send them (JSON.stringify could not even write the first, and would turn the
// second into a prototype). Every value prints as a short label in a counterexample.

/** A piece of request input with a printable name (megabytes of it would drown the report). */
export class Bad {
  constructor(
    readonly text: string,
    readonly label = text.length > 80 ? `${text.slice(0, 60)}… (${text.length} chars)` : text,
  ) {}
  [fc.toStringMethod]() {
    return this.label;
  }
}

const nested = (depth: number, open: string, close: string) => `${open.repeat(depth)}1${close.repeat(depth)}`;
const bigChinese = JSON.stringify('汉'.repeat(2_000_000)); // 2 M characters, 6 MB of UTF-8

/** Values that every id / integer / text rule must refuse cleanly. */
const NASTY_JSON = [
  'true',
  'false',
  'null',
  '[5]',
  '{}',
  '[]',
  '""',
  '"0x1F"',
  '"1e3"',
  '" 5"',
  '"5.0"',
  '"+5"',
  '"-1"',
  '0',
  '-1',
  '1.5',
  '-0',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e308',
  '"2147483648"',
  '"99999999999999999999999"',
  '"\\u0000"',
  '"a\\u0000b"',
  '"\\ud800"',
  '"x\\udfffy"',
  '"\\udc00\\ud800"',
  '{"a\\u0000":1}',
  '{"\\ud800":1}',
  '{"__proto__":{"roles":["admin"]}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '["__proto__"]',
  '"<script>alert(1)</script>"',
  '"\' OR 1=1 --"',
];

export const badJson: fc.Arbitrary<Bad> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_JSON).map((text) => new Bad(text)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => new Bad(JSON.stringify(value))) },
  // Lone surrogates, control characters and anything else a 16-bit unit can be.
  {
    weight: 2,
    arbitrary: fc.string({ unit: 'binary', maxLength: 12 }).map((text) => new Bad(JSON.stringify(text))),
  },
  { weight: 1, arbitrary: fc.string().map((text) => new Bad(JSON.stringify(`${text}\u0000${text}`))) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 30, max: 40 })
      .chain((depth) =>
        fc
          .constantFrom(['[', ']'], ['{"a":', '}'])
          .map(([open, close]) => new Bad(nested(depth, open, close), `nesting ${depth} deep`)),
      ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      new Bad(nested(10_000, '{"a":', '}'), 'an object nested 10,000 deep'),
      new Bad(nested(10_000, '[', ']'), 'an array nested 10,000 deep'),
      new Bad(JSON.stringify('x'.repeat(300_000)), '300,000 ASCII characters'),
      new Bad(bigChinese, '2 M Chinese characters (6 MB)'),
    ),
  },
);

const TEXT_JSON = [
  '"\\u0000"',
  '"a\\u0000b"',
  '"\\ud800"',
  '"x\\udfffy"',
  '"\\udc00\\ud800"',
  '""',
  '"   "',
  '"<img src=x onerror=alert(1)>"',
  '"\' OR 1=1 --"',
  '"%_\\\\"',
  '123',
  'true',
  'null',
  '[]',
  '{}',
];

/** For a place that holds text: broken text first of all, then other types and huge sizes. */
export const badJsonText: fc.Arbitrary<Bad> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...TEXT_JSON).map((text) => new Bad(text)) },
  {
    weight: 2,
    arbitrary: fc.string({ unit: 'binary', maxLength: 12 }).map((text) => new Bad(JSON.stringify(text))),
  },
  { weight: 2, arbitrary: fc.string().map((text) => new Bad(JSON.stringify(`${text}\u0000${text}`))) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      new Bad(JSON.stringify('x'.repeat(300_000)), '300,000 ASCII characters'),
      new Bad(JSON.stringify('汉'.repeat(100_000)), '100,000 Chinese characters'),
    ),
  },
);

const NUMBER_JSON = [
  '2147483648',
  '-2147483649',
  '2147483647',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e308',
  '-1e308',
  '9007199254740993',
  '"2147483648"',
  '"99999999999999999999999"',
  '"0x1F"',
  '"1e3"',
  '" 5"',
  '"5.0"',
  '"+5"',
  '"-1"',
  '""',
  '"abc"',
  'true',
  'false',
  '[5]',
  'null',
  '{}',
];

/** For a place that holds a number: out of range, almost-numbers and other types. */
export const badJsonNumber: fc.Arbitrary<Bad> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NUMBER_JSON).map((text) => new Bad(text)) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: -(2 ** 40), max: 2 ** 40 }).map((value) => new Bad(String(value))),
  },
  {
    weight: 1,
    arbitrary: fc
      .double({ noNaN: true, noDefaultInfinity: true })
      .map((value) => new Bad(JSON.stringify(value))),
  },
);

/** Key names to add: prototype keys first of all. */
export const extraKey = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('id', 'class_id', 'ids', 'page', 'limit', 'token', 'roles', 'is_lock'),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
);

/** Bodies that are not JSON of any shape (or not UTF-8 at all). */
export const brokenBody = fc.constantFrom<string | Uint8Array>(
  '{',
  '{"a":',
  '[1,',
  'nul',
  '{"a":1}x',
  '\ufeff{}',
  "{'a':1}",
  Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
);
