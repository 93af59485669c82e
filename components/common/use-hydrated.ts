'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the server render and during hydration, true once React has taken the page over. A
 * server-rendered control whose work is done by a click handler stays disabled until then, so an
 * early click is not silently lost (the browser would otherwise show a button that does nothing).
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
