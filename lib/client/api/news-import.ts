import { apiGet, apiRequest } from '@/lib/client/api/core';
import { downloadFile } from '@/lib/client/api/download';

/** One problem of a row of an import file (row as Excel numbers it, header = 1). */
export type ImportRowError = { row: number; column: string; cell: string; field: string; message: string };

export type ImportTargetOption = { key: string; title: string; type: string; required: boolean };

/** What import_news (and get_import_status's result) answers. */
export type ImportAnswer = {
  job: string;
  state: 'done';
  mode: 'dry_run' | 'commit';
  committed: boolean;
  file_name: string;
  total: number;
  valid: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  key: string;
  mapping: Record<string, string>;
  columns: { column: string; header: string; field: string; samples: string[] }[];
  targets: ImportTargetOption[];
  repeat_of: { imported_at: number; username: string } | null;
  errors: ImportRowError[];
  errors_total: number;
  preview: (Record<string, unknown> & { row: number; action: string; title: string })[];
};

export type ImportStatus = {
  job: string;
  state: 'running' | 'done' | 'failed';
  phase: 'read' | 'check' | 'write';
  done: number;
  total: number;
  result: ImportAnswer | null;
  error: { code: number; message: string; data: unknown } | null;
};

export type ImportRequest = {
  file: File;
  classId: number;
  mode: 'dry_run' | 'commit';
  onError: 'all' | 'skip';
  key: string;
  mapping: Record<string, string> | null;
  allowRepeat: boolean;
  sensitiveConfirmed: boolean;
  /** Answer {job} at once; progress from get_import_status. */
  isBackground: boolean;
};

/** import_news: the file with its options (the file goes again with each call; the server keeps none). */
export const uploadImportNews = (request: ImportRequest) => {
  const body = new FormData();
  body.set('class_id', String(request.classId));
  body.set('mode', request.mode);
  body.set('on_error', request.onError);
  if (request.key) body.set('key', request.key);
  if (request.mapping) body.set('mapping', JSON.stringify(request.mapping));
  if (request.allowRepeat) body.set('allow_repeat', '1');
  if (request.sensitiveConfirmed) body.set('sensitive_confirmed', '1');
  if (request.isBackground) body.set('background', '1');
  body.set('file', request.file);
  return apiRequest<ImportAnswer | ImportStatus>({
    path: '/news_manage/import_news',
    method: 'POST',
    body,
    timeoutMs: 300_000,
  });
};

export const fetchImportStatus = ({ job }: { job: string }) =>
  apiGet<ImportStatus>({ path: '/news_manage/get_import_status', query: { job } });

export const downloadImportTemplate = ({ classId, name }: { classId: number; name: string }) =>
  downloadFile({
    path: '/news_manage/get_import_template',
    query: { class_id: classId },
    fallbackName: `${name}-导入模板.xlsx`,
  });

export const downloadImportErrors = ({ job }: { job: string }) =>
  downloadFile({
    path: '/news_manage/export_import_errors',
    query: { job },
    fallbackName: '导入错误行.xlsx',
  });
