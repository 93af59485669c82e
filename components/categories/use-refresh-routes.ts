'use client';

import { useRouter } from 'next/navigation';
import { useCallback } from 'react';

/**
 * Re-reads the category menu: router.refresh() re-renders the (admin) layout on the server, which
 * loads get_class_router's routes again. Client state (kept-alive views, tags) is untouched.
 */
export const useRefreshRoutes = () => {
  const router = useRouter();
  return useCallback(() => router.refresh(), [router]);
};
