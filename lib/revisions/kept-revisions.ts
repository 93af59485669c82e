import 'server-only';
import { Prisma } from '@/lib/generated/prisma/client';

// Which of an item's revisions are still kept (系统设置 revision_keep; issue 22). Each revision
// records `pruned_to` (migration 20261209000000_revision_prune_batch): the item's revisions numbered
// up to the newest one's pruned_to are removed as that revision is written, beyond revision_keep.
// Their rows are deleted with the texts only they used when the item's revision number reaches a
// multiple of 8 (one DELETE of up to 8 rows instead of one per save: half a save's revision cost at
// revision_keep), or at once when a write removes more than one (revision_keep lowered). Until then
// every reader of revisions — the list and its total, one revision, a diff, a revert, the 首页's
// latest changes, the check of a file's uses — takes them through this condition. The newest
// revision always passes (its pruned_to is below its own number).

/** The newest pruned_to of the item `newsId` names (a number or a column), 0 without revisions. */
const prunedToSql = (newsId: Prisma.Sql) => Prisma.sql`COALESCE((
    SELECT l.pruned_to FROM news_revision l WHERE l.news_id = ${newsId} ORDER BY l.rev DESC LIMIT 1), 0)`;

/** The condition that revision row `alias` (of news_revision) is kept: not removed beyond revision_keep. */
export const keptRevisionSql = (alias: string) =>
  Prisma.sql`${Prisma.raw(`${alias}.rev`)} > ${prunedToSql(Prisma.raw(`${alias}.news_id`))}`;

/** The same for the revisions of one item, its pruned_to read once: `rev > …`. */
export const keptRevisionsOfSql = (newsId: number) => Prisma.sql`rev > ${prunedToSql(Prisma.sql`${newsId}`)}`;
