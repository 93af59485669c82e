import { getDb } from '@/lib/db/client';
import { expectedShape, readDbShape } from '../helpers/schema-compare';

// schema.prisma and the hand-written SQL migrations must describe the same database.
describe('schema.prisma and the migrated database', () => {
  let live: Awaited<ReturnType<typeof readDbShape>>;
  const expected = expectedShape();

  beforeAll(async () => {
    const db = await getDb();
    live = await readDbShape((sql) => db.$queryRawUnsafe(sql));
  });

  it('have the same tables', () => {
    expect(Object.keys(live.columns).sort()).toEqual(Object.keys(expected.columns).sort());
  });

  it.each(Object.keys(expectedShape().columns))(
    'have the same columns, types, nullability and defaults in %s',
    (table) => {
      expect(live.columns[table]).toEqual(expected.columns[table]);
    },
  );

  it('have the same primary keys, unique constraints and indexes', () => {
    expect(live.indexes).toEqual(expected.indexes);
  });

  it('has the expression indexes that schema.prisma cannot describe', async () => {
    const db = await getDb();
    const rows = await db.$queryRawUnsafe<{ indexname: string; indexdef: string }[]>(
      "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND indexdef LIKE '%(cms_search_tokens%' ORDER BY indexname",
    );
    expect(rows.map((row) => row.indexname)).toEqual(['news_title_search_idx']);
    expect(rows[0].indexdef).toMatch(/USING gin \(cms_search_tokens\(class_id, \(title\)::text\)\)/);
  });

  it('keeps the pending list of every GIN index at 256 kB (no autovacuum merges it on PGlite; a 4 MB merge stalled it)', async () => {
    const db = await getDb();
    const rows = await db.$queryRawUnsafe<{ name: string; options: string[] | null }[]>(
      `SELECT c.relname AS name, c.reloptions AS options FROM pg_class c
       JOIN pg_am am ON am.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE am.amname = 'gin' AND n.nspname = 'public' ORDER BY c.relname`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(7);
    expect(rows.filter((row) => !row.options?.includes('gin_pending_list_limit=256'))).toEqual([]);
  });

  it('keeps usernames unique regardless of case (an expression index schema.prisma cannot describe)', async () => {
    const db = await getDb();
    const rows = await db.$queryRawUnsafe<{ indexdef: string }[]>(
      "SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND indexname = 'admin_user_username_lower_key'",
    );
    expect(rows[0]?.indexdef).toMatch(/CREATE UNIQUE INDEX .* \(lower\(\(username\)::text\)\)/);
  });

  it('has the 操作日志 user index (by lower(username), newest first) that schema.prisma cannot describe', async () => {
    const db = await getDb();
    const rows = await db.$queryRawUnsafe<{ indexdef: string }[]>(
      "SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND indexname = 'audit_log_username_lower_idx'",
    );
    expect(rows[0]?.indexdef).toMatch(
      /\(lower\(\(username\)::text\), created_at DESC, id DESC\) INCLUDE \(username\)/,
    );
  });

  it('have the same foreign keys', () => {
    expect(live.foreignKeys).toEqual(expected.foreignKeys);
  });
});
