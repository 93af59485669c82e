import { apiGet, apiRequest } from '@/lib/client/api/core';
import type {
  ProcessFlowStep,
  ProcessRecord,
  ProcessRecordInput,
  ProcessStatus,
  ProcessStep,
} from '@/lib/process/process-types';
import { SENSITIVE_REFUSAL_CODES, type SensitiveSaveAnswer } from '@/lib/sensitive/levels';

export const fetchProcessSteps = ({ newsId }: { newsId: number }) =>
  apiGet<ProcessStep[]>({ path: '/news_manage/get_process_steps', query: { id: newsId } });

/** Newest first; `process` narrows to one step. The newest 100 only: the rest come by fetchProcessPage. */
export const fetchProcessList = ({ newsId, process }: { newsId: number; process?: number | null }) =>
  apiGet<ProcessRecord[]>({ path: '/news_manage/get_process_list', query: { id: newsId, process } });

/** One page of the item's records, newest first, and how many there are; `process` narrows to one step. */
export const fetchProcessPage = ({
  newsId,
  process,
  page,
  limit,
}: {
  newsId: number;
  process: number | null;
  page: number;
  limit: number;
}) =>
  apiGet<{ data: ProcessRecord[]; total: number }>({
    path: '/news_manage/get_process_list',
    query: { id: newsId, process, page, limit },
  });

/** save_process; its 敏感词 refusals (40010 / 40011) are the form's to show. */
export const requestSaveProcess = ({ body }: { body: ProcessRecordInput & { sensitive_confirmed?: 1 } }) =>
  apiRequest<{ id: number } & SensitiveSaveAnswer>({
    path: '/news_manage/save_process',
    method: 'POST',
    body,
    ownCodes: SENSITIVE_REFUSAL_CODES,
  });

export const requestDeleteProcess = ({ id }: { id: number }) =>
  apiRequest<null>({ path: '/news_manage/del_process', method: 'DELETE', body: { id } });

export const fetchStatusList = ({ classId }: { classId: number }) =>
  apiGet<ProcessStatus[]>({ path: '/news_manage/get_hr_status_list', query: { class_id: classId } });

export const fetchProcessFlow = ({ classId }: { classId: number }) =>
  apiGet<ProcessFlowStep[]>({ path: '/news_manage/get_process_flow', query: { class_id: classId } });
