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
export const COMPARED_COLUMNS = REVISION_COLUMNS.filter(
  (key) => key !== 'created_at' && key !== 'updated_at',
);
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
 * after the change), for a WITH list: run it in the change's transaction after the change's own
 * statement (recordRevisions), so a revision is written exactly when the change is. Not in the
 * statement that makes the change: news' trigger stores the texts that change replaces at that
 * statement's end, and the last revision's fields are read from them here.
 *
 * The database function cms_news_revision_row (migration 20261203000000_news_write_cost) answers
 * each item's revision row: its number (after its last), `changed` (the keys that differ from the
 * last revision: base columns, `content`, and dynamic field keys), its small columns (REVISION_COLUMNS),
 * content and fields by md5 (stored once per item when they leave it, by the triggers of migration
 * 20261207000000_lazy_revision_texts: a revision that leaves them alone costs a few hundred bytes) and, with 系统设置 revision_keep > 0 (read from the stored row as keepSql reads it),
 * the oldest revisions beyond it removed (pruned_to, migration 20261209000000: lib/revisions/kept-revisions.ts);
 * this INSERT writes the row.
 * Its statements are planned once per connection: the statement here stays small, which matters on
 * PGlite, where every statement is planned again.
 */
export const revisionCtes = ({ from, action }: { from: Prisma.Sql; action: RevisionAction }) => {
  const actor = currentActor();
  const name = (actor.name || actor.username).slice(0, 64);
  return Prisma.sql`
  rev_written AS (
    INSERT INTO news_revision (news_id, rev, action, user_id, user_name, changed, columns, content_hash, fields_hash, class_id, pruned_to)
    SELECT r.* FROM ${from} AS s,
      cms_news_revision_row(s::news, ${action}, ${actor.userId}::int, ${name}, ${SETTINGS_ROW_KEY},
        ${defaultSystemSettings().revision_keep}::int) AS r)`;
};

/**
 * revisionCtes for items just created with new ids (from news' sequence, which never goes back, so
 * no revision names them yet), written set-based: what cms_news_revision_row answers for an item
 * without a revision, worked out in the statement instead of one function call per item — rev 1;
 * `changed` every compared key, then 'content', then the item's field keys sorted (the function's
 * ORDER BY, the same collation); content and fields by md5 (stored when they leave the item); nothing to prune (a
 * first revision is never beyond revision_keep). An item that had a revision after all would make
 * the statement fail on news_revision's key, never number a revision twice. For a bulk creation
 * (import_news), where one call per item was most of the write's time on PGlite.
 */
export const firstRevisionCtes = ({ from, action }: { from: Prisma.Sql; action: RevisionAction }) => {
  const actor = currentActor();
  const name = (actor.name || actor.username).slice(0, 64);
  return Prisma.sql`
  rev_written AS (
    INSERT INTO news_revision (news_id, rev, action, user_id, user_name, changed, columns, content_hash, fields_hash, class_id)
    SELECT s.id, 1, ${action}, ${actor.userId}::int, ${name},
      ${COMPARED_ARRAY} || ARRAY['content']::text[]
        || ARRAY(SELECT k.key FROM jsonb_object_keys(s.fields) AS k(key) ORDER BY k.key),
      ${columnsJson('s')}, md5(s.content), md5(s.fields::text), s.class_id
    FROM ${from} AS s ORDER BY s.id)`;
};

/**
 * revisionCtes for items that may have revisions already, written set-based: what cms_news_revision_row
 * answers and does for each item, worked out in the statement for all of them at once — the item's
 * last revision read (the statement's snapshot: the caller must hold the items' row locks from
 * before the statement, as import_news's commit does with its FOR UPDATE, so no other change of
 * them can come in between), rev after it, `changed` the compared keys that differ in their order,
 * then 'content', then the differing field keys sorted (against the last revision's fields: its
 * stored text, or the item's row as the statement's snapshot holds it, before the change, while they
 * were the item's own), and with revision_keep > 0 the revisions beyond it
 * removed (pruned_to; their rows deleted with the texts only they used when due, as
 * lib/revisions/kept-revisions.ts says; never the new revision's texts). `from` must hold each item
 * once. For a bulk update (import_news by key), where one call per item was most of a batch's time.
 */
export const batchRevisionCtes = ({ from, action }: { from: Prisma.Sql; action: RevisionAction }) => {
  const actor = currentActor();
  const name = (actor.name || actor.username).slice(0, 64);
  return Prisma.sql`
  rev_keep AS (${keepSql}),
  rev_items AS (
    SELECT s.id, s.class_id, s.columns, s.content, s.fields, md5(s.content) AS content_hash,
      md5(s.fields::text) AS fields_hash, COALESCE(p.rev, 0) + 1 AS rev, p.columns AS last_columns,
      cms_revision_pruned_to(COALESCE(p.pruned_to, 0), COALESCE(p.rev, 0) + 1, k.keep) AS pruned_to,
      COALESCE(p.pruned_to, 0) AS last_pruned_to,
      p.content_hash AS last_content, p.fields_hash AS last_fields_hash,
      COALESCE(t.body::jsonb, CASE WHEN md5(o.fields::text) = p.fields_hash THEN o.fields END) AS last_fields
    FROM (SELECT s.id, s.class_id, ${columnsJson('s')} AS columns, s.content, s.fields FROM ${from} AS s) AS s
    CROSS JOIN rev_keep k
    LEFT JOIN LATERAL (
      SELECT r.rev, r.columns, r.content_hash, r.fields_hash, r.pruned_to FROM news_revision r
      WHERE r.news_id = s.id ORDER BY r.rev DESC LIMIT 1) AS p ON true
    LEFT JOIN news_revision_text t ON t.news_id = s.id AND t.hash = p.fields_hash
      AND md5(s.fields::text) IS DISTINCT FROM p.fields_hash
    LEFT JOIN news o ON o.id = s.id AND t.body IS NULL AND md5(s.fields::text) IS DISTINCT FROM p.fields_hash),
  rev_written AS (
    INSERT INTO news_revision (news_id, rev, action, user_id, user_name, changed, columns, content_hash, fields_hash, class_id, pruned_to)
    SELECT i.id, i.rev, ${action}, ${actor.userId}::int, ${name},
      ARRAY(SELECT c.key FROM unnest(${COMPARED_ARRAY}) WITH ORDINALITY AS c(key, at)
        WHERE (i.columns -> c.key) IS DISTINCT FROM (i.last_columns -> c.key) ORDER BY c.at)
      || CASE WHEN i.content_hash IS DISTINCT FROM i.last_content THEN ARRAY['content']::text[] ELSE '{}'::text[] END
      || CASE WHEN i.fields_hash IS DISTINCT FROM i.last_fields_hash THEN ARRAY(
        SELECT k.key FROM (
          SELECT jsonb_object_keys(i.fields) UNION SELECT jsonb_object_keys(COALESCE(i.last_fields, '{}'::jsonb))
        ) AS k(key)
        WHERE (i.fields -> k.key) IS DISTINCT FROM (i.last_fields -> k.key) ORDER BY k.key) ELSE '{}'::text[] END,
      i.columns, i.content_hash, i.fields_hash, i.class_id, i.pruned_to
    FROM rev_items i ORDER BY i.id),
  rev_pruned AS (
    DELETE FROM news_revision r USING rev_items i
    WHERE cms_revision_delete_due(i.last_pruned_to, i.pruned_to, i.rev) AND r.news_id = i.id AND r.rev <= i.pruned_to
    RETURNING r.news_id, r.content_hash, r.fields_hash),
  rev_pruned_texts AS (
    DELETE FROM news_revision_text t
    USING (SELECT p.news_id, p.content_hash AS hash FROM rev_pruned p
      UNION SELECT p.news_id, p.fields_hash FROM rev_pruned p) AS p, rev_items i
    WHERE t.news_id = p.news_id AND t.hash = p.hash AND i.id = p.news_id
      AND t.hash NOT IN (i.content_hash, i.fields_hash)
      AND NOT EXISTS (
        SELECT 1 FROM news_revision r
        WHERE r.news_id = i.id AND r.rev > i.pruned_to AND t.hash IN (r.content_hash, r.fields_hash)))`;
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
