import { contextParts, fieldMessages, replacedSummary } from '@/components/sensitive/hit-text';
import { refusalOf } from '@/components/sensitive/use-sensitive-save';
import { ApiError } from '@/lib/client/api/core';
import { textTarget } from '@/lib/sensitive/check-targets';
import { findHits } from '@/lib/sensitive/check-text';
import type { SensitiveHit, SensitiveLevel } from '@/lib/sensitive/levels';
import { buildMatcher } from '@/lib/sensitive/matcher';
import { normaliseWord } from '@/lib/sensitive/normalise';
import type { WordList } from '@/lib/sensitive/word-list';

// The browser's reading of 敏感词 hits (components/sensitive/): the hit marked in its context, the
// messages under the fields, the replaced words' summary and the refusals it takes over — on hits
// made by the server's own check.

type Word = { word: string; level: SensitiveLevel; replacement?: string };

const hitsOf = (words: Word[], texts: Record<string, string>): SensitiveHit[] => {
  const list: WordList = {
    version: '1',
    words: words.map((entry, index) => ({
      id: index + 1,
      word: entry.word,
      isAllow: false,
      level: entry.level,
      replacement: entry.replacement ?? '',
      note: '',
    })),
    matcher: buildMatcher(words.map((entry) => ({ normalised: normaliseWord(entry.word), isAllow: false }))),
  };
  const targets = Object.entries(texts).flatMap(([field, value]) =>
    textTarget({ field, title: field, value, apply: () => undefined }),
  );
  return findHits(list, targets);
};

describe('contextParts', () => {
  it('marks the text hit as written, at the start of a short text', () => {
    const [hit] = hitsOf([{ word: '敏感词', level: 'block' }], { title: '敏 感*词在开头' });
    expect(contextParts(hit)).toEqual({
      before: '',
      match: '敏 感*词',
      after: '在开头',
      isCutBefore: false,
      isCutAfter: false,
    });
  });

  it('marks a hit deep in a long text, with the cut sides shown as cut', () => {
    const text = `${'前'.repeat(30)}最佳${'后'.repeat(30)}`;
    const [hit] = hitsOf([{ word: '最佳', level: 'warn' }], { intro: text });
    const parts = contextParts(hit);
    expect(parts.match).toBe('最佳');
    expect(parts.before).toBe('前'.repeat(10));
    expect(parts.after).toBe('后'.repeat(10));
    expect(parts.isCutBefore).toBe(true);
    expect(parts.isCutAfter).toBe(true);
  });

  it('counts a hit 10 characters in as not cut before', () => {
    const [hit] = hitsOf([{ word: '第一', level: 'replace' }], { title: `${'字'.repeat(10)}第一` });
    expect(contextParts(hit)).toMatchObject({ before: '字'.repeat(10), match: '第一', isCutBefore: false });
  });
});

describe('fieldMessages', () => {
  it('names the block and warn words of each field, not the replaced ones', () => {
    const hits = hitsOf(
      [
        { word: '违禁词', level: 'block' },
        { word: '最佳', level: 'warn' },
        { word: '第一', level: 'replace' },
      ],
      { title: '违禁词和最佳，又一个违禁词', intro: '第一', 'staff.0.name': '最佳' },
    );
    expect(fieldMessages(hits)).toEqual({
      title: '含禁止使用的词语「违禁词」；含需确认的词语「最佳」',
      'staff.0.name': '含需确认的词语「最佳」',
    });
  });
});

describe('replacedSummary', () => {
  it('lists each replaced text once, with its replacement', () => {
    const hits = hitsOf(
      [
        { word: '第一', level: 'replace', replacement: 'No.1' },
        { word: '国家级', level: 'replace' },
      ],
      {
        title: '第一，第一，国家级',
      },
    );
    expect(replacedSummary(hits)).toBe('「第一」→「No.1」、「国家级」→「***」');
  });

  it('stops after the first few', () => {
    const words = ['甲乙', '丙丁', '戊己', '庚辛'].map((word) => ({ word, level: 'replace' as const }));
    expect(replacedSummary(hitsOf(words, { title: '甲乙丙丁戊己庚辛' }), 2)).toBe(
      '「甲乙」→「**」、「丙丁」→「**」 等 4 处',
    );
  });
});

describe('refusalOf', () => {
  const hits = hitsOf([{ word: '违禁词', level: 'block' }], { title: '违禁词' });

  it('reads 40010 and 40011 with their hits', () => {
    expect(
      refusalOf(new ApiError({ code: 40010, message: '内容包含禁止使用的词语：违禁词', data: { hits } })),
    ).toEqual({
      kind: 'blocked',
      message: '内容包含禁止使用的词语：违禁词',
      hits,
    });
    expect(refusalOf(new ApiError({ code: 40011, message: 'm', data: { hits } }))?.kind).toBe('warn');
    expect(refusalOf(new ApiError({ code: 40011, message: 'm', data: null }))?.hits).toEqual([]);
  });

  it('leaves every other failure to its caller', () => {
    expect(refusalOf(new ApiError({ code: 400, message: '标题不能为空', data: { hits } }))).toBeNull();
    expect(refusalOf(new Error('x'))).toBeNull();
  });
});
