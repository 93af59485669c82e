'use client';

import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import type { ClassInfo } from '@/lib/categories/to-api';
import type { NewsListAnswer } from '@/lib/news/item-types';
import type { FirstScreen } from '@/lib/routes/first-screen';

/**
 * The content list the server read for a full page load (lib/routes/first-screen.ts), handed to
 * the views that open it first. Each part is given out once, to the first view that mounts for
 * it: the server-rendered HTML and the hydrating view then agree, and a view opened again later
 * (its tab closed and reopened) reads fresh data as usual.
 */
type Part = 'info' | 'list' | 'prefetch';

class FirstScreenStore {
  private readonly taken = new Set<Part>();

  constructor(readonly seed: FirstScreen | null) {}

  info(classId: number | undefined) {
    return this.seed && this.seed.classId === classId && !this.taken.has('info') ? this.seed.info : null;
  }

  page({ classId, limit }: { classId: number; limit: number }) {
    const page = this.seed?.classId === classId ? this.seed.firstPage : null;
    return page?.limit === limit && !this.taken.has('list') ? page.answer : null;
  }

  take(part: Part) {
    this.taken.add(part);
  }

  /** True once, for the path the page was loaded at. */
  takePath(path: string) {
    if (this.seed?.path !== path || this.taken.has('prefetch')) return false;
    this.take('prefetch');
    return true;
  }
}

const FirstScreenContext = createContext<FirstScreenStore | null>(null);

export function FirstScreenProvider({ value, children }: { value: FirstScreen | null; children: ReactNode }) {
  // From the first render only: a later router.refresh() re-renders the layout with the path of
  // that moment, for views that are mounted already.
  const [store] = useState(() => new FirstScreenStore(value));
  return <FirstScreenContext value={store}>{children}</FirstScreenContext>;
}

/** The server's info of `classId` for this view's first render, or null (none, or given out already). */
export const useFirstScreenInfo = (classId: number | undefined): ClassInfo | null => {
  const store = useContext(FirstScreenContext);
  const [info] = useState(() => store?.info(classId) ?? null);
  useEffect(() => {
    if (info) store?.take('info');
  }, [info, store]);
  return info;
};

/** The server's page 1 of `classId` at `limit` items, for the list's first render, or null. */
export const useFirstScreenPage = ({
  classId,
  limit,
}: {
  classId: number;
  limit: number;
}): NewsListAnswer | null => {
  const store = useContext(FirstScreenContext);
  const [answer] = useState(() => store?.page({ classId, limit }) ?? null);
  useEffect(() => {
    if (answer) store?.take('list');
  }, [answer, store]);
  return answer;
};

/**
 * Whether the shell may skip asking early for `path`'s data because the server sent it: true once,
 * for the path the page was loaded at.
 */
export const useTakeFirstScreenPath = () => {
  const store = useContext(FirstScreenContext);
  return useCallback((path: string) => store?.takePath(path) ?? false, [store]);
};
