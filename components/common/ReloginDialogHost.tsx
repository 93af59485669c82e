'use client';

import dynamic from 'next/dynamic';
import { useExternalStore } from '@/components/common/use-external-store';
import { useHasBeenTrue } from '@/components/common/use-has-been-true';
import { reloginDialogStore } from '@/lib/client/relogin-store';

const ReloginDialog = dynamic(() => import('./ReloginDialog').then((module) => module.ReloginDialog), {
  ssr: false,
});

/** The re-login dialog, loaded the first time a session ends under the page (not with every page). */
export function ReloginDialogHost() {
  const isOpen = useExternalStore({ store: reloginDialogStore, serverValue: false });
  return useHasBeenTrue(isOpen) ? <ReloginDialog /> : null;
}
