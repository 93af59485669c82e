import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { getDb } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { logger } from '@/lib/logger';
import { configuredDriverName, getStorage } from '@/lib/storage/get-storage';
import { listStoredObjects, type StoredObject } from '@/lib/storage/list-objects';
import { removePartial } from '@/lib/storage/local-driver';
import { findFileReferences } from './file-references';

// The orphan sweep: uploads nothing uses, kept no longer than a grace period. An upload is stored
// and recorded (uploaded_file) before the form that uses it is saved; if that form is never saved,
// or the file's last user lets go of it in a way that does not delete it (a revision pruned, say),
// the file would stay forever. The sweep removes, once they are older than UPLOAD_ORPHAN_HOURS
// (24 h by default):
// - recorded uploads that nothing references (file-references.ts, the one list of places:
//   items and their process records, the 回收站, revisions, single pages and category data,
//   系统设置, avatars) — the object and its record, with an 操作日志 entry `delete` by the system;
// - objects of the app's in the configured store that have no record and no reference (an
//   upload whose process died between storing and recording it, a record whose object could not
//   be deleted before);
// - the local driver's half-written `.part` files (a process killed mid-upload).
// It runs in every instance at start-up and every SWEEP_INTERVAL_MS, each step a transaction that
// holds SWEEP_LOCK taken without waiting (pg_try_advisory_xact_lock): when another instance holds
// it, this pass stops and leaves the work to that one. `npm run storage:sweep -- --dry-run` lists
// what a pass would remove (scripts/storage-sweep.mjs).

/** The advisory lock each step of a pass holds (the 回收站's retention has 1_668_117_362). */
export const SWEEP_LOCK = 1_668_117_363;
/** How often each instance sweeps (also once at start-up). */
export const SWEEP_INTERVAL_MS = 6 * 3_600_000;
export const DEFAULT_GRACE_HOURS = 24;
/**
 * Records decided per transaction. Each is one reference probe (~0.1–1 ms on PostgreSQL, a few
 * on PGlite, where the transaction holds the only connection): a batch stays well under 100 ms.
 */
const BATCH = 50;
/** Between batches the pass lets other work in. */
const PAUSE_MS = 20;

/**
 * UPLOAD_ORPHAN_HOURS: how old an unused upload must be before the sweep removes it; 0 turns the
 * sweep off. Unset or not a number ≥ 0 → 24 (a wrong value is logged).
 */
export const orphanGraceHours = (env: NodeJS.ProcessEnv = process.env) => {
  const raw = env.UPLOAD_ORPHAN_HOURS?.trim();
  if (!raw) return DEFAULT_GRACE_HOURS;
  const hours = Number(raw);
  if (Number.isFinite(hours) && hours >= 0) return hours;
  logger.warn(
    { value: raw },
    `UPLOAD_ORPHAN_HOURS 无效（应为不小于 0 的小时数），按 ${DEFAULT_GRACE_HOURS} 小时处理`,
  );
  return DEFAULT_GRACE_HOURS;
};

/** Why a file goes: unreferenced (recorded, nothing uses it), unrecorded (no record, no use), partial. */
export type SweepReason = 'unreferenced' | 'unrecorded' | 'partial';

export type SweptFile = {
  key: string;
  driver: string;
  reason: SweepReason;
  size: number;
  /** When it was uploaded (recorded) or last written (unrecorded, partial). */
  since: Date;
  /** Whether removing it from the store failed (then it is tried again by a later pass). */
  isFailed?: boolean;
};

export type SweepResult = {
  files: SweptFile[];
  /** Another instance held the lock: this pass stopped where it was. */
  isBusy: boolean;
  /** UPLOAD_ORPHAN_HOURS is 0. */
  isOff: boolean;
};

type Tx = Prisma.TransactionClient;
type RecordRow = {
  id: number;
  name: string;
  key: string;
  driver: string;
  kind: string;
  original_name: string;
  size: number;
  created_at: Date;
};

const takeLock = async (tx: Tx) => {
  const [lock] = await tx.$queryRaw<{ taken: boolean }[]>`
    SELECT pg_try_advisory_xact_lock(${SWEEP_LOCK}::bigint) AS taken`;
  return Boolean(lock?.taken);
};

const isUnused = async (tx: Tx, name: string) => (await findFileReferences({ name, tx })).length === 0;

const nameOfKey = (key: string) => key.slice(key.lastIndexOf('/') + 1);

const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));

/**
 * Recorded uploads older than the grace that nothing references: in batches, each decided and
 * forgotten (record deleted, 操作日志 entry) in one transaction under the lock; the objects are
 * removed once it has committed. An object that cannot be removed then is left without a record:
 * the next pass finds it among the unrecorded ones.
 */
const sweepRecords = async ({
  graceSeconds,
  isDryRun,
  reason,
  files,
  signal,
}: {
  graceSeconds: number;
  isDryRun: boolean;
  reason: string;
  files: SweptFile[];
  signal?: AbortSignal;
}) => {
  const db = await getDb();
  for (let after = 0; ;) {
    const batch = await db.$transaction(async (tx) => {
      if (!(await takeLock(tx))) return null;
      const rows = await tx.$queryRaw<RecordRow[]>`
        SELECT id, name, key, driver, kind, original_name, size, created_at FROM uploaded_file
        WHERE created_at < now() - make_interval(secs => ${graceSeconds}::double precision) AND id > ${after}::int
        ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`;
      const unused: RecordRow[] = [];
      for (const row of rows) if (await isUnused(tx, row.name)) unused.push(row);
      if (!isDryRun && unused.length > 0) {
        await tx.$executeRaw`DELETE FROM uploaded_file WHERE id = ANY(${unused.map((row) => row.id)}::int[])`;
        await recordAudit(
          tx,
          unused.map((row) => ({
            action: 'delete' as const,
            targetType: 'file' as const,
            targetId: row.id,
            detail: {
              name: row.original_name || row.name,
              values: { file: row.name, kind: row.kind },
              reason,
            },
          })),
        );
      }
      return { size: rows.length, last: rows.at(-1)?.id ?? after, unused };
    });
    if (!batch) return false;
    for (const row of batch.unused) {
      const file: SweptFile = {
        key: row.key,
        driver: row.driver,
        reason: 'unreferenced',
        size: row.size,
        since: row.created_at,
      };
      if (!isDryRun) {
        await getStorage({ driver: row.driver })
          .remove({ key: row.key })
          .catch((error: unknown) => {
            file.isFailed = true;
            logger.warn(
              { err: error, key: row.key },
              '清理未被使用的上传文件时未能从存储中删除，下次清理时重试',
            );
          });
      }
      files.push(file);
    }
    if (batch.size < BATCH || signal?.aborted) return true;
    after = batch.last;
    await pause();
  }
};

/**
 * Objects in the configured store older than the grace that have no record and no reference, and
 * (local) half-written parts older than it. Each page of the listing is decided in one transaction
 * under the lock, then removed.
 */
const sweepStore = async ({
  cutoff,
  isDryRun,
  files,
  signal,
}: {
  cutoff: Date;
  isDryRun: boolean;
  files: SweptFile[];
  signal?: AbortSignal;
}) => {
  const db = await getDb();
  const driver = configuredDriverName();
  const storage = getStorage({ driver });
  for await (const page of listStoredObjects({ driver })) {
    if (signal?.aborted) break;
    const old = page.filter((object) => object.modifiedAt < cutoff);
    const candidates = old.filter((object) => !object.isPartial);
    let unrecorded: StoredObject[] = [];
    if (candidates.length > 0) {
      const decided = await db.$transaction(async (tx) => {
        if (!(await takeLock(tx))) return null;
        const names = candidates.map((object) => nameOfKey(object.key));
        const recorded = new Set(
          (
            await tx.$queryRaw<
              { name: string }[]
            >`SELECT name FROM uploaded_file WHERE name = ANY(${names}::text[])`
          ).map((row) => row.name),
        );
        const unused: StoredObject[] = [];
        for (const object of candidates) {
          const name = nameOfKey(object.key);
          if (!recorded.has(name) && (await isUnused(tx, name))) unused.push(object);
        }
        return unused;
      });
      if (!decided) return false;
      unrecorded = decided;
    }
    const partials = old.filter((object) => object.isPartial);
    for (const object of [...unrecorded, ...partials]) {
      const file: SweptFile = {
        key: object.key,
        driver,
        reason: object.isPartial ? 'partial' : 'unrecorded',
        size: object.size,
        since: object.modifiedAt,
      };
      if (!isDryRun) {
        await (
          object.isPartial ? removePartial({ relativePath: object.key }) : storage.remove({ key: object.key })
        ).catch((error: unknown) => {
          file.isFailed = true;
          logger.warn({ err: error, key: object.key }, '清理无记录的上传文件失败，下次清理时重试');
        });
      }
      files.push(file);
    }
    await pause();
  }
  return true;
};

/**
 * One pass of the sweep (see the top of this file). `isDryRun`: decides the same, changes nothing.
 * `graceHours` defaults to UPLOAD_ORPHAN_HOURS. `signal`: the pass ends after the batch it is in
 * (the server stopping).
 */
export const sweepOrphanFiles = async ({
  isDryRun = false,
  graceHours = orphanGraceHours(),
  signal,
}: { isDryRun?: boolean; graceHours?: number; signal?: AbortSignal } = {}): Promise<SweepResult> => {
  const files: SweptFile[] = [];
  if (graceHours <= 0) return { files, isBusy: false, isOff: true };
  const graceSeconds = graceHours * 3600;
  // Taken before the records' pass: an object it removes is not met again in the listing.
  const cutoff = new Date(Date.now() - graceSeconds * 1000);
  const reason = `上传后超过 ${graceHours} 小时未被使用`;
  if (!(await sweepRecords({ graceSeconds, isDryRun, reason, files, signal })))
    return { files, isBusy: true, isOff: false };
  const isDone = await sweepStore({ cutoff, isDryRun, files, signal });
  return { files, isBusy: !isDone, isOff: false };
};
