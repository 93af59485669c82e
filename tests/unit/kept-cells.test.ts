import { keptCells } from '@/lib/news/import/kept-cells';

// The cells import_news keeps for the error rows' export come back as they were read: text (with
// quotes, new lines, characters outside the BMP, text that looks like the tags), numbers (also
// those JSON cannot write), booleans, empty cells and dates (also an invalid one, as exceljs makes
// of a huge number in a date-formatted cell).

it('gives back each kept row’s cells as they were, dates as dates', () => {
  const kept = keptCells();
  const when = new Date('2026-03-04T05:06:07.089Z');
  const cells = [
    '标题 "引号"\n第二行 𠮷',
    3.25,
    -0,
    true,
    null,
    when,
    new Date(Number.NaN),
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '{"$date":"x"}',
    '',
  ];
  kept.set(7, cells);
  kept.set(9, []);
  const back = kept.get(7)!;
  // An invalid Date equals no Date for toEqual: checked on its own below.
  expect(back.filter((_, index) => index !== 6)).toEqual([
    '标题 "引号"\n第二行 𠮷',
    3.25,
    0,
    true,
    null,
    when,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '{"$date":"x"}',
    '',
  ]);
  expect(back[5]).toBeInstanceOf(Date);
  expect(back[6]).toBeInstanceOf(Date);
  expect(Number.isNaN((back[6] as Date).getTime())).toBe(true);
  expect(kept.get(9)).toEqual([]);
  expect(kept.get(8)).toBeUndefined();
});
