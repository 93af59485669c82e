import { apiGet, apiRequest } from '@/lib/client/api/core';
import type { ClassDetail, ClassNode, ClassRoute } from '@/lib/categories/to-api';

export const fetchClassTree = () => apiGet<ClassNode[]>({ path: '/class_manage/get_class_list' });

export const fetchClassOne = ({ id }: { id: number }) =>
  apiGet<ClassDetail>({ path: '/class_manage/get_class_one', query: { id } });

// A type change converts every stored value of a category (~16 s for 200,000 items here); the
// server allows its transaction 120 s, and the browser waits as long.
export const requestSaveClass = ({ payload }: { payload: Record<string, unknown> }) =>
  apiRequest<{ id: number }>({
    path: '/class_manage/save_class',
    method: 'POST',
    body: payload,
    timeoutMs: 120_000,
  });

export const requestDeleteClass = ({ id }: { id: number }) =>
  apiRequest<null>({ path: '/class_manage/del_class', method: 'DELETE', body: { id } });

/** Moves a category under parentId (0: top level) to position `sort` among its new siblings. */
export const requestSortClass = ({ id, parentId, sort }: { id: number; parentId: number; sort: number }) =>
  apiRequest<null>({
    path: '/class_manage/sort_class',
    method: 'POST',
    body: { id, parent_id: parentId || null, sort },
  });

/** The /NewsManage menu as the session may see it (the move dialog's targets). */
export const fetchClassRouter = () => apiGet<ClassRoute[]>({ path: '/class_manage/get_class_router' });
