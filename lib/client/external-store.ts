export type ExternalStore<T> = {
  get: () => T;
  set: (next: T | ((previous: T) => T)) => void;
  subscribe: (listener: () => void) => () => void;
};

/**
 * A module-level store for state that non-React code (the API client, window listeners) also
 * writes. React reads it with components/common/use-external-store.ts (lib/ imports no React).
 */
export const createExternalStore = <T>({ initial }: { initial: T }): ExternalStore<T> => {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set: (next) => {
      state = typeof next === 'function' ? (next as (previous: T) => T)(state) : next;
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};
