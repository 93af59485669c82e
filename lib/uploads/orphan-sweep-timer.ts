import 'server-only';
import { logger } from '@/lib/logger';
import { orphanGraceHours, sweepOrphanFiles, SWEEP_INTERVAL_MS } from './orphan-sweep';

// The orphan sweep's timer in this process (the pass itself: orphan-sweep.ts): one pass at start-up
// and one every SWEEP_INTERVAL_MS, never two at once, ended before the database closes.

type SweepTimer = { timer: NodeJS.Timeout; running: Promise<void> | null; stopping: AbortController };
const store = globalThis as typeof globalThis & { __cmsOrphanSweep?: SweepTimer };

const runPass = (state: SweepTimer) => {
  if (state.running) return;
  state.running = sweepOrphanFiles({ signal: state.stopping.signal })
    .then(({ files }) => {
      const removed = files.filter((file) => !file.isFailed);
      if (removed.length > 0)
        logger.info(
          { count: removed.length, bytes: removed.reduce((sum, file) => sum + file.size, 0) },
          `已清理 ${removed.length} 个未被使用的上传文件`,
        );
    })
    .catch((error) => logger.warn({ err: error }, '清理未被使用的上传文件失败，稍后重试'))
    .finally(() => {
      state.running = null;
    });
};

/**
 * Starts this process's sweep timer (once): a pass now, in the background, and one every
 * SWEEP_INTERVAL_MS. Nothing when UPLOAD_ORPHAN_HOURS is 0. The timer does not keep the process alive.
 */
export const startOrphanSweep = () => {
  if (store.__cmsOrphanSweep || orphanGraceHours() <= 0) return;
  const state: SweepTimer = {
    timer: setInterval(() => runPass(state), SWEEP_INTERVAL_MS),
    running: null,
    stopping: new AbortController(),
  };
  state.timer.unref();
  store.__cmsOrphanSweep = state;
  runPass(state);
};

/** Stops the timer and ends a running pass after its current batch (before the database closes). */
export const stopOrphanSweep = async () => {
  const state = store.__cmsOrphanSweep;
  if (!state) return;
  store.__cmsOrphanSweep = undefined;
  clearInterval(state.timer);
  state.stopping.abort();
  await state.running;
};
