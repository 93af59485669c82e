'use client';

import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { saveUiSize } from '@/lib/client/cookie-store';
import type { UiSize } from '@/lib/client/ui-cookies';

type UiSizeContextValue = { size: UiSize; changeSize: (options: { size: UiSize }) => void };

const UiSizeContext = createContext<UiSizeContextValue | null>(null);

/** The global control size; starts from the `size` cookie the server read, so the first paint matches. */
export function UiSizeProvider({ initialSize, children }: { initialSize: UiSize; children: ReactNode }) {
  const [size, setSize] = useState(initialSize);
  const value = useMemo<UiSizeContextValue>(
    () => ({
      size,
      changeSize: ({ size: next }) => {
        saveUiSize({ size: next });
        setSize(next);
      },
    }),
    [size],
  );
  return <UiSizeContext value={value}>{children}</UiSizeContext>;
}

export const useUiSize = () => {
  const value = useContext(UiSizeContext);
  if (!value) throw new Error('useUiSize must be used inside UiSizeProvider');
  return value;
};
