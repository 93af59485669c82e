import { getDb, getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';

// A running statement does not hold the server's event loop: on PGlite it runs in its own thread
// (lib/db/pglite-thread.ts), on PostgreSQL in the server. Before the thread, PGlite ran in the
// event loop's thread and a 10 ms timer waited for the whole 400 ms statement (issue 24: single
// stalls of every call, list p99 663 ms in a soak).

const SLEEP = Prisma.sql`SELECT pg_sleep(0.4)::text AS slept`;

/** Runs `statement` with a 10 ms timer set beside it: when each ended, in ms from the start. */
const timerBeside = async (statement: () => Promise<unknown>) => {
  const started = performance.now();
  let timerAt = Number.NaN;
  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      timerAt = performance.now() - started;
      resolve();
    }, 10),
  );
  await statement();
  const statementAt = performance.now() - started;
  await timer;
  return { timerAt, statementAt };
};

describe('a statement runs while the event loop goes on', () => {
  it('through getSql: a 10 ms timer fires while pg_sleep(0.4) runs', async () => {
    const sql = await getSql();
    await sql.query(Prisma.sql`SELECT 1`); // connected, the first statement's set-up done
    const { timerAt, statementAt } = await timerBeside(() => sql.query(SLEEP));
    expect(statementAt).toBeGreaterThanOrEqual(390);
    // Well before the statement ended (a busy machine may delay a timer by tens of ms).
    expect(timerAt).toBeLessThan(statementAt - 150);
  });

  it('through Prisma, also inside a transaction: a 10 ms timer fires while pg_sleep(0.4) runs', async () => {
    const db = await getDb();
    await db.$queryRaw`SELECT 1`;
    const plain = await timerBeside(() => db.$queryRaw(SLEEP));
    expect(plain.statementAt).toBeGreaterThanOrEqual(390);
    expect(plain.timerAt).toBeLessThan(plain.statementAt - 150);

    const inTransaction = await timerBeside(() => db.$transaction(async (tx) => tx.$queryRaw(SLEEP)));
    expect(inTransaction.statementAt).toBeGreaterThanOrEqual(390);
    expect(inTransaction.timerAt).toBeLessThan(inTransaction.statementAt - 150);
  });
});
