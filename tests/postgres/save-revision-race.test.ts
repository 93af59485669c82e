// A save numbers its revision in its own statement (lib/revisions/save-revision.ts): after the
// statement took the item's row lock, with a snapshot of its own, so a change that wrote a revision
// without changing the row (a process record's save) and committed while the save waited for the
// lock is counted, not numbered twice. Only PostgreSQL has a second connection to commit from while
// the save waits (PGlite runs one statement at a time).
import { Client } from 'pg';
import { getDb } from '@/lib/db/client';
import { createClass } from '../helpers/categories';
import { createNews, saveNews } from '../helpers/news';
import { signedIn } from '../helpers/users';

it('numbers its revision after one committed while it waited for the row', async () => {
  const { token } = await signedIn();
  const classId = await createClass(token);
  const id = await createNews(token, { class_id: classId, title: '第一版' });
  const other = new Client({ connectionString: process.env.DATABASE_URL });
  await other.connect();
  try {
    // As recordRevisions does for a process record: the row locked, a revision of it, no change of it.
    await other.query('BEGIN');
    await other.query('SELECT id FROM news WHERE id = $1 FOR UPDATE', [id]);
    await other.query(
      `INSERT INTO news_revision (news_id, rev, action, user_id, user_name, changed, columns, content_hash, fields_hash, class_id, pruned_to)
       SELECT r.* FROM news n, cms_news_revision_row(n, 'process', NULL, '别处', 'system', 50) AS r WHERE n.id = $1`,
      [id],
    );
    const saving = saveNews(token, { id, class_id: classId, title: '第二版' });
    // The save read the row and its UPDATE now waits for the row lock this connection holds.
    for (let waited = 0; ; waited += 1) {
      const { rows } = await other.query(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))',
      );
      if (rows[0].n > 0) break;
      if (waited > 400) throw new Error('the save never waited for the row lock');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await other.query('COMMIT');
    const saved = await saving;
    expect(saved.body.code).toBe(200);
  } finally {
    await other.end();
  }
  const db = await getDb();
  const revisions = await db.$queryRaw<{ rev: number; action: string; title: string }[]>`
    SELECT rev, action, columns ->> 'title' AS title FROM news_revision WHERE news_id = ${id} ORDER BY rev`;
  expect(revisions).toEqual([
    { rev: 1, action: 'create', title: '第一版' },
    { rev: 2, action: 'process', title: '第一版' },
    { rev: 3, action: 'update', title: '第二版' },
  ]);
});
