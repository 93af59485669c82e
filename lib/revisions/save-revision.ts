import 'server-only';
import { currentActor } from '@/lib/audit/actor';
import { Prisma } from '@/lib/generated/prisma/client';
import { defaultSystemSettings } from '@/lib/settings/settings-schema';
import { SETTINGS_ROW_KEY } from '@/lib/settings/system-settings';
import type { RevisionAction } from './actions';
import { COMPARED_COLUMNS } from './record-revision';

// The revision of a save or a creation (save_news_info), written by the change's own statement
// through cms_news_save_revision (migration 20261205000000): the app passes what it knows from
// the row it read — the changed keys — so the database function only numbers the revision and
// prunes beyond 系统设置 revision_keep (issue 22: a save may cost at most 10 % more
// than without revisions; docs/BENCHMARKS.md → Revisions). The item's texts are stored only when a
// later change replaces them (migration 20261207000000_lazy_revision_texts). Every other change of an item goes
// through recordRevisions (cms_news_revision_row, which finds the changed keys itself).

/** The keys a save changed (changed-keys.ts, savedChanges); a creation lists every key. */
type ChangedKeys = { columnKeys: string[]; fieldKeys: string[] } | 'all';

/** Every key a creation lists: the compared base columns, 'content', then the fields it holds. */
const CREATED_KEYS = [...COMPARED_COLUMNS, 'content'];

/** revision_keep when the settings row holds no valid one. */
const KEEP_DEFAULT = defaultSystemSettings().revision_keep;

/**
 * The common table expression that writes the revision of each item of `from` (`changed` of a
 * save's `WITH changed AS (UPDATE … RETURNING *)`, `created` of a creation's INSERT) as it is after
 * the change, revision_keep read by the function from the stored settings row (as keepSql reads it).
 * It answers `(id, rev)` per item written. It has no INSERT of its own (the function inserts), so it
 * runs only when read: the statement's answer must take its ids from `rev_written`.
 */
export const savedRevisionCte = ({
  from,
  action,
  keys,
}: {
  from: Prisma.Sql;
  action: Extract<RevisionAction, 'create' | 'update'>;
  keys: ChangedKeys;
}) => {
  const actor = currentActor();
  const name = (actor.name || actor.username).slice(0, 64);
  const [columnKeys, fieldKeys] = keys === 'all' ? [CREATED_KEYS, null] : [keys.columnKeys, keys.fieldKeys];
  return Prisma.sql`
  rev_written AS (
    SELECT s.id, cms_news_save_revision(s::news, ${action}, ${columnKeys}::text[], ${fieldKeys}::text[],
      ${actor.userId}::int, ${name}, ${SETTINGS_ROW_KEY}, ${KEEP_DEFAULT}::int) AS rev
    FROM ${from} AS s)`;
};
