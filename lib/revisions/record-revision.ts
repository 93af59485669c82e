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
 * revert writes back, except content and fields (kept by md5 in news_revision_text).
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
 * The common table expressions that record a revision of each item of `from` (a relation with
 * news' columns, holding the items as they are after the change), for a WITH list: put them in
 * the statement that makes the change (`WITH changed AS (UPDATE … RETURNING *), ${revisionCtes(…)}`)
 * or run them in the change's transaction (recordRevisions), so a revision is written exactly
 * when the change is.
 *
 * Each item's revision numbers count up from its last; `changed` lists the keys that differ from
 * the last revision (base columns, `content`, and dynamic field keys); content and fields are
 * stored by md5 once per item, so a revision that leaves them alone costs a few hundred bytes.
 * With revision_keep > 0 the oldest revisions beyond it are removed with the texts only they used.
 */
export const revisionCtes = ({ from, action }: { from: Prisma.Sql; action: RevisionAction }) => {
  const actor = currentActor();
  const name = (actor.name || actor.username).slice(0, 64);
  const compared = Prisma.raw(COMPARED_COLUMNS.map((key) => `'${key}'`).join(', '));
  return Prisma.sql`
  rev_keep AS (${keepSql}),
  rev_src AS (
    SELECT s.id, ${columnsJson('s')} AS columns, s.content, s.fields,
      md5(s.content) AS content_hash, md5(s.fields::text) AS fields_hash
    FROM ${from} AS s),
  rev_prev AS (
    SELECT DISTINCT ON (r.news_id) r.news_id, r.rev, r.columns, r.content_hash, r.fields_hash,
      t.body::jsonb AS fields
    FROM news_revision r
    JOIN rev_src s ON s.id = r.news_id
    LEFT JOIN news_revision_text t ON t.news_id = r.news_id AND t.hash = r.fields_hash
    ORDER BY r.news_id, r.rev DESC),
  rev_texts AS (
    INSERT INTO news_revision_text (news_id, hash, body)
    SELECT s.id, s.content_hash, s.content FROM rev_src s
    UNION ALL
    SELECT s.id, s.fields_hash, s.fields::text FROM rev_src s
    ON CONFLICT DO NOTHING),
  rev_ins AS (
    INSERT INTO news_revision (news_id, rev, action, user_id, user_name, changed, columns, content_hash, fields_hash)
    SELECT s.id, COALESCE(p.rev, 0) + 1, ${action}, ${actor.userId}::int, ${name},
      ARRAY(
        SELECT k FROM unnest(ARRAY[${compared}]::text[]) AS k
        WHERE (s.columns -> k) IS DISTINCT FROM (p.columns -> k)
        UNION ALL
        SELECT 'content' WHERE s.content_hash IS DISTINCT FROM p.content_hash
        UNION ALL
        SELECT k FROM (
          SELECT key AS k FROM jsonb_object_keys(s.fields) AS key
          UNION
          SELECT key FROM jsonb_object_keys(COALESCE(p.fields, '{}'::jsonb)) AS key) AS keys
        WHERE s.fields_hash IS DISTINCT FROM p.fields_hash
          AND (s.fields -> k) IS DISTINCT FROM (p.fields -> k)),
      s.columns, s.content_hash, s.fields_hash
    FROM rev_src s LEFT JOIN rev_prev p ON p.news_id = s.id
    RETURNING news_id, rev),
  rev_pruned AS (
    DELETE FROM news_revision r USING rev_ins i, rev_keep k
    WHERE k.keep > 0 AND r.news_id = i.news_id AND r.rev <= i.rev - k.keep
    RETURNING r.news_id, r.content_hash, r.fields_hash),
  rev_gc AS (
    DELETE FROM news_revision_text t
    USING (SELECT DISTINCT p.news_id, h.hash FROM rev_pruned p,
             unnest(ARRAY[p.content_hash, p.fields_hash]) AS h(hash)) AS g
    WHERE t.news_id = g.news_id AND t.hash = g.hash
      AND NOT EXISTS (
        SELECT 1 FROM news_revision r JOIN rev_ins i ON i.news_id = r.news_id, rev_keep k
        WHERE r.news_id = g.news_id AND r.rev > i.rev - k.keep
          AND g.hash IN (r.content_hash, r.fields_hash))
      AND NOT EXISTS (
        SELECT 1 FROM rev_src s WHERE s.id = g.news_id AND g.hash IN (s.content_hash, s.fields_hash)))`;
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
