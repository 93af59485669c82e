'use client';

import { useEffect } from 'react';
import { ViewLoading } from '@/components/common/ViewLoading';
import { useAppRouter } from '@/components/common/use-app-router';
import { safeRedirectTarget } from '@/lib/routes/safe-redirect';

const OAUTH_CODE_KEY = 'x-admin-oauth-code';

/**
 * Landing page of a third-party sign-in popup: hands the query to the opener through localStorage
 * and closes; opened directly, it just moves on to ?redirect= (or home).
 */
export function AuthRedirectView() {
  const router = useAppRouter();
  useEffect(() => {
    const search = window.location.search.slice(1);
    if (window.opener) {
      window.localStorage.setItem(OAUTH_CODE_KEY, search);
      window.close();
      return;
    }
    router.replace(safeRedirectTarget({ raw: new URLSearchParams(search).get('redirect') }));
  }, [router]);
  return <ViewLoading label="正在跳转…" />;
}
