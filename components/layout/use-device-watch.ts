'use client';

import { useEffect, useEffectEvent } from 'react';
import { MOBILE_BREAKPOINT, useLayoutState } from './layout-state-context';
import { useActivePath } from './use-active-path';

/** Desktop or mobile by viewport width; on mobile the sidebar closes on resize and on navigation. */
export const useDeviceWatch = () => {
  const { device, sidebar, setDevice, closeSidebar } = useLayoutState();
  const activePath = useActivePath();

  const onResize = useEffectEvent(() => {
    if (document.hidden) return;
    const isMobile = window.innerWidth < MOBILE_BREAKPOINT;
    setDevice(isMobile ? 'mobile' : 'desktop');
    if (isMobile && sidebar.isOpened) closeSidebar({ withoutAnimation: true, isRemembered: false });
  });

  const onNavigate = useEffectEvent(() => {
    if (device === 'mobile' && sidebar.isOpened)
      closeSidebar({ withoutAnimation: false, isRemembered: false });
  });

  useEffect(() => {
    onResize();
    const listener = () => onResize();
    window.addEventListener('resize', listener);
    return () => window.removeEventListener('resize', listener);
  }, []);

  useEffect(() => onNavigate(), [activePath]);
};
