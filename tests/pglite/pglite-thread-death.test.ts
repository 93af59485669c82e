import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as pgliteModule from '@electric-sql/pglite';
import { KILL_THREAD, PgliteThread } from '@/lib/db/pglite-thread';
import { isDatabaseUnavailable } from '@/lib/db/unavailable';
import { logger } from '@/lib/logger';
import { delay, failureOf, servingAgain } from '../helpers/pglite-thread';

// PGlite's thread dies (lib/db/pglite-thread-keeper.ts): as when a PostgreSQL backend crashes, the
// statement in flight and the open transaction fail as "database unavailable" (57P02, FATAL), calls
// meanwhile are refused (57P03), and a new thread reopens the same data dir by itself, with every
// commit answered before and nothing uncommitted. A dir that cannot be opened is retried with
// growing waits, never in a loop. PGlite only (tests/pglite/): a real data dir, from the run's
// migrated snapshot.

const OPTIONS = { postgresqlconf: ['shared_buffers = 16MB'] };
const RESTART = { firstMs: 100, maxMs: 800, stableMs: 60_000 };
let base: string;
let dir: string;
let thread: PgliteThread;

const ids = async () =>
  (await thread.query<{ id: number }>('SELECT id FROM probe ORDER BY id')).rows.map((r) => r.id);

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-thread-death-'));
  dir = path.join(base, 'data');
  const loadDump = process.env.PGLITE_TEST_DUMP as string;
  thread = await PgliteThread.open({ dir, loadDump, options: OPTIONS, pgliteModule, restart: RESTART });
  await thread.exec(`CREATE TABLE probe (id int PRIMARY KEY);
    CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN PERFORM pg_sleep(3); RETURN NULL; END $$;
    CREATE TABLE slow (id int);
    CREATE CONSTRAINT TRIGGER slow_commit AFTER INSERT ON slow DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION slow_commit();`);
}, 120_000);

afterAll(async () => {
  await thread?.close();
  fs.rmSync(base, { recursive: true, force: true });
});

jest.setTimeout(120_000);

it('a statement in flight fails as unavailable (57P02), calls meanwhile are refused (57P03), and a new thread serves every commit', async () => {
  await thread.query('INSERT INTO probe VALUES (1)');
  const errors = jest.spyOn(logger, 'error');
  const infos = jest.spyOn(logger, 'info');
  const sleeping = failureOf(() => thread.query('SELECT pg_sleep(5)'));
  await delay(300);
  const killed = Date.now();
  await thread[KILL_THREAD]();
  const inFlight = await sleeping;
  expect(Date.now() - killed).toBeLessThan(2000);
  expect(inFlight).toBeInstanceOf(pgliteModule.messages.DatabaseError);
  expect([inFlight.code, inFlight.severity]).toEqual(['57P02', 'FATAL']);
  expect(isDatabaseUnavailable(inFlight)).toBe(true);

  const meanwhile = await failureOf(() => thread.query('SELECT 1'));
  expect([meanwhile.code, meanwhile.severity]).toEqual(['57P03', 'FATAL']);
  expect(isDatabaseUnavailable(meanwhile)).toBe(true);

  await servingAgain(thread);
  expect(await ids()).toEqual([1]);
  await thread.query('INSERT INTO probe VALUES (2)');
  expect(await ids()).toEqual([1, 2]);
  // One line for the death (with its cause), one for the recovery.
  expect(
    errors.mock.calls.map(([fields, message]) => [message, (fields as { restartInMs: number }).restartInMs]),
  ).toEqual([['嵌入式数据库线程已退出，正在重启', RESTART.firstMs]]);
  expect(String((errors.mock.calls[0][0] as { err: Error }).err.message)).toContain('退出码 1');
  expect(infos.mock.calls.map(([, message]) => message)).toEqual(['嵌入式数据库线程已重启，服务恢复']);
  errors.mockRestore();
  infos.mockRestore();
});

it('an open transaction fails with its thread: none of its writes stay, every earlier commit does', async () => {
  let began = false;
  const failure = await failureOf(() =>
    thread.transaction(async (tx) => {
      began = true;
      await tx.query('INSERT INTO probe VALUES (3)');
      await thread[KILL_THREAD]();
      await tx.query('INSERT INTO probe VALUES (4)');
    }),
  );
  expect(began).toBe(true);
  expect([failure.code, failure.severity]).toEqual(['57P02', 'FATAL']);
  await servingAgain(thread);
  expect(await ids()).toEqual([1, 2]);
  // The new thread takes transactions as before.
  await thread.transaction(async (tx) => {
    await tx.query('INSERT INTO probe VALUES (5)');
  });
  expect(await ids()).toEqual([1, 2, 5]);
});

it('a thread that dies during COMMIT: the transaction fails, never answered as committed', async () => {
  const committing = failureOf(() =>
    thread.transaction(async (tx) => {
      await tx.query('INSERT INTO slow VALUES (1)'); // its deferred trigger sleeps 3 s at COMMIT
    }),
  );
  await delay(800);
  await thread[KILL_THREAD]();
  const failure = await committing;
  expect([failure.code, failure.severity]).toEqual(['57P02', 'FATAL']);
  await servingAgain(thread);
  expect((await thread.query('SELECT count(*)::int AS n FROM slow')).rows).toEqual([{ n: 0 }]);
});

it('a dir that cannot be opened: each start waits twice as long as the last, at most maxMs; then it serves', async () => {
  // A thread of its own, that has not died before (the waits grow with each death).
  const ownDir = path.join(base, 'own');
  const loadDump = process.env.PGLITE_TEST_DUMP as string;
  const own = await PgliteThread.open({
    dir: ownDir,
    loadDump,
    options: OPTIONS,
    pgliteModule,
    restart: RESTART,
  });
  const errors = jest.spyOn(logger, 'error');
  try {
    await own.query('CREATE TABLE kept (id int)');
    await own.query('INSERT INTO kept VALUES (7)');
    // The data dir replaced by a file: every new thread fails as it opens.
    fs.renameSync(ownDir, `${ownDir}.away`);
    fs.writeFileSync(ownDir, 'not a data dir');
    await own[KILL_THREAD]();
    const started = Date.now();
    const failedStarts = () =>
      errors.mock.calls.filter(([, message]) => message === '嵌入式数据库线程重启失败');
    while (failedStarts().length < 5) {
      expect(Date.now() - started).toBeLessThan(60_000);
      await delay(50);
    }
    const waits = errors.mock.calls
      .filter(([, message]) => typeof message === 'string' && message.startsWith('嵌入式数据库线程'))
      .map(([fields]) => (fields as { restartInMs: number }).restartInMs);
    // The death, then five failed starts.
    expect(waits.slice(0, 6)).toEqual([100, 200, 400, 800, 800, 800]);
    // Five starts took at least the waits between them: no spinning.
    expect(Date.now() - started).toBeGreaterThanOrEqual(100 + 200 + 400 + 800 + 800);
    const refused = await failureOf(() => own.query('SELECT 1'));
    expect(refused.code).toBe('57P03');
    // The dir back: the next start opens it, with every commit.
    fs.rmSync(ownDir);
    fs.renameSync(`${ownDir}.away`, ownDir);
    const back = Date.now();
    for (;;) {
      const answer = await own.query<{ id: number }>('SELECT id FROM kept').catch((error: unknown) => {
        expect(isDatabaseUnavailable(error)).toBe(true);
        return null;
      });
      if (answer) {
        expect(answer.rows).toEqual([{ id: 7 }]);
        break;
      }
      expect(Date.now() - back).toBeLessThan(30_000);
      await delay(50);
    }
  } finally {
    errors.mockRestore();
    await own.close();
  }
});

it('in memory nothing can be reopened: after a death every call is refused, none restarts it', async () => {
  const loadDump = process.env.PGLITE_TEST_DUMP as string;
  const memory = await PgliteThread.open({
    dir: null,
    loadDump,
    options: OPTIONS,
    pgliteModule,
    restart: RESTART,
  });
  try {
    await memory.query('SELECT 1');
    await memory[KILL_THREAD]();
    // Longer than a restart would take (a wait of 100 ms, then an open of about a second).
    for (const wait of [0, 3000]) {
      await delay(wait);
      const refused = await failureOf(() => memory.query('SELECT 1'));
      expect([refused.code, refused.severity]).toEqual(['57P02', 'FATAL']);
      expect(refused.message).toContain('内存');
      expect(isDatabaseUnavailable(refused)).toBe(true);
    }
  } finally {
    await memory.close();
  }
});

it('the waits start over once a thread has served stableMs', async () => {
  const loadDump = process.env.PGLITE_TEST_DUMP as string;
  const restart = { firstMs: 100, maxMs: 800, stableMs: 1500 };
  const own = await PgliteThread.open({
    dir: path.join(base, 'stable'),
    loadDump,
    options: OPTIONS,
    pgliteModule,
    restart,
  });
  const errors = jest.spyOn(logger, 'error');
  const answering = async () => {
    const started = Date.now();
    while (
      !(await own.query('SELECT 1').then(
        () => true,
        () => false,
      ))
    ) {
      expect(Date.now() - started).toBeLessThan(30_000);
      await delay(20);
    }
  };
  try {
    await delay(1600);
    await own[KILL_THREAD](); // served long enough: the first wait
    await answering();
    await own[KILL_THREAD](); // at once: twice as long
    await answering();
    await delay(1600);
    await own[KILL_THREAD](); // long enough again: the first wait
    await answering();
    expect(errors.mock.calls.map(([fields]) => (fields as { restartInMs: number }).restartInMs)).toEqual([
      100, 200, 100,
    ]);
  } finally {
    errors.mockRestore();
    await own.close();
  }
});
