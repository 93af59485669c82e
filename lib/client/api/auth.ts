import { apiGet, apiRequest } from '@/lib/client/api/core';

export type UserInfo = {
  name: string;
  avatar: string;
  introduction: string;
  roles: string[];
  username: string;
};

/** Code of login/login when the account signs in with two-factor: data.ticket goes to step two. */
export const TWO_FACTOR_REQUIRED_CODE = 60206;

// Quiet: the login form shows every failure itself, and 60206 is not a failure but step two.
export const requestLogin = ({ username, password }: { username: string; password: string }) =>
  apiRequest<{ token: string }>({
    path: '/login/login',
    method: 'POST',
    body: { username, password },
    isQuiet: true,
  });

export const requestLoginTwoFactor = ({ ticket, code }: { ticket: string; code: string }) =>
  apiRequest<{ token: string }>({
    path: '/login/login_two_factor',
    method: 'POST',
    body: { ticket, code },
    isQuiet: true,
  });

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
