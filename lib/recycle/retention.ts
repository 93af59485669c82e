import 'server-only';
import { getDb } from '@/lib/db/client';
import { logger } from '@/lib/logger';
import { readSystemSettings } from '@/lib/settings/system-settings';
import { purgeBinRows, type PurgedRow } from './purge-rows';
import { releaseUnreferencedFiles } from './release-files';

/**
 * The advisory lock a retention pass holds for its transaction: with several instances on one
 * PostgreSQL database only one purges at a time; the others find it taken and leave the work to
 * it (the next hour's pass, on whichever instance, picks up anything left).
 */
export const RETENTION_LOCK = 1_668_117_362;
/** Items purged per transaction, so a long catch-up never holds one transaction for long. */
const BATCH = 200;
/** How often each instance runs a pass (also once at start-up). */
export const RETENTION_INTERVAL_MS = 3_600_000;

export type RetentionResult = {
  /** Items purged by this call. */
  count: number;
  /** Another transaction held the lock: this call purged what it could before (usually nothing). */
  isBusy: boolean;
};

/**
 * Purges every item that has been in the 回收站 longer than 系统设置 recycle_days (0: keep until
 * purged by hand), in batches, each its own transaction holding RETENTION_LOCK
 * (pg_try_advisory_xact_lock: never waits). Rows a user is restoring or purging at that moment
 * are skipped (SKIP LOCKED), not waited for. Each item gets an 操作日志 entry `purge` by the system
 * with the reason; the uploads nothing uses any more are deleted after each batch. The timer
 * (startRecycleRetention) calls it; tests call it directly after moving deleted_at back.
 */
export const purgeExpiredItems = async (): Promise<RetentionResult> => {
  const { recycle_days: days } = await readSystemSettings();
  if (days <= 0) return { count: 0, isBusy: false };
  const reason = `回收站保留期满（${days} 天）`;
  const db = await getDb();
  let count = 0;
  for (;;) {
    const batch = await db.$transaction(async (tx) => {
      const [lock] = await tx.$queryRaw<{ taken: boolean }[]>`
        SELECT pg_try_advisory_xact_lock(${RETENTION_LOCK}::bigint) AS taken`;
      if (!lock?.taken) return null;
      const rows = await tx.$queryRaw<PurgedRow[]>`
        SELECT id, class_id, title FROM news_trash
        WHERE deleted_at < now() - make_interval(days => ${days}::int)
        ORDER BY deleted_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`;
      return { size: rows.length, files: await purgeBinRows({ tx, rows, reason }) };
    });
    if (!batch) return { count, isBusy: true };
    count += batch.size;
    await releaseUnreferencedFiles(batch.files);
    if (batch.size < BATCH) return { count, isBusy: false };
  }
};

type RetentionTimer = { timer: NodeJS.Timeout; running: Promise<void> | null };
const store = globalThis as typeof globalThis & { __cmsRecycleRetention?: RetentionTimer };

const runPass = (state: RetentionTimer) => {
  if (state.running) return;
  state.running = purgeExpiredItems()
    .then(({ count }) => {
      if (count > 0) logger.info({ count }, `回收站保留期满，已彻底删除 ${count} 条内容`);
    })
    .catch((error) => logger.warn({ err: error }, '回收站到期清理失败，一小时后重试'))
    .finally(() => {
      state.running = null;
    });
};

/**
 * Starts the retention timer of this process (once): a pass now, which catches up after downtime,
 * and one every hour. The timer does not keep the process alive.
 */
export const startRecycleRetention = () => {
  if (store.__cmsRecycleRetention) return;
  const state: RetentionTimer = {
    timer: setInterval(() => runPass(state), RETENTION_INTERVAL_MS),
    running: null,
  };
  state.timer.unref();
  store.__cmsRecycleRetention = state;
  runPass(state);
};

/** Stops the timer and waits for a running pass (before the database closes). */
export const stopRecycleRetention = async () => {
  const state = store.__cmsRecycleRetention;
  if (!state) return;
  store.__cmsRecycleRetention = undefined;
  clearInterval(state.timer);
  await state.running;
};
