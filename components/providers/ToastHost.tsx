'use client';

import dynamic from 'next/dynamic';
import { useEffect } from 'react';
import { useExternalStore } from '@/components/common/use-external-store';
import { dropQueuedToasts, toastsWanted } from '@/lib/client/toast';
import { OfflineToasts } from './OfflineToasts';

// notistack comes with the first toast, not with the first screen. If its chunk cannot be fetched
// (the server went away: the very moment a "网络错误" toast matters), a plain alert shows instead.
const ToastProvider = dynamic(
  () => import('./ToastProvider').then((module) => module.ToastProvider).catch(() => OfflineToasts),
  { ssr: false },
);

/** Mounts the toasts' provider when the page first wants a toast. */
export function ToastHost() {
  const isWanted = useExternalStore({ store: toastsWanted, serverValue: false });
  useEffect(() => dropQueuedToasts, []);
  return isWanted ? <ToastProvider /> : null;
}
