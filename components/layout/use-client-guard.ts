'use client';

import { showToast, TOAST_MS } from '@/lib/client/toast';
import { useEffect, useRef } from 'react';
import { endPageSession } from '@/lib/auth/end-page-session';
import { useAppRouter } from '@/components/common/use-app-router';
import { ApiError, NETWORK_ERROR_CODE } from '@/lib/client/api/core';
import { fetchUserInfo } from '@/lib/client/api/auth';
import { leaveLoginNotice } from '@/lib/client/login-notice';
import { removeToken } from '@/lib/client/cookie-store';
import { loginPathFor } from '@/lib/routes/safe-redirect';
import { useSession } from './session-context';

export const ROLES_REQUIRED_MESSAGE = '获取用户信息失败：角色不能为空';
const VERIFY_FAILED_MESSAGE = '验证失败，请重新登录';

/**
 * On entering the admin area: confirm the browser's token with login/info and take the fresh
 * user (roles may have changed). A refusal or an empty role list signs the browser out and sends
 * it to /login.
 */
export const useClientGuard = () => {
  const { setUser } = useSession();
  const router = useAppRouter();
  const hasStarted = useRef(false);

  useEffect(() => {
    // Strict Mode mounts twice in development; one check is enough.
    if (hasStarted.current) return;
    hasStarted.current = true;

    const verify = async () => {
      try {
        const info = await fetchUserInfo({ isQuiet: true });
        if (!info || !Array.isArray(info.roles) || info.roles.length === 0)
          throw new Error(ROLES_REQUIRED_MESSAGE);
        setUser(info);
      } catch (error) {
        // No answer (offline, timed out, or the page is unloading mid-request) says nothing about the
        // session: report it and keep the user signed in rather than throwing away their work.
        if (error instanceof ApiError && error.code === NETWORK_ERROR_CODE) {
          showToast(error.message, { variant: 'error', autoHideDuration: TOAST_MS });
          return;
        }
        removeToken();
        const message = error instanceof Error && error.message ? error.message : VERIFY_FAILED_MESSAGE;
        showToast(message, { variant: 'error', autoHideDuration: TOAST_MS });
        leaveLoginNotice({ message });
        // The httpOnly page session goes too, or /login would send the browser straight back here.
        const loginPath = loginPathFor({ path: `${window.location.pathname}${window.location.search}` });
        try {
          await endPageSession();
          // A soft navigation keeps the toast above on screen.
          router.replace(loginPath);
        } catch {
          window.location.assign(loginPath);
        }
      }
    };
    void verify();
  }, [setUser, router]);
};
