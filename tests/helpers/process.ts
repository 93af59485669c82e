import { DELETE as delProcessRoute } from '@/app/api/v1/manage/news_manage/del_process/route';
import { GET as hrStatusRoute } from '@/app/api/v1/manage/news_manage/get_hr_status_list/route';
import { GET as processFlowRoute } from '@/app/api/v1/manage/news_manage/get_process_flow/route';
import { GET as processListRoute } from '@/app/api/v1/manage/news_manage/get_process_list/route';
import { GET as processStepsRoute } from '@/app/api/v1/manage/news_manage/get_process_steps/route';
import { POST as saveProcessRoute } from '@/app/api/v1/manage/news_manage/save_process/route';
import { getDb } from '@/lib/db/client';
import { call } from './api';

const asQuery = (query: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));

export type ProcessRecord = {
  id: number;
  news_id: number;
  process: number;
  process_name: string;
  step_removed: boolean;
  title: string;
  time: number;
  remark: string;
  attachments: string;
  created_by_name: string;
};

export const saveProcess = (token: string, body: Record<string, unknown>) =>
  call<{ id: number } | null>(saveProcessRoute, { method: 'POST', token, body });

/** Saves a record that must be accepted; its id. */
export const addRecord = async (token: string, body: Record<string, unknown>) => {
  const result = await saveProcess(token, { title: '记录', time: 1_767_225_600, ...body });
  if (result.body.code !== 200) throw new Error(`save_process failed: ${result.body.message}`);
  return (result.body.data as { id: number }).id;
};

export const delProcess = (token: string, body: unknown) =>
  call<null>(delProcessRoute, { method: 'DELETE', token, body });

export const processSteps = (token: string, query: Record<string, unknown>) =>
  call<{ id: number; content: string; timestamp: number | null }[]>(processStepsRoute, {
    token,
    query: asQuery(query),
  });

export const processList = (token: string, query: Record<string, unknown>) =>
  call<ProcessRecord[]>(processListRoute, { token, query: asQuery(query) });

/** get_process_list with `page` (and `limit`): one page and the total. */
export const processListPage = (token: string, query: Record<string, unknown>) =>
  call<{ data: ProcessRecord[]; total: number }>(processListRoute, { token, query: asQuery(query) });

export const hrStatus = (token: string, query: Record<string, unknown>) =>
  call<{ value: number; title: string; count: number }[]>(hrStatusRoute, { token, query: asQuery(query) });

export const processFlow = (token: string, query: Record<string, unknown>) =>
  call<{ value: number; title: string; count: number; median_seconds: number | null }[]>(processFlowRoute, {
    token,
    query: asQuery(query),
  });

/** news.process as stored. */
export const storedProcess = async (newsId: number) => {
  const db = await getDb();
  const row = await db.news.findUnique({ where: { id: newsId }, select: { process: true } });
  return row?.process ?? null;
};

/** Every record row, for comparing the table before and after a refused call. */
export const allRecords = async () => {
  const db = await getDb();
  return db.newsProcess.findMany({ orderBy: { id: 'asc' } });
};
