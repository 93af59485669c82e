import { getDb } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { settleImports } from '@/lib/news/import/import-jobs';
import { field } from '../helpers/categories';
import {
  categoryRevisions,
  categoryRevisionTexts,
  importCategory,
  importDone,
  xlsxOf,
} from '../helpers/import';
import { setRevisionKeep } from '../helpers/news';
import { signedIn } from '../helpers/users';

// import_news's updates by key (lib/news/import/write-plans.ts, batchRevisionCtes): set-based like
// its creates (tests/api/import-writes.test.ts), each changed item one `import` revision.

afterAll(() => settleImports());

const FIELDS = [
  field({ key: 'f_author', title: '作者', type: 'string' }),
  field({ key: 'f_count', title: '数量', type: 'int' }),
  field({ key: 'f_kind', title: '类别', type: 'select', options: [{ label: '新闻', value: 'news' }] }),
];

let admin: string;
let adminId: number;
let adminName: string;

beforeAll(async () => {
  const signed = await signedIn({ roles: ['news_content', 'class_manage', 'system_set'], name: '导入者' });
  admin = signed.token;
  adminId = signed.user.id;
  adminName = signed.user.name;
});

describe('updates by key', () => {
  // The update path writes its revisions set-based too (batchRevisionCtes): each changed item gets
  // exactly one `import` revision after its last, equal to what cms_news_revision_row answers for it.
  const COUNT = 600;
  let updateClass: number;
  let ids: number[];
  const author = (i: number, round: number) =>
    i % 3 === 0 || round > 1 ? `新作者${i}-${round}` : `作者${i % 5}`;
  const updateFile = (round: 1 | 2 | 3) =>
    xlsxOf([
      ['ID', '标题', '作者', '数量', '类别'],
      ...ids.map((id, i) => [
        id,
        i % 7 === 0 ? `项 ${i} 改` : `项 ${i}`,
        author(i, round),
        i % 5 === 0 ? i + 1000 : i,
        '新闻',
      ]),
    ]);
  const isChanged = (i: number) => i % 7 === 0 || i % 3 === 0 || i % 5 === 0;
  beforeAll(async () => {
    updateClass = await importCategory(admin, { name: '批量更新', list: FIELDS });
    await importDone(admin, {
      bytes: await xlsxOf([
        ['标题', '作者', '数量', '类别'],
        ...Array.from({ length: COUNT }, (_, i) => [`项 ${i}`, `作者${i % 5}`, i, '新闻']),
      ]),
      fields: { class_id: updateClass, mode: 'commit' },
    });
    const db = await getDb();
    ids = (
      await db.$queryRaw<{ id: number }[]>`SELECT id FROM news WHERE class_id = ${updateClass} ORDER BY id`
    ).map((row) => row.id);
  });
  afterAll(() => setRevisionKeep(50));

  it('gives each changed item one import revision, as cms_news_revision_row would, in the import', async () => {
    const db = await getDb();
    const [{ max: logMax }] = await db.$queryRaw<
      { max: number }[]
    >`SELECT COALESCE(max(id), 0)::int AS max FROM audit_log`;
    const changedCount = ids.filter((_, i) => isChanged(i)).length;
    const result = await importDone(admin, {
      bytes: await updateFile(1),
      fields: { class_id: updateClass, mode: 'commit', key: 'id' },
    });
    expect(result).toMatchObject({
      total: COUNT,
      created: 0,
      updated: changedCount,
      unchanged: COUNT - changedCount,
      errors_total: 0,
    });
    const revisions = await categoryRevisions(updateClass);
    const byItem = new Map<number, typeof revisions>();
    for (const revision of revisions)
      byItem.set(revision.news_id, [...(byItem.get(revision.news_id) ?? []), revision]);
    ids.forEach((id, i) => {
      const own = byItem.get(id) ?? [];
      expect(own.map((revision) => [revision.rev, revision.action])).toEqual(
        isChanged(i)
          ? [
              [1, 'import'],
              [2, 'import'],
            ]
          : [[1, 'import']],
      );
      expect(own[own.length - 1]).toMatchObject({
        user_id: adminId,
        class_id: updateClass,
        same_columns: true,
      });
    });
    // Row 0 changed its title, 作者 and 数量; row 3 only 作者; row 5 only 数量; row 7 only the title.
    expect(byItem.get(ids[0])![1].changed).toEqual(['title', 'f_author', 'f_count']);
    expect(byItem.get(ids[3])![1].changed).toEqual(['f_author']);
    expect(byItem.get(ids[5])![1].changed).toEqual(['f_count']);
    expect(byItem.get(ids[7])![1].changed).toEqual(['title']);

    // The same as one cms_news_revision_row call per item after its first revision: asked in a
    // transaction rolled back, with the second revisions and the texts only they use removed.
    const changedIds = ids.filter((_, i) => isChanged(i));
    const stored = await categoryRevisionTexts(updateClass);
    const rollback = new Error('rollback');
    let perItem: unknown[] = [];
    let perItemTexts: typeof stored = [];
    await db
      .$transaction(async (tx) => {
        await tx.$executeRaw`DELETE FROM news_revision WHERE news_id = ANY(${changedIds}::int[]) AND rev = 2`;
        await tx.$executeRaw`DELETE FROM news_revision_text t WHERE t.news_id = ANY(${changedIds}::int[])
          AND NOT EXISTS (SELECT 1 FROM news_revision r WHERE r.news_id = t.news_id AND t.hash IN (r.content_hash, r.fields_hash))`;
        perItem = await tx.$queryRaw(Prisma.sql`
          SELECT n.id AS news_id, r.row_rev AS rev, r.row_changed AS changed, r.row_content_hash AS content_hash,
            r.row_fields_hash AS fields_hash, r.row_pruned_to AS pruned_to FROM news n
          CROSS JOIN LATERAL cms_news_revision_row(n, 'import', ${adminId}::int, ${adminName}, 'no-such-setting', 0) AS r
          WHERE n.id = ANY(${changedIds}::int[]) ORDER BY n.id`);
        perItemTexts = await categoryRevisionTexts(updateClass);
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    expect(
      revisions
        .filter((revision) => revision.rev === 2)
        .map(({ news_id, rev, changed, content_hash, fields_hash, pruned_to }) => ({
          news_id,
          rev,
          changed,
          content_hash,
          fields_hash,
          pruned_to,
        })),
    ).toEqual(perItem);
    expect(stored).toEqual(perItemTexts);

    // An update entry per changed item, then the import's own.
    const entries = await db.$queryRaw<{ action: string; target_id: number }[]>`
      SELECT action, target_id FROM audit_log WHERE id > ${logMax} ORDER BY id`;
    expect(entries).toEqual([
      ...changedIds.map((id) => ({ action: 'update', target_id: id })),
      { action: 'import', target_id: updateClass },
    ]);
  });

  it('with revision_keep 1 keeps each item only its new revision; the rows removed go, with their texts, at the 8th', async () => {
    await setRevisionKeep(1);
    const db = await getDb();
    // Each item's history filled up to revision 6 with copies of its last, written as with
    // revision_keep 1 (each removing the one before), so that this import writes revision 7 and the
    // next one revision 8, when the rows removed are deleted.
    await db.$executeRaw`
      INSERT INTO news_revision (news_id, rev, action, user_id, user_name, changed, columns, content_hash, fields_hash, class_id, pruned_to)
      SELECT l.news_id, g, l.action, l.user_id, l.user_name, l.changed, l.columns, l.content_hash, l.fields_hash, l.class_id, g - 1
      FROM (SELECT DISTINCT ON (r.news_id) r.* FROM news_revision r JOIN news n ON n.id = r.news_id
        WHERE n.class_id = ${updateClass} ORDER BY r.news_id, r.rev DESC) l, generate_series(l.rev + 1, 6) g`;
    const rowsLeft = async () =>
      (
        await db.$queryRaw<{ n: number }[]>`
          SELECT count(*)::int AS n FROM news_revision r JOIN news n ON n.id = r.news_id WHERE n.class_id = ${updateClass}`
      )[0].n;
    for (const [round, rev] of [
      [2, 7],
      [3, 8],
    ] as const) {
      const result = await importDone(admin, {
        bytes: await updateFile(round),
        fields: { class_id: updateClass, mode: 'commit', key: 'id', allow_repeat: 1 },
      });
      expect(result).toMatchObject({ updated: COUNT, errors_total: 0 });
      const revisions = await categoryRevisions(updateClass);
      expect(revisions.map((revision) => [revision.news_id, revision.rev])).toEqual(
        ids.map((id) => [id, rev]),
      );
      for (const revision of revisions) expect(revision.changed).toContain('f_author');
      // Revision 7: the six before it are removed but their rows wait for the 8th (migration
      // 20261209000000_revision_prune_batch). Revision 8: they are gone, and the texts only they used.
      expect(await rowsLeft()).toBe(rev === 7 ? 7 * COUNT : COUNT);
    }
    // Each item's one revision is its state now: its texts are the item's own, none stored apart.
    expect(await categoryRevisionTexts(updateClass)).toEqual([]);
  });
});
