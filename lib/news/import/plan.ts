// The plan of one imported row and what planning reports, shared by the planning (plan-rows.ts), the
// call (import-news.ts) and the writing (write-plans.ts).
import type { StoredValue } from '@/lib/fields/type-definition';
import type { ScreenResult } from '@/lib/sensitive/check-text';
import type { ItemWord } from '@/lib/sensitive/levels';
import type { BaseValues } from '../save-base';
import type { CurrentRow } from '../save-states';
import type { ImportTarget } from './targets';

export type Existing = CurrentRow & { id: number; new_time: Date };

export type Plan = {
  row: number;
  action: 'create' | 'update' | 'unchanged';
  existing: Existing | null;
  base: BaseValues;
  fields: Record<string, StoredValue>;
  isLock: boolean | undefined;
  screened: ScreenResult | null;
  /** The listed words the item holds once written (lib/sensitive/item-hits.ts). */
  words: ItemWord[];
};

export type Column = { index: number; header: string; letter: string; target: ImportTarget };

/** One problem of a row: `row` as the user sees it (header = 1), `column` the header, `cell` e.g. C5. */
export type RowError = { row: number; column: string; cell: string; field: string; message: string };

export type ImportProgress = (progress: {
  phase: 'read' | 'check' | 'write';
  done: number;
  total: number;
  // A promise is awaited where the check phase reports (a test edits an item between check and commit).
}) => void | Promise<void>;
