import { apiGet, apiRequest } from '@/lib/client/api/core';
import type { ClassOption, MySession, UserRow } from '@/lib/users/schemas';

export type UserDraft = {
  id?: number;
  username: string;
  name: string;
  /** Left out: unchanged on an edit. */
  avatar?: string;
  introduction?: string;
  roles: string[];
  class_ids?: number[];
  is_disabled: boolean;
  password?: string;
};

export const fetchUsers = (query: { page: number; limit: number; keyword: string }) =>
  apiGet<{ data: UserRow[]; total: number }>({ path: '/manage_user/get_user_list', query });

export const fetchClassOptions = () => apiGet<ClassOption[]>({ path: '/manage_user/get_class_tree' });

/** The server's success message comes back for the toast. */
export const requestSaveUser = (body: UserDraft) =>
  apiRequest<{ id: number }>({ path: '/manage_user/save_user', method: 'POST', body });

export const requestDeleteUser = (id: number) =>
  apiRequest<null>({ path: '/manage_user/del_user', method: 'DELETE', body: { id } });

export const requestResetPassword = (body: { id: number; password: string }) =>
  apiRequest<null>({ path: '/manage_user/reset_password', method: 'POST', body, isQuiet: true });

export const requestResetTwoFactor = (id: number) =>
  apiRequest<null>({ path: '/manage_user/reset_two_factor', method: 'POST', body: { id } });

export const fetchMySessions = (query: { page: number; limit: number }) =>
  apiGet<{ data: MySession[]; total: number }>({ path: '/login/get_my_sessions', query });

export const requestEndMySession = (id: number) =>
  apiRequest<null>({ path: '/login/end_my_session', method: 'POST', body: { id } });
