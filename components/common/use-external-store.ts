'use client';

import { useSyncExternalStore } from 'react';
import type { ExternalStore } from '@/lib/client/external-store';

/** Reads a store; the server render and hydration see `serverValue` so markup matches. */
export const useExternalStore = <T>({ store, serverValue }: { store: ExternalStore<T>; serverValue: T }) =>
  useSyncExternalStore(store.subscribe, store.get, () => serverValue);
