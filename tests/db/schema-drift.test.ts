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
