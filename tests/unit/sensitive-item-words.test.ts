import { textTarget } from '@/lib/sensitive/check-targets';
import { screenTargets } from '@/lib/sensitive/check-text';
import { ITEM_WORDS_MAX, itemWordsOf, savedItemWords } from '@/lib/sensitive/item-hits';
import type { SensitiveLevel } from '@/lib/sensitive/levels';
import { buildMatcher } from '@/lib/sensitive/matcher';
import { normaliseWord } from '@/lib/sensitive/normalise';
import type { WordList } from '@/lib/sensitive/word-list';

// The words an item holds after a save, as the 首页 records them (lib/sensitive/item-hits.ts): the
// warn words the save's check let through, and the hits of texts the save kept without checking.

const listOf = (words: { word: string; level: SensitiveLevel }[]): WordList => ({
  version: '1',
  words: words.map((entry, index) => ({
    id: index + 1,
    word: entry.word,
    isAllow: false,
    level: entry.level,
    replacement: '',
    note: '',
  })),
  matcher: buildMatcher(words.map((entry) => ({ normalised: normaliseWord(entry.word), isAllow: false }))),
});

const LIST = listOf([
  { word: '最佳', level: 'warn' },
  { word: '第一', level: 'warn' },
  { word: '违禁', level: 'block' },
  { word: '某某', level: 'replace' },
]);

const targets = (texts: Record<string, string>) =>
  Object.entries(texts).flatMap(([field, value]) =>
    textTarget({ field, title: field, value, apply: () => undefined }),
  );

describe('itemWordsOf', () => {
  it('keeps each word once, block before warn before replace, then by word', () => {
    expect(
      itemWordsOf([
        { word: '第一', level: 'warn' },
        { word: '某某', level: 'replace' },
        { word: '最佳', level: 'warn' },
        { word: '第一', level: 'warn' },
        { word: '违禁', level: 'block' },
      ]),
    ).toEqual([
      { word: '违禁', level: 'block' },
      { word: '最佳', level: 'warn' },
      { word: '第一', level: 'warn' },
      { word: '某某', level: 'replace' },
    ]);
  });

  it(`keeps at most ${ITEM_WORDS_MAX}`, () => {
    const many = Array.from({ length: ITEM_WORDS_MAX + 5 }, (_, index) => ({
      word: `词${String(index).padStart(2, '0')}`,
      level: 'warn' as const,
    }));
    expect(itemWordsOf(many)).toHaveLength(ITEM_WORDS_MAX);
  });
});

describe('savedItemWords', () => {
  it('is the warn words confirmed: a replaced word is not held any more', () => {
    const screened = screenTargets({
      list: LIST,
      targets: targets({ title: '最佳的某某，第一' }),
      isConfirmed: true,
    });
    expect(savedItemWords({ list: LIST, screened, kept: [] })).toEqual([
      { word: '最佳', level: 'warn' },
      { word: '第一', level: 'warn' },
    ]);
  });

  it('adds the hits of the texts kept unchecked, of any level', () => {
    const screened = screenTargets({ list: LIST, targets: targets({ title: '平常' }), isConfirmed: false });
    expect(
      savedItemWords({ list: LIST, screened, kept: targets({ content: '旧文里有违禁和某某' }) }),
    ).toEqual([
      { word: '违禁', level: 'block' },
      { word: '某某', level: 'replace' },
    ]);
  });

  it('is empty with no deny word', () => {
    const empty: WordList = { version: '2', words: [], matcher: null };
    expect(savedItemWords({ list: empty, screened: null, kept: targets({ title: '最佳' }) })).toEqual([]);
  });
});
