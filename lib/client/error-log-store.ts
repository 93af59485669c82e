import { createExternalStore } from './external-store';

export type ErrorLogEntry = {
  id: number;
  message: string;
  /** Where it came from: file:line:column, or the React component stack. */
  info: string;
  url: string;
  stack: string;
  time: number;
};

// Bounded so a render loop that throws forever cannot eat the tab's memory.
const MAX_ENTRIES = 100;
let nextId = 1;

export const errorLogStore = createExternalStore<readonly ErrorLogEntry[]>({ initial: [] });

export const addErrorLog = ({ message, info, stack }: { message: string; info: string; stack: string }) => {
  const entry: ErrorLogEntry = {
    id: nextId++,
    message,
    info,
    stack,
    url: window.location.href,
    time: Date.now(),
  };
  errorLogStore.set((entries) => [...entries, entry].slice(-MAX_ENTRIES));
};

export const clearErrorLog = () => errorLogStore.set([]);

/** A thrown value of any shape as message + stack. */
export const describeError = ({ error }: { error: unknown }) => {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack ?? '' };
  if (typeof error === 'string') return { message: error, stack: '' };
  try {
    return { message: JSON.stringify(error), stack: '' };
  } catch {
    return { message: String(error), stack: '' };
  }
};
