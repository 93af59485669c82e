import { apiGet, apiRequest } from '@/lib/api-client';
import type { StoredValue } from '@/lib/fields/type-definition';
import type { ClassInfoData } from './class-info-types';

export const fetchClassInfo = ({ id, isQuiet }: { id: number; isQuiet?: boolean }) =>
  apiGet<ClassInfoData>({ path: '/news_manage/get_calss_info', query: { id }, isQuiet });

export const requestSaveClassInfo = ({ id, values }: { id: number; values: Record<string, StoredValue> }) =>
  apiRequest<null>({ path: '/news_manage/save_class_info', method: 'POST', body: { ...values, id } });
