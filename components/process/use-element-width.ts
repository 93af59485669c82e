'use client';

import { useEffect, useRef, useState } from 'react';

/** The width of an element, kept up to date as it resizes (the window, a drawer opening). */
export const useElementWidth = <T extends HTMLElement>({ initial }: { initial: number }) => {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth || initial);
    const observer = new ResizeObserver(([entry]) => {
      if (entry.contentRect.width > 0) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [initial]);
  return { ref, width };
};
