import 'server-only';
import { currentActor } from '@/lib/audit/actor';
import { Prisma } from '@/lib/generated/prisma/client';
import { defaultSystemSettings } from '@/lib/settings/settings-schema';
import { SETTINGS_ROW_KEY } from '@/lib/settings/system-settings';
import type { RevisionAction } from './actions';

/** A transaction (or, for a change made in one statement, the client itself). */
type Writer = { $executeRaw: (query: Prisma.Sql) => Prisma.PrismaPromise<number> };

/**
 * The small columns of a revision's state: everything of the row an item's calls answer or a
 * revert writes back, except content and fields (kept by md5 in news_revision_text). The database
 * function cms_news_revision_row spells the same list (tests/api/import-writes.test.ts holds the two
 * to the same rows).
 */
export const REVISION_COLUMNS = [
  'class_id',
  'title',
  'short_title',
  'intro',
  'hr_type',
  'old_class',
  'is_lock',
  'process',
  'new_time',
  'created_at',
  'updated_at',
] as const;

/** The keys whose change a revision lists (`changed`): the item's values, not its bookkeeping. */
const COMPARED_COLUMNS = REVISION_COLUMNS.filter((key) => key !== 'created_at' && key !== 'updated_at');
const COMPARED_ARRAY = Prisma.raw(`ARRAY[${COMPARED_COLUMNS.map((key) => `'${key}'`).join(', ')}]::text[]`);

const columnsJson = (alias: string) =>
  Prisma.raw(`jsonb_build_object(${REVISION_COLUMNS.map((key) => `'${key}', ${alias}.${key}`).join(', ')})`);

/**
 * 系统设置 revision_keep (0 = all) as the statement reads it from the stored row: the writer then
 * needs no settings read of its own (none may run beside a PGlite transaction) and every process
 * applies a change at once. A missing or odd value counts as the default.
 */
export const keepSql = Prisma.sql`
    SELECT COALESCE((
      SELECT CASE WHEN jsonb_typeof(value -> 'revision_keep') = 'number'
        THEN LEAST(GREATEST((value ->> 'revision_keep')::numeric, 0), 1000)::int END
      FROM system_setting WHERE key = ${SETTINGS_ROW_KEY}), ${defaultSystemSettings().revision_keep}::int) AS keep`;

/**
 * The common table expression that records a revision of each item of `from` (a relation with
 * news' columns in news' order — `RETURNING *`, `SELECT * FROM news` — holding the items as they are
 * after the change), for a WITH list: put it in the statement that makes the change (`WITH changed
 * AS (UPDATE … RETURNING *), ${revisionCtes(…)}`) or run it in the change's transaction
 * (recordRevisions), so a revision is written exactly when the change is.
 *
 * The database function cms_news_revision_row (migration 20261203000000_news_write_cost) answers
 * each item's revision row: its number (after its last), `changed` (the keys that differ from the
 * last revision: base columns, `content`, and dynamic field keys), its small columns (REVISION_COLUMNS),
 * content and fields stored by md5 once per item (so a revision that leaves them alone costs a few
 * hundred bytes) and, with 系统设置 revision_keep > 0 (read from the stored row as keepSql reads it),
 * the oldest revisions beyond it removed with the texts only they used; this INSERT writes the row.
 * Its statements are planned once per connection: the statement here stays small, which matters on
 * PGlite, where every statement is planned again.
 */
export const revisionCtes = ({ from, action }: { from: Prisma.Sql; action: RevisionAction }) => {
  const actor = currentActor();
  const name = (actor.name || actor.username).slice(0, 64);
  return Prisma.sql`
  rev_written AS (
    INSERT INTO news_revision (news_id, rev, action, user_id, user_name, changed, columns, content_hash, fields_hash, class_id)
    SELECT r.* FROM ${from} AS s,
      cms_news_revision_row(s::news, ${action}, ${actor.userId}::int, ${name}, ${SETTINGS_ROW_KEY},
        ${defaultSystemSettings().revision_keep}::int) AS r)`;
};

/**
 * revisionCtes for items just created with new ids (from news' sequence, which never goes back, so
 * no revision names them yet), written set-based: what cms_news_revision_row answers for an item
 * without a revision, worked out in the statement instead of one function call per item — rev 1;
 * `changed` every compared key, then 'content', then the item's field keys sorted (the function's
 * ORDER BY, the same collation); content and fields stored once each by md5; nothing to prune (a
 * first revision is never beyond revision_keep). An item that had a revision after all would make
 * the statement fail on news_revision's key, never number a revision twice. For a bulk creation
 * (import_news), where one call per item was most of the write's time on PGlite.
 */
export const firstRevisionCtes = ({ from, action }: { from: Prisma.Sql; action: RevisionAction }) => {
  const actor = currentActor();
  const name = (actor.name || actor.username).slice(0, 64);
  return Prisma.sql`
  rev_texts AS (
    INSERT INTO news_revision_text (news_id, hash, body)
    SELECT s.id, md5(s.content), s.content FROM ${from} AS s
    UNION SELECT s.id, md5(s.fields::text), s.fields::text FROM ${from} AS s
    ON CONFLICT DO NOTHING),
  rev_written AS (
    INSERT INTO news_revision (news_id, rev, action, user_id, user_name, changed, columns, content_hash, fields_hash, class_id)
    SELECT s.id, 1, ${action}, ${actor.userId}::int, ${name},
      ${COMPARED_ARRAY} || ARRAY['content']::text[]
        || ARRAY(SELECT k.key FROM jsonb_object_keys(s.fields) AS k(key) ORDER BY k.key),
      ${columnsJson('s')}, md5(s.content), md5(s.fields::text), s.class_id
    FROM ${from} AS s ORDER BY s.id)`;
};

/**
 * Records a revision of each of `ids` as they are now, with `tx`, the transaction that changed
 * them: the revisions commit with the change, and a change refused afterwards leaves none.
 */
export const recordRevisions = async (
  tx: Writer,
  { ids, action }: { ids: readonly number[]; action: RevisionAction },
) => {
  if (ids.length === 0) return;
  await tx.$executeRaw(Prisma.sql`
    WITH ${revisionCtes({ from: Prisma.sql`(SELECT * FROM news WHERE id = ANY(${[...ids]}::int[]))`, action })}
    SELECT 1`);
};
