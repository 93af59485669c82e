// The text formats a backup reads: COPY text rows, pg_dump's plain script, and the file URLs a
// restore onto another store rewrites.
import { LineSplitter, parseCopyLine, parseIdentList } from '@/lib/backup/copy-text';
import { DumpScanner } from '@/lib/backup/dump-scanner';
import { urlRewriter } from '@/lib/backup/url-rewrite';

describe('COPY text rows', () => {
  it('splits on raw tabs and undoes every escape COPY writes, NULL as null', () => {
    expect(parseCopyLine('1\ta\\tb\\nc\\\\d\t\\N\t\\r\\b\\f\\v\t\\101\\x42')).toEqual([
      '1',
      'a\tb\nc\\d',
      null,
      '\r\b\f\v',
      'AB',
    ]);
    expect(parseCopyLine('\\\\N\t')).toEqual(['\\N', '']);
  });

  it('splits chunks into lines without breaking a multi-byte character', () => {
    const bytes = Buffer.from('标题\n第二行\n尾');
    const splitter = new LineSplitter();
    const lines = [
      ...splitter.push(bytes.subarray(0, 4)),
      ...splitter.push(bytes.subarray(4)),
      ...splitter.end(),
    ];
    expect(lines).toEqual(['标题', '第二行', '尾']);
  });

  it('reads identifier lists and qualified names as pg_dump quotes them', () => {
    expect(parseIdentList('id, "time", news_id, "we""ird"')).toEqual(['id', 'time', 'news_id', 'we"ird']);
    expect(parseIdentList('public."Foo.bar"', '.')).toEqual(['public', 'Foo.bar']);
  });
});

describe('the pg_dump script scanner', () => {
  it('picks the rows of the schema’s COPY blocks, the sequence positions and the versions', () => {
    const scanner = new DumpScanner('public');
    const script = [
      '-- Dumped from database version 15.20',
      '-- Dumped by pg_dump version 16.4',
      'COPY public.news_process (id, "time", title) FROM stdin;',
      '1\t2026-01-01 00:00:00+00\t甲',
      '\\.',
      'COPY other.t (id) FROM stdin;',
      '9',
      '\\.',
      "SELECT pg_catalog.setval('public.news_process_id_seq', 41, true);",
      "SELECT pg_catalog.setval('other.t_id_seq', 9, false);",
    ];
    const events = script.map((line) => scanner.scan(line)).filter(Boolean);
    expect(events).toEqual([
      { type: 'copy-start', table: 'news_process', columns: ['id', 'time', 'title'] },
      { type: 'row', line: '1\t2026-01-01 00:00:00+00\t甲' },
      { type: 'copy-end' },
    ]);
    expect(scanner.sequences).toEqual([{ name: 'news_process_id_seq', value: '41', isCalled: true }]);
    expect([scanner.serverVersion, scanner.pgDumpVersion]).toEqual(['15.20', '16.4']);
  });
});

describe('file URL rewriting onto another store', () => {
  const key = '2026/11/0123456789abcdef0123456789abcdef.png';
  const other = '2026/11/ffffffffffffffffffffffffffffffff.png';
  const rewriter = urlRewriter({ from: '/uploads/', to: 'https://s3.example/b/', keys: new Set([key]) })!;

  it('moves every URL of an archived file, wherever it sits in the text', () => {
    expect(rewriter.rewrite(`{"cover": "/uploads/${key}"}`)).toBe(`{"cover": "https://s3.example/b/${key}"}`);
    expect(rewriter.rewrite(`<img src=\\"/uploads/${key}\\" />,/uploads/${key}`)).toBe(
      `<img src=\\"https://s3.example/b/${key}\\" />,https://s3.example/b/${key}`,
    );
    expect(rewriter.count()).toBe(3);
  });

  it('leaves other sites’ URLs, files not in the archive and look-alikes alone', () => {
    for (const text of [
      `https://cdn.other.site/uploads/${key}`,
      `/uploads/${other}`,
      `/uploads/${key}x`,
      `/static/uploads/${key}`,
    ])
      expect(rewriter.rewrite(text)).toBe(text);
  });

  it('does nothing when the store keeps its URLs', () => {
    expect(urlRewriter({ from: '/uploads/', to: '/uploads/', keys: new Set([key]) })).toBeNull();
  });
});
