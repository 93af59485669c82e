import ExcelJS from 'exceljs';
import { GET as exportRoute } from '@/app/api/v1/manage/news_manage/export_news/route';
import { getDb } from '@/lib/db/client';
import { createClass, field } from '../helpers/categories';
import { createNews } from '../helpers/news';
import { signedIn } from '../helpers/users';

const readSheet = async (response: Response) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
};

describe('GET news_manage/export_news', () => {
  it('exports every matching item of all pages with the list columns, labels and formatted times', async () => {
    const { token } = await signedIn({ roles: ['news_content', 'class_manage'] });
    const classId = await createClass(token, {
      name: '导出测试',
      content_fileds: {
        base_set: {
          title: { name: '标题', showlist: 1, isshow: 1 },
          intro: { name: '摘要', showlist: 1, isshow: 1 },
        },
        list: [
          field({
            key: 'status',
            title: '状态',
            type: 'select',
            search: true,
            options: [
              { label: '已发布', value: 'pub' },
              { label: '草稿', value: 'draft' },
            ],
          }),
          field({ key: 'at', title: '时间', type: 'datetime' }),
          field({ key: 'hidden_col', title: '不在列表', showlist: false }),
        ],
      },
    });
    for (let i = 0; i < 25; i += 1) {
      await createNews(token, {
        class_id: classId,
        title: `条目${i}`,
        intro: `摘要${i}`,
        status: i % 5 === 0 ? 'draft' : 'pub',
        at: new Date(2026, 0, 2, 9, 30).getTime() / 1000,
        new_time: 1_760_000_000 + i,
      });
    }
    const response = await exportRoute(
      new Request(`http://127.0.0.1/api/v1/manage/news_manage/export_news?class_id=${classId}&status=pub`, {
        headers: { 'x-token': token },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toContain("filename*=UTF-8''");
    const { name, rows } = await readSheet(response);
    expect(name).toBe('导出测试');
    expect(rows[0]).toEqual(['标题', '摘要', '状态', '时间', 'ID']);
    expect(rows).toHaveLength(1 + 20);
    expect(rows[1]).toEqual(['条目24', '摘要24', '已发布', '2026-01-02 09:30', expect.any(Number)]);
    expect(rows.slice(1).every((row) => row[2] === '已发布')).toBe(true);
  });

  // The export reads the database in batches of 1,000 rows; it may read ahead only as far as the
  // download has taken. $queryRaw is watched (called through, not replaced) to count batches and
  // note when each was asked for.
  describe('a download that is slow or cancelled', () => {
    const ITEMS = 12_500; // 13 batches, ~80 KB of the file each
    let token: string;
    let classId: number;
    beforeAll(async () => {
      ({ token } = await signedIn({ roles: ['news_content', 'class_manage'] }));
      classId = await createClass(token, {
        name: '大导出',
        content_fileds: {
          base_set: {
            title: { name: '标题', showlist: 1, isshow: 1 },
            intro: { name: '摘要', showlist: 1, isshow: 1 },
          },
          list: [],
        },
      });
      const db = await getDb();
      // Titles and intros that deflate poorly, so each batch is a sizeable part of the file.
      await db.$executeRaw`
        INSERT INTO news (class_id, title, intro, new_time, updated_at)
        SELECT ${classId}, '条目' || g || md5(g::text), md5((g * 7)::text) || md5((g * 13)::text), now() - make_interval(secs => g), now()
        FROM generate_series(1, ${ITEMS}) g`;
    });
    const startExport = async () => {
      const db = await getDb();
      const original = db.$queryRaw.bind(db);
      const batches = jest.spyOn(db, '$queryRaw');
      const askedAt: number[] = [];
      batches.mockImplementation(((...args: Parameters<typeof original>) => {
        askedAt.push(Date.now());
        return original(...args);
      }) as typeof original);
      const response = await exportRoute(
        new Request(`http://127.0.0.1/api/v1/manage/news_manage/export_news?class_id=${classId}`, {
          headers: { 'x-token': token },
        }),
      );
      /**
       * Resolves once the export has stopped asking for batches: no new one for ten times the
       * longest gap between two it asked for so far (at least 300 ms), so a slower machine waits
       * longer instead of the check passing before the export got anywhere.
       */
      const stalled = async () => {
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, 25));
          const gaps = askedAt.slice(1).map((at, i) => at - askedAt[i]);
          const quiet = Math.max(300, 10 * Math.max(0, ...gaps));
          if (askedAt.length > 0 && Date.now() - askedAt[askedAt.length - 1] > quiet) return;
        }
      };
      return { response, batches, stalled };
    };

    it('reads ahead only as far as the download has taken, and gives every row when read', async () => {
      const { response, batches, stalled } = await startExport();
      try {
        await stalled();
        // Nothing read yet: the batches stop once ~256 KB wait for the download, long before 13.
        expect(batches.mock.calls.length).toBeLessThanOrEqual(7);
        const { rows } = await readSheet(response);
        expect(rows).toHaveLength(1 + ITEMS);
        expect(batches.mock.calls.length).toBe(13);
      } finally {
        batches.mockRestore();
      }
    });

    it('stops reading the database when the download is cancelled', async () => {
      const { response, batches, stalled } = await startExport();
      try {
        const reader = (response.body as ReadableStream<Uint8Array>).getReader();
        expect((await reader.read()).done).toBe(false);
        await reader.cancel();
        const atCancel = batches.mock.calls.length;
        await stalled();
        expect(batches.mock.calls.length).toBeLessThanOrEqual(atCancel + 1);
        expect(batches.mock.calls.length).toBeLessThan(13);
      } finally {
        batches.mockRestore();
      }
    });
  });

  it('needs a session and the news_content role', async () => {
    const { token } = await signedIn({ roles: ['class_manage'] });
    const response = await exportRoute(
      new Request('http://127.0.0.1/api/v1/manage/news_manage/export_news?class_id=1', {
        headers: { 'x-token': token },
      }),
    );
    expect(response.status).toBe(403);
  });
});
