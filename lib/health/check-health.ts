import 'server-only';
import { Readable } from 'node:stream';
import { getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { logger } from '@/lib/logger';
import { getStorage } from '@/lib/storage/get-storage';
import { newStorageKey } from '@/lib/storage/keys';

export type CheckResult = { ok: boolean; ms: number; error?: string };
export type HealthReport = { status: 'ok' | 'fail'; checks: { db: CheckResult; storage: CheckResult } };
type CheckName = keyof HealthReport['checks'];

/** A check that has not answered by then fails (a hung database must not hang the poller). */
const TIMEOUT_MS = 3000;
const DEFAULT_CACHE_MS = 5000;

const PROBE_BYTES = Buffer.from('ok\n');

/** The database answers a statement (opening it first if it is not open). */
const probeDb = async () => {
  const sql = await getSql();
  await sql.query(Prisma.sql`SELECT 1`);
};

/** The store takes a write and a delete, through the same driver calls an upload makes. */
const probeStorage = async () => {
  const storage = getStorage();
  const { key } = newStorageKey({ ext: 'txt' });
  await storage.put({
    key,
    body: Readable.from([PROBE_BYTES]),
    contentType: 'text/plain; charset=utf-8',
    contentDisposition: 'attachment; filename="health-probe.txt"',
  });
  await storage.remove({ key });
};

const CHECKS: Record<CheckName, { probe: () => Promise<void>; failed: string; timedOut: string }> = {
  db: { probe: probeDb, failed: '数据库无法访问', timedOut: '数据库无应答（超时）' },
  storage: { probe: probeStorage, failed: '文件存储无法写入', timedOut: '文件存储无应答（超时）' },
};

// A probe still running from an earlier check is joined, not started again, so a hung database
// or store never piles up probes however often the endpoint is polled.
const running = new Map<CheckName, Promise<void>>();
// The last outcome per check: failures and recoveries are logged once, not on every poll.
const lastOk = new Map<CheckName, boolean>();

const TIMED_OUT = Symbol('timed out');

const runCheck = async (name: CheckName): Promise<CheckResult> => {
  const check = CHECKS[name];
  const started = performance.now();
  let probe = running.get(name);
  if (!probe) {
    probe = check.probe().finally(() => running.delete(name));
    running.set(name, probe);
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), TIMEOUT_MS);
  });
  let result: CheckResult;
  let failure: unknown;
  try {
    const outcome = await Promise.race([probe, timeout]);
    result =
      outcome === TIMED_OUT
        ? { ok: false, ms: elapsed(started), error: check.timedOut }
        : { ok: true, ms: elapsed(started) };
  } catch (error) {
    failure = error;
    result = { ok: false, ms: elapsed(started), error: check.failed };
  } finally {
    clearTimeout(timer);
  }
  logChange({ name, result, failure });
  return result;
};

const elapsed = (started: number) => Math.round((performance.now() - started) * 10) / 10;

const logChange = ({ name, result, failure }: { name: CheckName; result: CheckResult; failure: unknown }) => {
  const before = lastOk.get(name);
  lastOk.set(name, result.ok);
  // Logged: every failure after a success (or as the first outcome), and the recovery after it.
  if (before === result.ok || (before === undefined && result.ok)) return;
  if (result.ok) {
    logger.info({ check: name, ms: result.ms }, '健康检查恢复正常');
    return;
  }
  // The cause stays in the server's log (message, code, stack); the answer only names the check.
  const err = failure as { name?: string; message?: string; code?: string; stack?: string } | undefined;
  logger.error(
    {
      check: name,
      reason: result.error,
      err: err && { name: err.name, message: err.message, code: err.code, stack: err.stack },
    },
    '健康检查失败',
  );
};

const runChecks = async (): Promise<HealthReport> => {
  const [db, storage] = await Promise.all([runCheck('db'), runCheck('storage')]);
  return { status: db.ok && storage.ok ? 'ok' : 'fail', checks: { db, storage } };
};

const cacheMs = () => {
  const value = Number(process.env.HEALTH_CACHE_MS);
  return process.env.HEALTH_CACHE_MS?.trim() && Number.isFinite(value) && value >= 0
    ? value
    : DEFAULT_CACHE_MS;
};

// One report per HEALTH_CACHE_MS (5 s by default), shared by every caller in that time: polling
// often costs at most one `SELECT 1` and one tiny write + delete per window. Never stale across a
// restart or another process: each process checks its own connections.
let cached: { at: number; report: Promise<HealthReport> } | undefined;

/** Whether this process can use its database and its file store now (GET /api/health). Never throws. */
export const checkHealth = (): Promise<HealthReport> => {
  const now = Date.now();
  if (!cached || now - cached.at >= cacheMs()) cached = { at: now, report: runChecks() };
  return cached.report;
};
