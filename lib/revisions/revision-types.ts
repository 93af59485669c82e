import type { SensitiveHit } from '@/lib/sensitive/levels';
// Type-only and shared with the browser: what the revision calls (news_manage/get_news_revisions,
// get_news_revision, diff_news_revisions, revert_news) answer.
import type { NewsItem } from '@/lib/news/item-types';
import type { RevisionAction } from './actions';

/** One line of an item's history (get_news_revisions), newest first. `time` in seconds. */
export type RevisionSummary = {
  rev: number;
  action: RevisionAction;
  user_name: string;
  time: number;
  /** Keys of the fields this change touched (base columns, content, dynamic fields). */
  changed: string[];
};

export type RevisionPage = { data: RevisionSummary[]; total: number };

/** An item as it was at one revision (get_news_revision): shaped like get_news_one's data. */
export type RevisionSnapshot = NewsItem & Omit<RevisionSummary, 'changed'>;

/** A run of a rich text's words: kept, only in the later state (insert) or only in the earlier (delete). */
export type TextDiffOp = { op: 'equal' | 'insert' | 'delete'; text: string };

/** One field that differs between two states (diff_news_revisions); `diff` only for rich text. */
export type FieldDiff = {
  key: string;
  title: string;
  before: unknown;
  after: unknown;
  diff?: TextDiffOp[];
};

/**
 * revert_news (the item's new row version) and revert_class_info: keys of the revision no longer in
 * the category's schema.
 */
export type RevertAnswer = { row_version?: string; dropped?: string[]; sensitive_replaced?: SensitiveHit[] };
