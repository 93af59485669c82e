'use client';

import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { readSidebarOpened, saveSidebarOpened } from '@/lib/client/cookie-store';

export type Device = 'desktop' | 'mobile';
/** Narrower than this the sidebar becomes a drawer (spec section 9). */
export const MOBILE_BREAKPOINT = 992;

type Sidebar = { isOpened: boolean; withoutAnimation: boolean };

type LayoutStateValue = {
  sidebar: Sidebar;
  device: Device;
  toggleSidebar: () => void;
  /** `isRemembered`: the user chose it (stored in the cookie); automatic closes on mobile are not. */
  closeSidebar: (options: { withoutAnimation: boolean; isRemembered: boolean }) => void;
  setDevice: (device: Device) => void;
};

const LayoutStateContext = createContext<LayoutStateValue | null>(null);

export function LayoutStateProvider({
  initialSidebarOpened,
  children,
}: {
  initialSidebarOpened: boolean;
  children: ReactNode;
}) {
  const [sidebar, setSidebar] = useState<Sidebar>({
    isOpened: initialSidebarOpened,
    withoutAnimation: false,
  });
  const [device, setDevice] = useState<Device>('desktop');

  const value = useMemo<LayoutStateValue>(
    () => ({
      sidebar,
      device,
      toggleSidebar: () => {
        const isOpened = !sidebar.isOpened;
        if (device === 'desktop') saveSidebarOpened({ isOpened });
        setSidebar({ isOpened, withoutAnimation: false });
      },
      closeSidebar: ({ withoutAnimation, isRemembered }) => {
        if (isRemembered) saveSidebarOpened({ isOpened: false });
        setSidebar({ isOpened: false, withoutAnimation });
      },
      setDevice: (next) => {
        // Back on a wide screen, the user's own choice (cookie) applies again.
        if (next === 'desktop' && device === 'mobile')
          setSidebar({ isOpened: readSidebarOpened(), withoutAnimation: true });
        setDevice(next);
      },
    }),
    [sidebar, device],
  );
  return <LayoutStateContext value={value}>{children}</LayoutStateContext>;
}

export const useLayoutState = () => {
  const value = useContext(LayoutStateContext);
  if (!value) throw new Error('useLayoutState must be used inside LayoutStateProvider');
  return value;
};
