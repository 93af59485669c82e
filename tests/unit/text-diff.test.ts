import fc from 'fast-check';
import { richTextOf, textDiff, type TextDiffOp } from '@/lib/revisions/text-diff';

const side = (ops: TextDiffOp[], skip: TextDiffOp['op']) =>
  ops
    .filter((op) => op.op !== skip)
    .map((op) => op.text)
    .join('');

describe('the text diff of 历史版本', () => {
  it('marks changed Chinese words, not the whole sentence', () => {
    const ops = textDiff('我们今天去北京参加会议。', '我们明天去上海参加会议，很好。');
    expect(ops.filter((op) => op.op === 'equal').map((op) => op.text)).toEqual(
      expect.arrayContaining(['我们', '参加会议']),
    );
    expect(ops.find((op) => op.op === 'delete')?.text).toContain('今天');
    expect(ops.find((op) => op.op === 'insert')?.text).toContain('明天');
  });

  it('gives back both texts exactly (any text, fuzzed)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 60 }), (before, after) => {
        const ops = textDiff(before, after);
        expect(side(ops, 'insert')).toBe(before);
        expect(side(ops, 'delete')).toBe(after);
      }),
      { numRuns: 300 },
    );
  });

  it('reads rich text as its words: tags dropped, entities decoded, one line per block', () => {
    expect(richTextOf('<p>甲&amp;乙&nbsp;丙</p><p>第二段<br>换行 &lt;b&gt;</p>')).toBe(
      '甲&乙 丙\n第二段\n换行 <b>',
    );
    expect(richTextOf('<p><img src="/uploads/a.png" alt="x"></p>')).toBe('');
  });
});
