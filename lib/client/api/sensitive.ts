import { apiGet, apiRequest } from '@/lib/client/api/core';
import { downloadFile } from '@/lib/client/api/download';
import type { SensitiveHit, SensitiveLevel, SensitiveList, SensitiveWordRow } from '@/lib/sensitive/levels';

// 敏感词: the word lists (系统设置 → 敏感词, role system_set) and the checks of content (news_content).

export type SensitiveWordsQuery = {
  list: SensitiveList;
  word: string;
  /** '' for every level. */
  level: SensitiveLevel | '';
  page: number;
  limit: number;
};

export const fetchSensitiveWords = (query: SensitiveWordsQuery) =>
  apiGet<{ data: SensitiveWordRow[]; total: number }>({ path: '/system_set/get_sensitive_words', query });

export type SensitiveWordDraft = {
  id?: number;
  list: SensitiveList;
  word: string;
  level: SensitiveLevel | null;
  replacement: string;
  note: string;
};

const BAD_INPUT: ReadonlySet<number> = new Set([400]);

/** A refusal of bad input (400) is the dialog's to show, under the field it is about. */
export const requestSaveSensitiveWord = (draft: SensitiveWordDraft) =>
  apiRequest<{ id: number }>({
    path: '/system_set/save_sensitive_word',
    method: 'POST',
    body: draft,
    ownCodes: BAD_INPUT,
  });

export const requestDeleteSensitiveWords = ({ ids }: { ids: readonly number[] }) =>
  apiRequest<{ count: number }>({
    path: '/system_set/del_sensitive_word',
    method: 'DELETE',
    body: ids.length === 1 ? { id: ids[0] } : { ids },
  });

export type SensitiveImportResult = {
  added: number;
  skipped: { line: number; reason: string }[];
  skipped_total: number;
};

/** A .txt / .csv into a list; `level` is that of the lines naming none (deny list). */
export const uploadSensitiveWords = ({
  file,
  list,
  level,
}: {
  file: File;
  list: SensitiveList;
  level: SensitiveLevel;
}) => {
  const body = new FormData();
  body.set('list', list);
  if (list === 'deny') body.set('level', level);
  body.set('file', file);
  return apiRequest<SensitiveImportResult>({
    path: '/system_set/import_sensitive_words',
    method: 'POST',
    body,
    timeoutMs: 300_000,
  });
};

export const downloadSensitiveWords = ({ list }: { list: SensitiveList }) =>
  downloadFile({
    path: '/system_set/export_sensitive_words',
    query: { list },
    fallbackName: list === 'allow' ? '敏感词白名单.csv' : '敏感词.csv',
  });

/** check_sensitive: the hits of a form's values as they would be saved (nothing is saved). */
export const requestCheckSensitive = ({ body }: { body: Record<string, unknown> & { class_id: number } }) =>
  apiRequest<{ hits: SensitiveHit[] }>({ path: '/news_manage/check_sensitive', method: 'POST', body });

export type SensitiveScanItem = { id: number; class_id: number; title: string; hits: SensitiveHit[] };
export type SensitiveScanPage = {
  data: SensitiveScanItem[];
  total: number;
  scanned: number;
  next_after_id: number | null;
};

/** scan_sensitive: the next `limit` items of the category after `afterId`, those with hits answered. */
export const requestScanSensitive = ({
  classId,
  afterId,
  limit,
}: {
  classId: number;
  afterId: number;
  limit: number;
}) =>
  apiRequest<SensitiveScanPage>({
    path: '/news_manage/scan_sensitive',
    method: 'POST',
    body: { class_id: classId, after_id: afterId, limit },
    timeoutMs: 120_000,
  });
