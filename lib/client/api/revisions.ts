import { apiGet, apiRequest } from '@/lib/client/api/core';
import type { FieldDiff, RevertAnswer, RevisionPage, RevisionSnapshot } from '@/lib/revisions/revision-types';

/** One page of an item's 历史版本, newest first. */
export const fetchNewsRevisions = ({
  newsId,
  page,
  limit,
}: {
  newsId: number;
  page: number;
  limit: number;
}) => apiGet<RevisionPage>({ path: '/news_manage/get_news_revisions', query: { id: newsId, page, limit } });

/** The item as it was at revision `rev`. */
export const fetchNewsRevision = ({ newsId, rev }: { newsId: number; rev: number }) =>
  apiGet<RevisionSnapshot>({ path: '/news_manage/get_news_revision', query: { id: newsId, rev } });

/** The fields that differ from revision `from` to revision `to` (none: the item as it is now). */
export const fetchRevisionDiff = ({ newsId, from, to }: { newsId: number; from: number; to?: number }) =>
  apiGet<FieldDiff[]>({ path: '/news_manage/diff_news_revisions', query: { id: newsId, from, to } });

/** Makes the item equal to revision `rev` (a new revision of its own); refuses a stale row_version. */
export const requestRevertNews = ({
  newsId,
  rev,
  rowVersion,
}: {
  newsId: number;
  rev: number;
  rowVersion?: string;
}) =>
  apiRequest<RevertAnswer>({
    path: '/news_manage/revert_news',
    method: 'POST',
    body: { id: newsId, rev, ...(rowVersion ? { row_version: rowVersion } : {}) },
  });
