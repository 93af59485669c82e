// The app's PostgreSQL pool outlives its connections: one closed by the server while idle (a
// restart, pg_terminate_backend, a proxy's timeout) is dropped and replaced, and the process
// goes on. An unhandled pool error would fail this file (jest reports it) before the asserts.
import { Client } from 'pg';
import { getDb, getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';

const appBackends = async (admin: Client) =>
  (
    await admin.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = $1',
      ['client backend'],
    )
  ).rows.map((row) => row.pid);

// Only the PostgreSQL project runs this folder (jest.config.js): PGlite runs in this process and
// has no connections to lose.
it('drops pool connections the server closed while idle and answers the next call', async () => {
  const sql = await getSql();
  const db = await getDb();
  // Several idle connections in the pool.
  await Promise.all(Array.from({ length: 4 }, () => sql.query(Prisma.sql`SELECT pg_sleep(0.05)`)));
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const before = await appBackends(admin);
    expect(before.length).toBeGreaterThan(0);
    await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [before]);
    // Let the pool hear of it, as an idle pool would between requests.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [row] = await sql.query<{ one: number }>(Prisma.sql`SELECT 1 AS one`);
    expect(row.one).toBe(1);
    expect(await db.news.count()).toBe(0);
    const after = await appBackends(admin);
    expect(after.some((pid) => before.includes(pid))).toBe(false);
  } finally {
    await admin.end();
  }
});
