'use client';

import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppRouter } from '@/components/common/use-app-router';
import { useHydrated } from '@/components/common/use-hydrated';
import { ViewLoading } from '@/components/common/ViewLoading';
import { useSession } from '@/components/layout/session-context';
import { useTagsView } from '@/components/layout/tags-view-context';
import { endPageSession } from '@/lib/auth/end-page-session';
import { requestLogout } from '@/lib/client/api/auth';
import { removeToken } from '@/lib/client/cookie-store';
import { isDocumentEntry } from '@/lib/client/document-entry';
import { HOME_PATH } from '@/lib/routes/table';

/**
 * /logout: ends the session on the server, forgets token, user, routes and tabs, then shows /login.
 * Reached from the menu (an in-app navigation) it signs out at once; opened as a page load — which
 * a link on another site can cause — it asks first, so nobody can sign a user out with a link.
 */
export function LogoutView() {
  const { user, resetSession } = useSession();
  const { resetViews } = useTagsView();
  const router = useAppRouter();
  const hasStarted = useRef(false);
  const isHydrated = useHydrated();
  const [isAsking, setIsAsking] = useState(() => isDocumentEntry('/logout'));

  const logout = useCallback(async () => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    setIsAsking(false);
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
  }, [resetSession, resetViews, router]);

  useEffect(() => {
    if (!isAsking) void logout();
  }, [isAsking, logout]);

  if (!isAsking) return <ViewLoading label="正在退出登录…" />;
  return (
    <Card variant="outlined" sx={{ maxWidth: 480, mx: 'auto', mt: { xs: 2, sm: 6 } }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <LogoutOutlined color="action" />
          <Typography component="h1" variant="h6">
            退出登录
          </Typography>
        </Box>
        <Typography>确定要退出当前账号（{user.name || user.username}）吗？</Typography>
        <Box sx={{ display: 'flex', gap: 1.5 }}>
          <Button variant="contained" disabled={!isHydrated} onClick={() => void logout()}>
            退出登录
          </Button>
          <Button variant="outlined" disabled={!isHydrated} onClick={() => router.replace(HOME_PATH)}>
            取消
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
