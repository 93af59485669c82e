import { keptCells } from '@/lib/news/import/kept-cells';

// The cells import_news keeps for the error rows' export come back as they were read: text (with
// quotes, new lines, characters outside the BMP), numbers, booleans, empty cells and dates.

it('gives back each kept row’s cells as they were, dates as dates', () => {
  const kept = keptCells();
  const when = new Date('2026-03-04T05:06:07.089Z');
  const cells = ['标题 "引号"\n第二行 𠮷', 3.25, -0, true, null, when, '{"$date":"x"}', ''];
  kept.set(7, cells);
  kept.set(9, []);
  const back = kept.get(7)!;
  expect(back).toEqual(['标题 "引号"\n第二行 𠮷', 3.25, 0, true, null, when, '{"$date":"x"}', '']);
  expect(back[5]).toBeInstanceOf(Date);
  expect(kept.get(9)).toEqual([]);
  expect(kept.get(8)).toBeUndefined();
});
