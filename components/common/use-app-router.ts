'use client';

import { useRouter } from 'next/navigation';
import { useMemo } from 'react';
import { startProgress } from '@/lib/client/progress';

/** useRouter with the top progress bar, for navigations started from code rather than a link. */
export const useAppRouter = () => {
  const router = useRouter();
  return useMemo(
    () => ({
      push: (href: string) => {
        startProgress({ href });
        router.push(href);
      },
      replace: (href: string) => {
        startProgress({ href });
        router.replace(href);
      },
      back: () => router.back(),
    }),
    [router],
  );
};
