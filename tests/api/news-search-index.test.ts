import { getDb } from '@/lib/db/client';
import { buildNewsFilters, titleTokensSql } from '@/lib/news/build-filters';
import { Prisma } from '@/lib/generated/prisma/client';
import { createClass } from '../helpers/categories';
import { createNews } from '../helpers/news';
import { signedIn } from '../helpers/users';

// The title filter must be able to use the gram index for Chinese substrings of any length,
// on PGlite as on PostgreSQL (pg_trgm could not: see the news_search migration).
describe('the title search index', () => {
  it.each(['北京', '京', '北京新闻', 'Alpha'])('serves a title search for %s', async (title) => {
    const { token } = await signedIn();
    const classId = await createClass(token, {});
    await createNews(token, { class_id: classId, title: 'Alpha 北京新闻' });
    // The same title in another category: the grams' category scope alone must keep it out.
    await createNews(token, { class_id: await createClass(token, {}), title: 'Alpha 北京新闻' });
    const db = await getDb();
    const { where } = buildNewsFilters({ classId, query: { title }, fields: [] });
    const [, plan] = await db.$transaction([
      db.$executeRaw`SET LOCAL enable_seqscan = off`,
      db.$queryRaw<
        { 'QUERY PLAN': string }[]
      >`EXPLAIN SELECT id FROM news WHERE ${titleTokensSql({ classId, title })}`,
    ]);
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('news_title_search_idx');
    const [{ count }] = await db.$queryRaw<{ count: number }[]>(
      Prisma.sql`SELECT count(*)::int AS count FROM news WHERE ${where}`,
    );
    expect(count).toBe(1);
  });
});
