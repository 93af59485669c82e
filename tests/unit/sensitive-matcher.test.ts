import { recordTargets, textTarget, type CheckTarget } from '@/lib/sensitive/check-targets';
import { findHits, screenTargets } from '@/lib/sensitive/check-text';
import type { SensitiveLevel } from '@/lib/sensitive/levels';
import { buildMatcher } from '@/lib/sensitive/matcher';
import { normaliseWord } from '@/lib/sensitive/normalise';
import { replaceInRichText, richTextView } from '@/lib/sensitive/rich-text';
import type { WordList } from '@/lib/sensitive/word-list';
import { AppError } from '@/lib/http/app-error';
import { blankFieldDefinition } from '@/lib/fields/definition';

// 敏感词 matching without a database: the normalisation (the same for words and text), the
// matcher's positions in the original text, the allow list, rich text and the check's decision.

type Word = { word: string; level?: SensitiveLevel; allow?: boolean; replacement?: string; note?: string };

const listOf = (words: Word[]): WordList => {
  const listed = words.map((entry, index) => ({
    id: index + 1,
    word: entry.word,
    isAllow: Boolean(entry.allow),
    level: entry.allow ? null : (entry.level ?? 'block'),
    replacement: entry.level === 'replace' ? (entry.replacement ?? '*'.repeat([...entry.word].length)) : '',
    note: entry.note ?? '',
  }));
  return {
    version: '1',
    words: listed,
    matcher: buildMatcher(
      words.map((entry) => ({ normalised: normaliseWord(entry.word), isAllow: Boolean(entry.allow) })),
    ),
  };
};

/** The hit texts of `text` as [original text hit, start]. */
const hitsIn = (words: Word[], text: string) => {
  const list = listOf(words);
  return (list.matcher?.find(text) ?? []).map((hit) => [text.slice(hit.start, hit.end), hit.start]);
};

describe('normalisation (words and text alike)', () => {
  it('folds full-width, case, traditional characters and drops fillers', () => {
    expect(normaliseWord('ＡＢＣ１２３')).toBe('abc123');
    expect(normaliseWord('TMD')).toBe('tmd');
    expect(normaliseWord('敏感詞彙')).toBe('敏感词汇');
    expect(normaliseWord('為什麼')).toBe('为什么');
    expect(normaliseWord('敏 感*词')).toBe('敏感词');
    expect(normaliseWord('敏.感-词_啊')).toBe('敏感词啊');
    expect(normaliseWord('敏\u200b感\u200d词\ufeff')).toBe('敏感词');
    expect(normaliseWord('敏，感。词！')).toBe('敏感词');
    expect(normaliseWord('⼀')).toBe('一'); // a Kangxi radical
    expect(normaliseWord(' *.- ')).toBe('');
  });
});

describe('the matcher', () => {
  it('finds a word written with fillers, in another case, width or script, at its place in the original text', () => {
    expect(hitsIn([{ word: '敏感词' }], '这里有敏 感*词。')).toEqual([['敏 感*词', 3]]);
    expect(hitsIn([{ word: '敏感词' }], '前面\u200b敏\u200b感\u200b词')).toEqual([['敏\u200b感\u200b词', 3]]);
    expect(hitsIn([{ word: '敏感词' }], '繁體：敏感詞')).toEqual([['敏感詞', 3]]);
    expect(hitsIn([{ word: 'tmd' }], '你ＴＭＤ说')).toEqual([['ＴＭＤ', 1]]);
    expect(hitsIn([{ word: 'TMD' }], 'tmd')).toEqual([['tmd', 0]]);
    // A word written in traditional characters finds the simplified text too.
    expect(hitsIn([{ word: '國家級' }], '这是国家级的')).toEqual([['国家级', 2]]);
  });

  it('reports positions in UTF-16 units of the original text, past astral characters', () => {
    expect(hitsIn([{ word: '最佳' }], '😀😀最佳')).toEqual([['最佳', 4]]);
    expect(hitsIn([{ word: '𠀀字' }], 'a𠀀字b')).toEqual([['𠀀字', 1]]);
  });

  it('finds overlapping and nested words, and every occurrence', () => {
    const hits = hitsIn([{ word: '最佳' }, { word: '最佳方案' }, { word: '方案' }], '最佳方案，最佳');
    expect(hits).toEqual([
      ['最佳', 0],
      ['最佳方案', 0],
      ['方案', 2],
      ['最佳', 5],
    ]);
  });

  it('matches Latin and digits as whole words only', () => {
    expect(hitsIn([{ word: 'ass' }], 'class pass')).toEqual([]);
    expect(hitsIn([{ word: 'ass' }], 'my ass，ASS!')).toEqual([
      ['ass', 3],
      ['ASS', 7],
    ]);
    expect(hitsIn([{ word: '64' }], '1645 和 64')).toEqual([['64', 7]]);
    // Chinese around a Latin word is a word edge.
    expect(hitsIn([{ word: 'abc' }], '中abc文')).toEqual([['abc', 1]]);
  });

  it('lets an allowed word suppress the listed words it overlaps, and only those', () => {
    const words = [{ word: '最佳' }, { word: '最佳实践', allow: true }];
    expect(hitsIn(words, '这是最佳实践')).toEqual([]);
    expect(hitsIn(words, '最佳实践与最佳方案')).toEqual([['最佳', 5]]);
    // Overlapping at one end is enough.
    expect(hitsIn([{ word: '第一' }, { word: '一流', allow: true }], '第一流')).toEqual([]);
    // The allow word suppresses through fillers and other forms too.
    expect(hitsIn(words, '最 佳 實 踐')).toEqual([]);
  });

  it('has no hits without words, and finds nothing in empty text', () => {
    expect(buildMatcher([]).find('任何文字')).toEqual([]);
    expect(hitsIn([{ word: '词' }], '')).toEqual([]);
  });
});

describe('rich text', () => {
  it('reads the text, not tags, attributes or URLs, and decodes entities', () => {
    const html = '<p title="敏感词"><a href="https://x.cn/敏感词">链接</a>敏<b>感</b>词 &amp; 最佳</p>';
    const view = richTextView(html);
    expect(view.text).toBe('链接敏感词 & 最佳');
    expect(hitsIn([{ word: '敏感词' }], view.text)).toEqual([['敏感词', 2]]);
  });

  it('replaces text only: the markup between the characters of a hit stays', () => {
    const html = '<p>前敏<b class="x">感</b>词后</p><p><img src="/敏感词.png" alt="敏感词"></p>';
    const view = richTextView(html);
    const replaced = replaceInRichText(html, view, [{ start: 1, end: 4, replacement: '<*>' }]);
    expect(replaced).toBe('<p>前&lt;*&gt;<b class="x"></b>后</p><p><img src="/敏感词.png" alt="敏感词"></p>');
  });
});

describe('the check of a save', () => {
  const texts = (values: Record<string, string>): CheckTarget[] =>
    Object.keys(values).flatMap((key) =>
      textTarget({ field: key, title: key, value: values[key], apply: (next) => (values[key] = next) }),
    );
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error as AppError;
    }
    throw new Error('not refused');
  };

  it('refuses a block word with 40010 and every hit', () => {
    const list = listOf([{ word: '禁词' }, { word: '提醒词', level: 'warn' }]);
    const error = refusal(() =>
      screenTargets({ list, targets: texts({ title: '有禁词和提醒词' }), isConfirmed: true }),
    );
    expect([error.code, error.status, error.message]).toEqual([40010, 400, '内容包含禁止使用的词语：禁词']);
    expect((error.data as { hits: unknown[] }).hits).toEqual([
      expect.objectContaining({
        field: 'title',
        word: '禁词',
        level: 'block',
        index: 1,
        length: 2,
        context: '有禁词和提醒词',
      }),
      expect.objectContaining({ word: '提醒词', level: 'warn', index: 4 }),
    ]);
  });

  it('refuses warn words with 40011 unless confirmed, then names them', () => {
    const list = listOf([{ word: '第一', level: 'warn', note: '广告法' }]);
    const values = { intro: '全国第一' };
    const error = refusal(() => screenTargets({ list, targets: texts(values), isConfirmed: false }));
    expect([error.code, error.message]).toEqual([40011, '内容包含需确认的词语：第一']);
    expect(screenTargets({ list, targets: texts(values), isConfirmed: true })).toEqual({
      replaced: [],
      confirmed: ['第一'],
    });
  });

  it('replaces replace words in place, the context from the original text', () => {
    const list = listOf([
      { word: '垃圾', level: 'replace' },
      { word: '最好', level: 'replace', replacement: '较好' },
    ]);
    const values = { title: '这是垃 圾，不是最好的', short: '无' };
    const result = screenTargets({ list, targets: texts(values), isConfirmed: false });
    expect(values.title).toBe('这是**，不是较好的');
    expect(result.replaced.map((hit) => [hit.word, hit.text, hit.replacement, hit.context])).toEqual([
      ['垃圾', '垃 圾', '**', '这是垃 圾，不是最好的'],
      ['最好', '最好', '较好', '这是垃 圾，不是最好的'],
    ]);
  });

  it('checks group rows and self-written choices of a record, not option values', () => {
    const list = listOf([{ word: '禁词' }]);
    const fields = [
      blankFieldDefinition({
        key: 'staff',
        title: '人员',
        type: 'child_info',
        child_info: [blankFieldDefinition({ key: 'name', title: '姓名' })],
      }),
      blankFieldDefinition({
        key: 'kind',
        title: '类别',
        type: 'select',
        is_self_write: true,
        options: [{ label: '禁词类', value: '禁词' }],
      }),
    ];
    const hits = findHits(
      list,
      recordTargets({ fields, values: { staff: [{ name: '甲' }, { name: '乙禁词' }], kind: '禁词' } }),
    );
    expect(hits.map((hit) => [hit.field, hit.title, hit.index])).toEqual([
      ['staff.1.name', '人员第 2 行：姓名', 1],
    ]);
    const selfWritten = findHits(list, recordTargets({ fields, values: { kind: '自填禁词' } }));
    expect(selfWritten.map((hit) => hit.field)).toEqual(['kind']);
  });
});
