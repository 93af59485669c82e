import { randomBytes } from 'node:crypto';
import { POST as loginRoute } from '@/app/api/v1/manage/login/login/route';
import { hashPassword } from '@/lib/auth/password';
import { getDb } from '@/lib/db/client';
import { call } from './api';

type NewUser = {
  username?: string;
  password?: string;
  roles?: string[];
  isDisabled?: boolean;
  name?: string;
};

export const createUser = async ({
  username = `u_${randomBytes(4).toString('hex')}`,
  password = 'Passw0rd!x',
  roles = ['admin'],
  isDisabled = false,
  name = '测试用户',
}: NewUser = {}) => {
  const db = await getDb();
  const user = await db.adminUser.create({
    data: { username, name, roles, isDisabled, passwordHash: await hashPassword(password) },
  });
  return { ...user, password };
};

export const loginAs = async ({
  username,
  password,
  ip,
}: {
  username: string;
  password: string;
  ip?: string;
}) => {
  const result = await call<{ token: string }>(loginRoute, {
    method: 'POST',
    body: { username, password },
    ip,
  });
  if (result.body.code !== 200) throw new Error(`login failed: ${result.body.message}`);
  return result.body.data.token;
};

/** A signed-in user with the given roles, ready for calls. */
export const signedIn = async (user: NewUser = {}) => {
  const created = await createUser(user);
  const token = await loginAs(created);
  return { user: created, token };
};
