import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as pgliteModule from '@electric-sql/pglite';
import { PgliteThread } from '@/lib/db/pglite-thread';
import { isDatabaseUnavailable } from '@/lib/db/unavailable';
import { delay, failureOf, servingAgain } from '../helpers/pglite-thread';

// A PANIC or FATAL from PGlite (server/pglite-worker.mjs; deep(100000) overflowing its stack is
// how this PGlite build, 0.5.14, gets there): PostgreSQL's server would end every session and
// recover from its WAL; PGlite has been seen to end the whole process (a V8 fatal error) on the
// statement after one. So the thread answers the failing call with its PANIC, lets no statement
// reach PGlite after it — neither one that arrives later nor one already waiting in PGlite's own
// queue — and ends; a new thread reopens the data dir with every commit. PGlite only: a real data
// dir, from the run's migrated snapshot.

const OPTIONS = { postgresqlconf: ['shared_buffers = 16MB'] };
const RESTART = { firstMs: 100, maxMs: 800, stableMs: 60_000 };

let base: string;
let thread: PgliteThread;
const ids = async () =>
  (await thread.query<{ id: number }>('SELECT id FROM probe ORDER BY id')).rows.map((r) => r.id);

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-panic-'));
  const loadDump = process.env.PGLITE_TEST_DUMP as string;
  thread = await PgliteThread.open({
    dir: path.join(base, 'data'),
    loadDump,
    options: OPTIONS,
    pgliteModule,
    restart: RESTART,
  });
  // Deeper than PGlite's WebAssembly stack, deep(100000) is answered with no row and no error, and
  // the next statement PANICs (ERRORDATA_STACK_SIZE exceeded).
  await thread.exec(`CREATE TABLE probe (id int PRIMARY KEY);
    INSERT INTO probe VALUES (1);
    CREATE FUNCTION deep(n int) RETURNS int LANGUAGE sql AS
      'SELECT CASE WHEN n = 0 THEN 0 ELSE deep(n - 1) + 1 END';`);
}, 120_000);

afterAll(async () => {
  await thread?.close();
  fs.rmSync(base, { recursive: true, force: true });
});

jest.setTimeout(120_000);

it('the call that meets a PANIC gets it; a call after it is refused, never given PGlite; a new thread serves every commit', async () => {
  const deep = await thread.query('SELECT deep(100000) AS n').catch((error: unknown) => error);
  const panic = await failureOf(() => thread.query('SELECT 1'));
  expect([deep, panic.severity]).toEqual([expect.anything(), 'PANIC']);
  // The call that meets the PANIC did not cause it: the API answers it 503 like a lost connection.
  expect(isDatabaseUnavailable(panic)).toBe(true);
  const next = await failureOf(() => thread.query('INSERT INTO probe VALUES (2)'));
  expect([next.code, next.severity]).toEqual([expect.stringMatching(/^57P0[23]$/), 'FATAL']);
  await servingAgain(thread);
  expect(await ids()).toEqual([1]);
});

it('statements waiting in PGlite’s queue when PGlite fails FATAL: the first gets the error, the others are refused, none runs', async () => {
  const waiting: ReturnType<typeof failureOf>[] = [];
  // (No write in this transaction: after the overflow PGlite answers its COMMIT without an error yet
  // keeps nothing — the overflow left the transaction aborted and unreported. PGlite's own; the
  // app's SQL has no deep recursion.)
  const outcome = await thread
    .transaction(async (tx) => {
      // Sent while the transaction holds PGlite: its own queue keeps them until the transaction ends.
      for (const id of [11, 12, 13])
        waiting.push(failureOf(() => thread.query('INSERT INTO probe VALUES ($1)', [id])));
      await delay(200);
      // Inside a transaction PGlite answers it and the COMMIT after it; the failure comes with the
      // next statement, the first of those waiting.
      await tx.query('SELECT deep(100000) AS n').catch(() => undefined);
    })
    .then(
      () => 'answered',
      (error: unknown) => error,
    );
  // (Seen: answered. Were the failure to come with the COMMIT, it would have to be "unavailable".)
  expect(outcome === 'answered' || isDatabaseUnavailable(outcome)).toBe(true);
  const refusals = await Promise.all(waiting);
  // The first meets what is left of the stack overflow (seen: FATAL 55000 "portal "" cannot be run");
  // the two behind it are refused by the thread without reaching PGlite.
  expect(refusals[0].severity).toMatch(/^(PANIC|FATAL)$/);
  expect(refusals[0].message).not.toBe('嵌入式数据库出现严重错误，线程正在退出');
  expect(refusals.slice(1).map((refusal) => [refusal.code, refusal.message])).toEqual(
    Array(2).fill(['57P02', '嵌入式数据库出现严重错误，线程正在退出']),
  );
  expect(refusals.every(isDatabaseUnavailable)).toBe(true);
  await servingAgain(thread);
  // None of the waiting statements' rows.
  expect(await ids()).toEqual([1]);
});
