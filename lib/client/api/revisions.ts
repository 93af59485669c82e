import { apiGet, apiRequest } from '@/lib/client/api/core';
import { SENSITIVE_WARN_CODE } from '@/lib/sensitive/levels';
import type { FieldDiff, RevertAnswer, RevisionPage, RevisionSnapshot } from '@/lib/revisions/revision-types';

// A version's warn words are asked about by the caller; a block word is reported like any refusal.
const WARN_ONLY: ReadonlySet<number> = new Set([SENSITIVE_WARN_CODE]);

/** Whose history: an item (news_manage/*_news_revision*) or a single page (*_class_info_revision*). */
type Kind = 'news' | 'page';

const PATHS = {
  news: { list: 'get_news_revisions', diff: 'diff_news_revisions', revert: 'revert_news' },
  page: { list: 'get_class_info_revisions', diff: 'diff_class_info_revisions', revert: 'revert_class_info' },
} as const;

/** One page of the history of an item or a single page (id: the item's, or the category's), newest first. */
export const fetchRevisions = ({
  kind,
  id,
  page,
  limit,
}: {
  kind: Kind;
  id: number;
  page: number;
  limit: number;
}) => apiGet<RevisionPage>({ path: `/news_manage/${PATHS[kind].list}`, query: { id, page, limit } });

/** An item as it was at revision `rev`. */
export const fetchNewsRevision = ({ newsId, rev }: { newsId: number; rev: number }) =>
  apiGet<RevisionSnapshot>({ path: '/news_manage/get_news_revision', query: { id: newsId, rev } });

/** The fields that differ from revision `from` to revision `to` (none: as it is now). */
export const fetchRevisionDiff = ({
  kind,
  id,
  from,
  to,
}: {
  kind: Kind;
  id: number;
  from: number;
  to?: number;
}) => apiGet<FieldDiff[]>({ path: `/news_manage/${PATHS[kind].diff}`, query: { id, from, to } });

/**
 * Makes the item or page equal to revision `rev` (a new revision of its own). An item's
 * `rowVersion` makes a change made since the form was opened refuse.
 */
export const requestRevert = ({
  kind,
  id,
  rev,
  rowVersion,
  isConfirmed = false,
}: {
  kind: Kind;
  id: number;
  rev: number;
  rowVersion?: string;
  /** The version's warn words were confirmed (after a 40011, which the caller answers itself). */
  isConfirmed?: boolean;
}) =>
  apiRequest<RevertAnswer>({
    path: `/news_manage/${PATHS[kind].revert}`,
    method: 'POST',
    body: {
      id,
      rev,
      ...(kind === 'news' && rowVersion ? { row_version: rowVersion } : {}),
      ...(isConfirmed ? { sensitive_confirmed: 1 } : {}),
    },
    ownCodes: WARN_ONLY,
  });
