import fc from 'fast-check';
import { Bad } from './fuzz-inputs';

// Generated bad query-string values for the fuzzing harness: always text, as a client would put
// them in a URL (the JSON pools are in fuzz-inputs.ts).

/** Query values where the valid one is digits. */
export const badQueryNumber: fc.Arbitrary<Bad> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .constantFrom(
        '2147483648',
        '-2147483649',
        '-1',
        '0',
        '1.5',
        '1e3',
        '0x1F',
        ' 5',
        '5 ',
        '+5',
        '5.0',
        '99999999999999999999999',
        'NaN',
        'Infinity',
        'true',
        '[5]',
        '',
        'abc',
        '\u0000',
        '1\u0000',
      )
      .map((text) => new Bad(text)),
  },
  { weight: 1, arbitrary: fc.integer().map((value) => new Bad(String(value))) },
  { weight: 1, arbitrary: fc.constant(new Bad('9'.repeat(5000), '5,000 nines')) },
);

/** Query values where the valid one is words (search filters). */
export const badQueryWords: fc.Arbitrary<Bad> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .constantFrom('\u0000', 'a\u0000b', '%_\\', "' OR 1=1 --", '', ' ', 'x'.repeat(300), '汉'.repeat(300))
      .map((text) => new Bad(text)),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }).map((text) => new Bad(text)) },
  { weight: 2, arbitrary: fc.string().map((text) => new Bad(`${text}\u0000${text}`)) },
);

/** Query-string values (always text): the same classes as badJson, as a client would put them in a URL. */
export const badQueryText: fc.Arbitrary<Bad> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .constantFrom(
        '',
        ' ',
        ' 5',
        '0x1F',
        '1e3',
        '5.0',
        '+5',
        '-1',
        '0',
        '2147483648',
        '-2147483649',
        '99999999999999999999999',
        'true',
        'null',
        '[5]',
        '{}',
        '\u0000',
        'a\u0000b',
        '%',
        '%E0%A4%A',
        '2026-02-30',
        '9999-99-99',
        'NaN',
        'Infinity',
        '__proto__',
        "' OR 1=1 --",
        '%_\\',
      )
      .map((text) => new Bad(text)),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }).map((text) => new Bad(text)) },
  { weight: 1, arbitrary: fc.integer().map((value) => new Bad(String(value))) },
  { weight: 1, arbitrary: fc.double().map((value) => new Bad(String(value))) },
  { weight: 1, arbitrary: fc.constant(new Bad('9'.repeat(5000), '5,000 nines')) },
);
