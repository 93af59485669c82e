import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { assertWithinRights, type ClassRights } from '@/lib/auth/class-rights';
import { getDb } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { NEWS_NOT_FOUND } from '@/lib/news/find-news-one';
import { toListClass } from '@/lib/news/load-class';
import { LOCKED_MESSAGE } from '@/lib/news/lock-rules';
import { EDITED_ELSEWHERE } from '@/lib/news/update-news';
import { isProcessClass } from '@/lib/process/steps';
import { screenNewsSave } from '@/lib/sensitive/check-news';
import { screenAnswer, screenAuditDetail } from '@/lib/sensitive/check-text';
import { recordItemWords, savedItemWords } from '@/lib/sensitive/item-hits';
import { currentWordList } from '@/lib/sensitive/word-list';
import { loadRevision } from './load-revision';
import { recordRevisions } from './record-revision';

const bad = (message: string) => new AppError({ code: ErrorCode.badRequest, message });

/**
 * revert_news: makes an item's content what it was at revision `rev` — title, short title, intro,
 * content (byte for byte), hr_type, publish time and the dynamic fields (child rows in order; a
 * field empty then is empty now), and process outside process categories — and writes a new
 * revision (`revert`); history is kept as it was. The item stays where it is and as locked as it
 * is: a locked item refuses, a move or a process record is undone by its own action. Fields the
 * item's category no longer has are left out and named in `dropped`. With `row_version` (what
 * get_news_one answered), a change made since the form was opened refuses like a save does.
 * The version's texts pass the 敏感词 check of a save (words added to the lists since it was saved
 * apply): a block word refuses (40010), a warn word needs `isConfirmed` (40011), a replace word is
 * replaced in what is written. The item's words are recorded for the 首页 (item-hits.ts).
 */
export const revertNews = async ({
  id,
  rev,
  rowVersion,
  actorId,
  rights,
  isConfirmed = false,
}: {
  id: number;
  rev: number;
  rowVersion?: string;
  actorId: number;
  rights: ClassRights;
  isConfirmed?: boolean;
}) => {
  // Read before the transaction: the lists' own read must not wait for the connection it holds.
  const list = await currentWordList();
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const [seen] = await tx.$queryRaw<{ class_id: number }[]>`SELECT class_id FROM news WHERE id = ${id}`;
    if (!seen) throw new AppError({ code: ErrorCode.notFound, message: NEWS_NOT_FOUND });
    assertWithinRights({ rights, classIds: [seen.class_id] });
    // The category's schema stays as read until commit; its row before the item's (move-news.ts's order).
    const [categoryRow] = await tx.$queryRaw<
      { id: number; name: string; class_type: string; content_fields: unknown }[]
    >`SELECT id, name, class_type, content_fileds AS content_fields FROM news_class WHERE id = ${seen.class_id} FOR SHARE`;
    const category = toListClass(
      categoryRow && {
        id: categoryRow.id,
        name: categoryRow.name,
        classType: categoryRow.class_type,
        contentFields: categoryRow.content_fields,
      },
    );
    const [row] = await tx.$queryRaw<
      { class_id: number; is_lock: boolean; title: string; row_version: string }[]
    >`
      SELECT class_id, is_lock, title, xmin::text AS row_version FROM news WHERE id = ${id} FOR UPDATE`;
    if (!row) throw new AppError({ code: ErrorCode.notFound, message: NEWS_NOT_FOUND });
    if (row.class_id !== category.id) throw bad(EDITED_ELSEWHERE);
    if (row.is_lock) throw bad(LOCKED_MESSAGE);
    if (rowVersion !== undefined && row.row_version !== rowVersion) throw bad(EDITED_ELSEWHERE);

    const revision = await loadRevision(tx, { newsId: id, rev });
    const schemaKeys = new Set(category.schema.list.map((field) => field.key));
    const stored = (revision.row.fields ?? {}) as Record<string, unknown>;
    const fields = Object.fromEntries(Object.entries(stored).filter(([key]) => schemaKeys.has(key)));
    const dropped = Object.keys(stored).filter((key) => !schemaKeys.has(key));
    const then = revision.row;
    const checked = screenNewsSave({
      list,
      baseSet: category.schema.base_set,
      fields: category.schema.list,
      base: { title: then.title, shortTitle: then.shortTitle, intro: then.intro, content: then.content },
      values: fields,
      isConfirmed,
    });
    const texts = checked.base;
    const [updated] = await tx.$queryRaw<{ row_version: string }[]>(Prisma.sql`
      UPDATE news SET
        title = ${texts.title}, short_title = ${texts.shortTitle}, intro = ${texts.intro},
        content = ${texts.content}, hr_type = ${then.hrType}, new_time = ${then.newTime},
        fields = ${JSON.stringify(fields)}::jsonb,
        ${isProcessClass(category.classType) ? Prisma.empty : Prisma.sql`process = ${then.process},`}
        updated_by = ${actorId}::int, updated_at = now()
      WHERE id = ${id}
      RETURNING xmin::text AS row_version`);
    await recordAudit(tx, {
      action: 'revert',
      targetType: 'news',
      targetId: id,
      detail: {
        name: texts.title,
        rev,
        ...(dropped.length > 0 ? { dropped } : {}),
        ...(checked.screened ? screenAuditDetail(checked.screened) : {}),
      },
    });
    await recordRevisions(tx, { ids: [id], action: 'revert' });
    // Every text was checked: the item holds the warn words confirmed.
    await recordItemWords(tx, [
      { id, words: savedItemWords({ list, screened: checked.screened, kept: [] }) },
    ]);
    return {
      row_version: updated.row_version,
      dropped,
      ...(checked.screened ? screenAnswer(checked.screened) : {}),
    };
  });
};
