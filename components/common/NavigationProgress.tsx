'use client';

import 'nprogress/nprogress.css';
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { doneProgress } from '@/lib/client/progress';

/** Ends the top progress bar once a navigation has landed (App Router has no router events). */
export function NavigationProgress() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  useEffect(() => {
    doneProgress();
  }, [pathname, searchParams]);
  return null;
}
