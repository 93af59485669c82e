import dayjs from 'dayjs';
import { previewColumns } from '@/components/news/import/preview-columns';
import { DEFAULT_BASE_SET } from '@/lib/categories/class-types';
import type { ContentFields } from '@/lib/categories/content-fields';
import type { ImportAnswer } from '@/lib/client/api/news-import';
import type { FieldDefinition } from '@/lib/fields/definition';
import { field } from '../helpers/fields';

// 预检's preview table (components/news/import/ImportPreviewTable.tsx): which columns it shows, under
// which titles, and how each value of import_news's `preview` reads.

const OPTIONS = [
  { label: '高', value: 'high' },
  { label: '低', value: 'low' },
];
const fields = {
  class: [],
  process: [],
  base_set: { ...DEFAULT_BASE_SET, content: { name: '正文', showlist: false, isshow: true } },
  list: [
    field({ key: 'level', title: '级别', type: 'select', options: OPTIONS }),
    field({ key: 'tags', title: '标签', type: 'mult_select', options: OPTIONS }),
    field({ key: 'count', title: '数量', type: 'int' }),
  ] as FieldDefinition[],
} as ContentFields;

const target = (key: string, title: string, type = 'string') => ({ key, title, type, required: false });
const column = (letter: string, header: string, mapped: string) => ({
  column: letter,
  header,
  field: mapped,
  samples: [],
});
const at = dayjs('2026-11-27 09:30').unix();

const answer = {
  columns: [
    column('A', '编号', 'id'),
    column('B', '名称', 'title'),
    column('C', '正文', 'content'),
    column('D', '备注', ''),
    column('E', '级别', 'level'),
    column('F', '标签', 'tags'),
    column('G', '数量', 'count'),
    column('H', '发布时间', 'new_time'),
    column('I', '锁定', 'is_lock'),
  ],
  targets: [
    target('id', 'ID', 'id'),
    target('title', '标题'),
    target('content', '正文', 'html_editor'),
    target('new_time', '发布时间', 'datetime'),
    target('is_lock', '锁定', 'switch'),
    target('level', '级别', 'select'),
    target('tags', '标签', 'mult_select'),
    target('count', '数量', 'int'),
  ],
} as unknown as ImportAnswer;

const row = {
  row: 5,
  action: 'update',
  id: 12,
  title: '第一条',
  content: '<p>正文 <b>加粗</b></p>',
  level: 'high',
  tags: ['high', 'low'],
  count: 0,
  new_time: at,
  is_lock: true,
} as ImportAnswer['preview'][number];

it('shows the mapped fields in the file order under their titles, each value as the list shows it', () => {
  const columns = previewColumns(answer, fields);
  expect(columns.map((entry) => entry.title)).toEqual([
    'ID',
    '标题',
    '正文',
    '级别',
    '标签',
    '数量',
    '发布时间',
    '锁定',
  ]);
  expect(columns.map((entry) => entry.text(row))).toEqual([
    '12',
    '第一条',
    '正文 加粗',
    '高',
    '高、低',
    '0',
    '2026-11-27 09:30',
    '是',
  ]);
  const created = { ...row, action: 'create', id: null, level: null, tags: null, is_lock: false };
  expect(columns.map((entry) => entry.text(created))).toEqual([
    '',
    '第一条',
    '正文 加粗',
    '',
    '',
    '0',
    '2026-11-27 09:30',
    '否',
  ]);
});
