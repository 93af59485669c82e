// What a save's revision lists as changed (lib/revisions/changed-keys.ts), from the row it read and
// the values it writes: the keys cms_news_revision_row finds against the last revision
// (tests/api/revisions.test.ts compares the two on random items through the API).
import { savedChanges, type SavedState } from '@/lib/revisions/changed-keys';

const state = (change: Partial<SavedState> = {}): SavedState => ({
  title: '标题',
  short_title: '',
  intro: '简介',
  content: '<p>正文</p>',
  hr_type: '',
  process: 0,
  new_time: new Date('2026-11-01T08:00:00.000Z'),
  fields: { source: '日报', price: 1.5, rows: [{ name: '甲', note: '' }], meta: { a: 1, b: [2] } },
  ...change,
});

it('lists nothing for the same values, whatever the key order of objects', () => {
  const after = state({
    new_time: new Date('2026-11-01T08:00:00.000Z'),
    fields: { meta: { b: [2], a: 1 }, rows: [{ note: '', name: '甲' }], price: 1.5, source: '日报' },
  });
  expect(savedChanges(state(), after)).toEqual({ columnKeys: [], fieldKeys: [] });
});

it('lists base columns in revision order, then content, then the fields that differ', () => {
  const after = state({
    new_time: new Date('2026-11-02T08:00:00.000Z'),
    intro: '新简介',
    title: '新标题',
    content: '<p>新正文</p>',
    process: 2,
    fields: { source: '晚报', price: 1.5, rows: [{ name: '甲', note: '注' }], meta: { a: 1, b: [2] } },
  });
  expect(savedChanges(state(), after)).toEqual({
    columnKeys: ['title', 'intro', 'process', 'new_time', 'content'],
    fieldKeys: ['source', 'rows'],
  });
});

it('tells a missing field from a null one, and drops undefined as JSON does', () => {
  const before = state({ fields: { a: null, b: 1 } });
  expect(savedChanges(before, state({ fields: { b: 1 } })).fieldKeys).toEqual(['a']);
  expect(savedChanges(before, state({ fields: { a: null, b: 1, c: undefined } })).fieldKeys).toEqual([]);
  expect(savedChanges(before, state({ fields: { a: null, b: '1' } })).fieldKeys).toEqual(['b']);
  expect(savedChanges(before, state({ fields: { a: null, b: 1, c: [] } })).fieldKeys).toEqual(['c']);
});
