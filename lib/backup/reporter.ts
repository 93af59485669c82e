// What backup and restore print while they work: a line per phase and progress lines under it,
// never a secret. The CLI prints to the console; tests collect the lines.
export type Reporter = {
  phase: (text: string) => void;
  info: (text: string) => void;
};

export const consoleReporter = (): Reporter => {
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
  return {
    phase: (text) => console.log(`[${elapsed()}] ${text}`),
    info: (text) => console.log(`         ${text}`),
  };
};

export const formatBytes = (bytes: number) => {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
};

export const formatCount = (count: number) => count.toLocaleString('en-US');

/** Calls `print` at most every `everyMs` (and for the last item when `total` is given): progress lines. */
export const throttled = (print: (done: number) => void, everyMs = 1000) => {
  let last = Date.now();
  return (done: number, total?: number) => {
    const now = Date.now();
    if (done === total || now - last >= everyMs) {
      last = now;
      print(done);
    }
  };
};
