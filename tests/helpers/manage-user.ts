import { DELETE as delUserRoute } from '@/app/api/v1/manage/manage_user/del_user/route';
import { GET as classTreeRoute } from '@/app/api/v1/manage/manage_user/get_class_tree/route';
import { GET as userListRoute } from '@/app/api/v1/manage/manage_user/get_user_list/route';
import { POST as resetPasswordRoute } from '@/app/api/v1/manage/manage_user/reset_password/route';
import { POST as resetTwoFactorRoute } from '@/app/api/v1/manage/manage_user/reset_two_factor/route';
import { POST as saveUserRoute } from '@/app/api/v1/manage/manage_user/save_user/route';
import { GET as infoRoute } from '@/app/api/v1/manage/login/info/route';
import { getDb } from '@/lib/db/client';
import type { UserRow } from '@/lib/users/schemas';
import { call } from './api';

export const GOOD_PASSWORD = 'Start12345';

export const saveUser = (token: string, body: Record<string, unknown>) =>
  call<{ id: number }>(saveUserRoute, { method: 'POST', token, body });

/** save_user of a new user (a fresh username, a good password), answered as it is. */
export const createUserCall = (token: string, body: Record<string, unknown> = {}) =>
  saveUser(token, {
    username: `u${Math.random().toString(36).slice(2, 10)}`,
    name: '新用户',
    roles: ['news_content'],
    password: GOOD_PASSWORD,
    ...body,
  });

export const newUser = async (token: string, body: Record<string, unknown> = {}) => {
  const result = await createUserCall(token, body);
  if (result.body.code !== 200) throw new Error(`save_user failed: ${result.body.message}`);
  return result.body.data.id;
};

export const listUsers = (token: string, query: Record<string, string> = {}) =>
  call<{ data: UserRow[]; total: number }>(userListRoute, { token, query });

export const delUser = (token: string, id: unknown) =>
  call(delUserRoute, { method: 'DELETE', token, body: { id } });

export const resetPassword = (token: string, body: Record<string, unknown>) =>
  call(resetPasswordRoute, { method: 'POST', token, body });

export const resetTwoFactorOf = (token: string, id: unknown) =>
  call(resetTwoFactorRoute, { method: 'POST', token, body: { id } });

export const classTree = (token: string) => call(classTreeRoute, { token });

export const infoCode = async (token: string) => (await call(infoRoute, { token })).body;

/** The stored row, read straight from the table (to prove "nothing changed"). */
export const userRow = async (id: number) => (await getDb()).adminUser.findUnique({ where: { id } });

/** Row of `id` as the list answers it (searched by username). */
export const listedUser = async (token: string, id: number) => {
  const row = await userRow(id);
  const result = await listUsers(token, { keyword: row?.username ?? '', limit: '100' });
  return result.body.data.data.find((user) => user.id === id);
};
