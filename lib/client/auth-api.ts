import { apiGet, apiRequest } from '@/lib/api-client';

export type UserInfo = {
  name: string;
  avatar: string;
  introduction: string;
  roles: string[];
  username: string;
};

export const requestLogin = ({ username, password }: { username: string; password: string }) =>
  apiRequest<{ token: string }>({ path: '/login/login', method: 'POST', body: { username, password } });

export const fetchUserInfo = ({ isQuiet }: { isQuiet?: boolean } = {}) =>
  apiGet<UserInfo>({ path: '/login/info', isQuiet });

export const requestLogout = ({ isQuiet }: { isQuiet?: boolean } = {}) =>
  apiRequest<null>({ path: '/login/logout', method: 'POST', body: {}, isQuiet });

export const requestChangePassword = ({
  oldPassword,
  newPassword,
}: {
  oldPassword: string;
  newPassword: string;
}) =>
  apiRequest<null>({
    path: '/login/change_password',
    method: 'POST',
    body: { old_password: oldPassword, new_password: newPassword },
  });
