import { POST as moveNewsRoute } from '@/app/api/v1/manage/news_manage/move_news/route';
import { Client } from 'pg';
import { getDb } from '@/lib/db/client';
import { isPostgresRun } from '../helpers/db-kind';
import { call } from '../helpers/api';
import { createClass, saveClass } from '../helpers/categories';
import { createNews } from '../helpers/news';
import { addRecord, delProcess, saveProcess } from '../helpers/process';
import { signedIn } from '../helpers/users';

const STEPS = [
  { title: '一', value: 5 },
  { title: '二', value: 6 },
  { title: '三', value: 7 },
  { title: '四', value: 8 },
];

let token: string;
let classId: number;

beforeAll(async () => {
  ({ token } = await signedIn({ roles: ['news_content', 'class_manage'] }));
  classId = await createClass(token, { name: '并发', class_type: '4', content_fileds: { process: STEPS } });
});

/** Each item's records by step value, read straight from the table. */
const recordsOf = async (ids: number[]) => {
  const db = await getDb();
  const rows = await db.newsProcess.findMany({
    where: { newsId: { in: ids } },
    select: { id: true, newsId: true, process: true },
  });
  return rows;
};

/**
 * What the rules say an item must look like: its steps with records are a prefix of the list
 * (the gate held), and its process is the last of them (0 when none).
 */
const expectExact = async (ids: number[], steps = STEPS) => {
  const db = await getDb();
  const records = await recordsOf(ids);
  const news = await db.news.findMany({ where: { id: { in: ids } }, select: { id: true, process: true } });
  for (const item of news) {
    const filled = steps.map((step) => records.some((r) => r.newsId === item.id && r.process === step.value));
    const reached = filled.lastIndexOf(true);
    expect({
      id: item.id,
      process: item.process,
      prefix: filled.slice(0, reached + 1).every(Boolean),
    }).toEqual({
      id: item.id,
      process: reached < 0 ? 0 : steps[reached].value,
      prefix: true,
    });
  }
};

const save = (newsId: number, process: number) =>
  saveProcess(token, { news_id: newsId, process, title: '并发', time: 1_767_225_600 });

describe('parallel record changes', () => {
  /** Items of the category with one record at each of the first `steps` steps; their record ids. */
  const itemsAt = async (count: number, steps: number) => {
    const made: { id: number; records: number[] }[] = [];
    for (let i = 0; i < count; i += 1) {
      const id = await createNews(token, { class_id: classId, title: `竞${i}` });
      const records: number[] = [];
      for (const step of STEPS.slice(0, steps))
        records.push(await addRecord(token, { news_id: id, process: step.value }));
      made.push({ id, records });
    }
    return made;
  };

  it('a save at a step and the delete of the record it depends on: exactly one of them wins (20 parallel calls)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const made = await itemsAt(10, 2);
      // Per item: save at 三 (needs the 二 record) racing the delete of that only 二 record.
      const results = await Promise.all(
        made.flatMap(({ id, records }) => [save(id, 7), delProcess(token, { id: records[1] })]),
      );
      for (let i = 0; i < made.length; i += 1) {
        const [saved, deleted] = [results[2 * i], results[2 * i + 1]];
        expect([saved.body.code, deleted.body.code].sort()).toEqual([200, 400]);
        if (saved.body.code === 400) expect(saved.body.message).toBe('请先填写:二');
        else expect(deleted.body.message).toBe('请先删除「三」的流程记录');
      }
      await expectExact(made.map(({ id }) => id));
    }
  });

  it('a record added at the last step while another of it is deleted leaves process there (20 parallel calls)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const made = await itemsAt(10, 3);
      // Both pass the gate; whichever commits last must still see the other's record.
      const results = await Promise.all(
        made.flatMap(({ id, records }, i) => {
          const pair = [save(id, 7), delProcess(token, { id: records[2] })];
          return i % 2 ? pair : pair.reverse();
        }),
      );
      expect(results.map((result) => result.body.message)).toEqual(
        made.flatMap((_, i) => (i % 2 ? ['添加成功', '删除成功'] : ['删除成功', '添加成功'])),
      );
      const db = await getDb();
      const news = await db.news.findMany({ where: { id: { in: made.map(({ id }) => id) } } });
      expect(news.map((item) => item.process)).toEqual(news.map(() => 7));
      await expectExact(made.map(({ id }) => id));
    }
  });

  it('parallel work on several items and rounds of deletes keep every item exact', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) ids.push(await createNews(token, { class_id: classId, title: `批${i}` }));
    for (let round = 0; round < 3; round += 1) {
      // Each item gets every step in parallel: only the next step passes the gate each time.
      await Promise.all(ids.flatMap((id) => STEPS.map((step) => save(id, step.value))));
      await expectExact(ids);
    }
    // Deleting all records of all items at once: refusals for steps with later records, the rest go.
    for (let round = 0; round < 6; round += 1) {
      const records = await recordsOf(ids);
      await Promise.all(records.map((record) => delProcess(token, { id: record.id })));
      await expectExact(ids);
    }
    expect(await recordsOf(ids)).toEqual([]);
    const db = await getDb();
    const news = await db.news.findMany({ where: { id: { in: ids } }, select: { process: true } });
    expect(news.map((n) => n.process)).toEqual([0, 0, 0, 0]);
  });

  it('records saved while the items are moved and the steps change end exact against the final steps', async () => {
    const other = await createClass(token, {
      name: '并发二',
      class_type: '4',
      content_fileds: { process: [STEPS[0], STEPS[1], STEPS[3]] },
    });
    const source = await createClass(token, {
      name: '并发三',
      class_type: '4',
      content_fileds: { process: STEPS },
    });
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const id = await createNews(token, { class_id: source, title: `移${i}` });
      await addRecord(token, { news_id: id, process: 5 });
      ids.push(id);
    }
    const reordered = [STEPS[1], STEPS[0], STEPS[2], STEPS[3]];
    await Promise.all([
      ...ids.map((id) => save(id, 6)),
      call(moveNewsRoute, { method: 'POST', token, body: { ids: [ids[0]], class_id: other } }),
      saveClass(token, {
        id: source,
        name: '并发三',
        class_type: '4',
        content_fileds: { process: reordered },
      }),
      ...ids.map((id) => save(id, 7)),
    ]);
    const db = await getDb();
    const moved = await db.news.findUnique({ where: { id: ids[0] }, select: { classId: true } });
    expect(moved?.classId).toBe(other);
    const records = await recordsOf(ids);
    const news = await db.news.findMany({
      where: { id: { in: ids } },
      select: { id: true, process: true, classId: true },
    });
    for (const item of news) {
      const steps = item.classId === other ? [STEPS[0], STEPS[1], STEPS[3]] : reordered;
      const reached = steps
        .map((s) => records.some((r) => r.newsId === item.id && r.process === s.value))
        .lastIndexOf(true);
      expect({ id: item.id, process: item.process }).toEqual({
        id: item.id,
        process: reached < 0 ? 0 : steps[reached].value,
      });
    }
  });

  /**
   * PostgreSQL: holds the category row in another connection so that both calls queue on it
   * (each record change takes it first), then lets them go at once: they reach the records in the
   * same instant, and only the item's row lock keeps them apart.
   */
  const releasedTogether = async <T>(calls: () => Promise<T>[]) => {
    const other = new Client({ connectionString: process.env.DATABASE_URL });
    const watcher = new Client({ connectionString: process.env.DATABASE_URL });
    await Promise.all([other.connect(), watcher.connect()]);
    try {
      await other.query('BEGIN');
      await other.query('SELECT id FROM news_class WHERE id = $1 FOR UPDATE', [classId]);
      const pending = calls();
      const deadline = Date.now() + 10_000;
      for (;;) {
        const { rows } = await watcher.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()
             AND wait_event_type = 'Lock' AND query LIKE '%FROM news_class%FOR SHARE%'`,
        );
        if (rows[0].n >= pending.length) break;
        if (Date.now() > deadline) throw new Error('the calls never queued on the category row');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await other.query('COMMIT');
      return await Promise.all(pending);
    } finally {
      await other.query('ROLLBACK').catch(() => {});
      await Promise.all([other.end(), watcher.end()]);
    }
  };

  if (isPostgresRun) {
    it('released at once, a save and the delete it depends on still go one after the other', async () => {
      for (const { id, records } of await itemsAt(4, 2)) {
        const [saved, deleted] = await releasedTogether(() => [
          save(id, 7),
          delProcess(token, { id: records[1] }),
        ]);
        expect([saved.body.code, deleted.body.code].sort()).toEqual([200, 400]);
        await expectExact([id]);
      }
    });

    it('released at once, an added and a deleted record of the last step leave process there', async () => {
      for (const { id, records } of await itemsAt(4, 3)) {
        const results = await releasedTogether(() => [save(id, 7), delProcess(token, { id: records[2] })]);
        expect(results.map((result) => result.body.code)).toEqual([200, 200]);
        expect((await (await getDb()).news.findUnique({ where: { id } }))?.process).toBe(7);
        await expectExact([id]);
      }
    });
  }
});
