'use client';

import { useEffect, useRef } from 'react';
import { useAppRouter } from '@/components/common/use-app-router';
import { ViewLoading } from '@/components/common/ViewLoading';
import { useSession } from '@/components/layout/session-context';
import { useTagsView } from '@/components/layout/tags-view-context';
import { endPageSession } from '@/app/actions/end-page-session';
import { requestLogout } from '@/lib/client/auth-api';
import { removeToken } from '@/lib/client/cookie-store';

/** /logout: ends the session on the server, forgets token, user, routes and tabs, then shows /login. */
export function LogoutView() {
  const { resetSession } = useSession();
  const { resetViews } = useTagsView();
  const router = useAppRouter();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const logout = async () => {
      // A refused token still has to leave this browser, so the failure is not shown.
      await requestLogout({ isQuiet: true }).catch(() => undefined);
      removeToken();
      resetViews();
      resetSession();
      // Clears the page cookie even if the API call failed, so /login does not send the browser back.
      try {
        await endPageSession();
        router.replace('/login');
      } catch {
        // The server action failed: a full page load lets the server see the cleared cookie.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign('/login');
      }
    };
    void logout();
  }, [resetSession, resetViews, router]);

  return <ViewLoading label="正在退出登录…" />;
}
