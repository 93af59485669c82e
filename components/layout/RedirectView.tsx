'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useAppRouter } from '@/components/common/use-app-router';
import { ViewLoading } from '@/components/common/ViewLoading';
import { useTagsView } from './tags-view-context';

/** /redirect/<path>: drops the kept-alive instance of <path>, then goes back to it, freshly built. */
export function RedirectView({ target }: { target: string }) {
  const { cached, evictView } = useTagsView();
  const router = useAppRouter();
  const query = useSearchParams().toString();
  const hasLeft = useRef(false);
  const isEvicted = !cached.includes(target);

  useEffect(() => {
    if (!isEvicted) evictView(target);
  }, [isEvicted, evictView, target]);

  useEffect(() => {
    // Only once the old instance is gone, or the same one would simply be shown again.
    if (!isEvicted || hasLeft.current) return;
    hasLeft.current = true;
    router.replace(`${target}${query ? `?${query}` : ''}`);
  }, [isEvicted, router, target, query]);

  return <ViewLoading label="正在刷新…" />;
}
