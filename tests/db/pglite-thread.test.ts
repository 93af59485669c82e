// PGlite on its worker thread (lib/db/pglite-thread.ts), reached through one `pg` connection: one
// Postgres session shared by the whole app. These tests hold that path to what the app needs of
// a database: an interactive transaction sees only its own statements, and row locks, advisory
// locks and uncommitted rows keep other callers out, as on PostgreSQL (where they are separate
// backends) and as with PGlite in-process (where its lock serialises them). On PostgreSQL the
// same tests run as a reference.
import { setTimeout as sleep } from 'node:timers/promises';
import { Prisma } from '@/lib/generated/prisma/client';
import { getDb, getSql } from '@/lib/db/client';
import { readDbConfig } from '@/lib/db/config';
import { isPostgresRun } from '../helpers/db-kind';

type Tx = Prisma.TransactionClient;

beforeAll(async () => {
  const db = await getDb();
  await db.$executeRawUnsafe('CREATE TABLE thread_probe (id int PRIMARY KEY, n int NOT NULL)');
  await db.$executeRawUnsafe('INSERT INTO thread_probe VALUES (1, 0), (2, 0)');
});

const valueOf = async (id: number) => {
  const db = await getDb();
  const [row] = await db.$queryRaw<{ n: number }[]>`SELECT n FROM thread_probe WHERE id = ${id}`;
  return row.n;
};

// Keeps a transaction open across the event loop, as app code awaiting other work does.
const hold = () => sleep(150);

it('runs PGlite off the event loop thread: a slow statement leaves timers running', async () => {
  if (isPostgresRun) return;
  expect(readDbConfig()).toMatchObject({ kind: 'pglite', thread: 'worker' });
  const sql = await getSql();
  let ticks = 0;
  const timer = setInterval(() => {
    ticks += 1;
  }, 10);
  try {
    await sql.query(Prisma.sql`SELECT pg_sleep(0.5)`);
  } finally {
    clearInterval(timer);
  }
  // On the event loop's own thread the 0.5 s sleep would let no tick run until it ended.
  expect(ticks).toBeGreaterThan(10);
});

it("keeps a concurrent transaction's statements out of a transaction that rolls back", async () => {
  const db = await getDb();
  const events: string[] = [];
  const rolledBack = db
    .$transaction(async (tx: Tx) => {
      await tx.$executeRaw`UPDATE thread_probe SET n = n + 1 WHERE id = 1`;
      events.push('A updated');
      await hold();
      events.push('A throws');
      throw new Error('rollback A');
    })
    .catch((error: Error) => error.message);
  await sleep(20);
  const committed = db.$transaction(async (tx: Tx) => {
    await tx.$executeRaw`UPDATE thread_probe SET n = n + 10 WHERE id = 1`;
    events.push('B updated');
  });
  expect(await rolledBack).toBe('rollback A');
  await committed;
  // B's update survived A's rollback (it was not run inside A), and A's change is gone.
  expect(await valueOf(1)).toBe(10);
  expect(events).toEqual(['A updated', 'A throws', 'B updated']);
});

it('makes a second SELECT … FOR UPDATE of the same row wait for the first transaction to end', async () => {
  const db = await getDb();
  const events: string[] = [];
  const locker = (name: string) =>
    db.$transaction(async (tx: Tx) => {
      const [row] = await tx.$queryRaw<{ n: number }[]>`SELECT n FROM thread_probe WHERE id = 2 FOR UPDATE`;
      events.push(`${name} locked ${row.n}`);
      await hold();
      await tx.$executeRaw`UPDATE thread_probe SET n = ${row.n + 1} WHERE id = 2`;
      events.push(`${name} done`);
    });
  const first = locker('A');
  await sleep(20);
  await Promise.all([first, locker('B')]);
  // A read-modify-write under the row lock: no lost update, B read what A wrote.
  expect(events).toEqual(['A locked 0', 'A done', 'B locked 1', 'B done']);
  expect(await valueOf(2)).toBe(2);
});

it('makes a second pg_advisory_xact_lock of the same key wait for the first transaction to end', async () => {
  const db = await getDb();
  const events: string[] = [];
  const locker = (name: string) =>
    db.$transaction(async (tx: Tx) => {
      await tx.$queryRaw`SELECT pg_advisory_xact_lock(4242)::text`;
      events.push(`${name} locked`);
      await hold();
      events.push(`${name} unlocks`);
    });
  const first = locker('A');
  await sleep(20);
  await Promise.all([first, locker('B')]);
  expect(events).toEqual(['A locked', 'A unlocks', 'B locked', 'B unlocks']);
});

it('shows a plain query no row of a transaction still open, and the raw runner prepares statements', async () => {
  const db = await getDb();
  const sql = await getSql();
  const open = db
    .$transaction(async (tx: Tx) => {
      await tx.$executeRaw`INSERT INTO thread_probe VALUES (3, 0)`;
      await hold();
      throw new Error('rollback');
    })
    .catch(() => 'rolled back');
  await sleep(20);
  const count = Prisma.sql`SELECT count(*)::int AS n FROM thread_probe WHERE id = ${3}`;
  const [outside] = await sql.query<{ n: number }>(count, { prepare: true });
  expect(outside.n).toBe(0);
  expect(await open).toBe('rolled back');
  // The same named statement again (prepared once on the connection, run twice).
  const [again] = await sql.query<{ n: number }>(count, { prepare: true });
  expect(again.n).toBe(0);
});

it('answers each of many parallel queries with its own parameters and its own prepared statement', async () => {
  const db = await getDb();
  const sql = await getSql();
  const ids = Array.from({ length: 60 }, (_, i) => i + 1);
  // Every query of the extended protocol (Parse, Bind, Execute, Sync) runs whole before the next:
  // interleaved on one session, a query would run with another's parameters.
  const answers = await Promise.all(
    ids.map(async (i) => {
      if (i % 3 === 0) return (await db.$queryRaw<{ v: number }[]>`SELECT ${i}::int AS v`)[0].v;
      const [row] = await sql.query<{ v: number }>(Prisma.sql`SELECT ${i}::int + 0 AS v`, {
        prepare: i % 3 === 1,
      });
      return row.v;
    }),
  );
  expect(answers).toEqual(ids);
});
