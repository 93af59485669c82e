// A named prepared statement outlives a change of a column's type made by another process (a
// migration run by a newer instance during a rolling upgrade): PostgreSQL then refuses it with
// "cached plan must not change result type" on every connection that prepared it. The app's
// runner must prepare it afresh and answer, on every pooled connection.
import { Client } from 'pg';
import { getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { findNewsList } from '@/lib/news/find-news-list';
import { ZNewsListQuery } from '@/lib/news/schemas';
import { createClass } from '../helpers/categories';
import { createNews } from '../helpers/news';
import { signedIn } from '../helpers/users';

const onEveryConnection = <T>(run: () => Promise<T>) => Promise.all(Array.from({ length: 8 }, run));

it('prepares a statement afresh after another process changed a column type it returns', async () => {
  const sql = await getSql();
  const statement = () =>
    sql.query<{ id: number; short_title: string }>(
      Prisma.sql`SELECT id, short_title FROM news WHERE class_id = ${classId} ORDER BY id`,
      { prepare: true },
    );
  const { token } = await signedIn();
  const classId = await createClass(token);
  const firstId = await createNews(token, { class_id: classId, title: '第一条', short_title: '短' });
  const list = () => findNewsList(ZNewsListQuery.parse({ class_id: classId, page: 1, limit: 10 }));
  // Prepared on several pooled connections (the list statements too).
  await onEveryConnection(statement);
  await onEveryConnection(list);
  const other = new Client({ connectionString: process.env.DATABASE_URL });
  await other.connect();
  try {
    await other.query('ALTER TABLE news ALTER COLUMN short_title TYPE varchar(600)');
    await other.query('ALTER TABLE news ALTER COLUMN intro TYPE varchar(5000)');
  } finally {
    await other.end();
  }
  for (const rows of await onEveryConnection(statement)) {
    expect(rows).toEqual([{ id: firstId, short_title: '短' }]);
  }
  for (const page of await onEveryConnection(list)) {
    expect(page.total).toBe(1);
    expect(page.data.map((row) => row.id)).toEqual([firstId]);
  }
});
