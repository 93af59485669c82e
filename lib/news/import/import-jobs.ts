import 'server-only';
import { randomUUID } from 'node:crypto';
import { BoundedMap } from '@/lib/cache/bounded-map';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { logger } from '@/lib/logger';
import { importNews, type BadRows, type ImportAnswer, type ImportOptions } from './import-news';

/**
 * The import jobs of this process (an in-process table: a job lives in the process that ran it,
 * so get_import_status and export_import_errors must reach the same process — one server, or
 * sticky sessions). Cache: by job id, 50 jobs, least recently used evicted, an hour at most.
 * Invalidation: none needed (a job only moves forward; its owner alone reads it).
 */
type Job = {
  id: string;
  userId: number;
  classId: number;
  fileName: string;
  state: 'running' | 'done' | 'failed';
  phase: 'read' | 'check' | 'write';
  done: number;
  total: number;
  answer: ImportAnswer | null;
  error: { code: number; message: string; data: unknown } | null;
  badRows: BadRows | null;
  finished: Promise<void>;
};

const jobs = new BoundedMap<string, Job>({ max: 50, ttlMs: 60 * 60 * 1000 });
let running = 0;
const runningJobs = new Set<Promise<void>>();
/** Imports running at once in a process; one more is refused (429). */
const RUNNING_MAX = 2;
/** How long import_news waits for its job before answering {job} and letting it run on. */
const ANSWER_WAIT_MS = 3000;

export const JOB_NOT_FOUND = '导入任务不存在或已过期，请重新导入';

const jobOf = ({ id, userId }: { id: string; userId: number }) => {
  const job = jobs.get(id);
  if (!job || job.userId !== userId) throw new AppError({ code: ErrorCode.notFound, message: JOB_NOT_FOUND });
  return job;
};

/** A job as get_import_status answers it. */
const statusOf = (job: Job) => ({
  job: job.id,
  state: job.state,
  phase: job.phase,
  done: job.done,
  total: job.total,
  result: job.answer,
  error: job.error,
});

/**
 * Starts an import as a job and waits up to ANSWER_WAIT_MS for it: a file done by then is
 * answered whole (with its job id, for the error export), a refusal is thrown as the call's own
 * 4xx; a longer one answers {job, state: 'running', …} and runs on (get_import_status).
 */
export const startImport = async ({
  isBackground,
  ...options
}: ImportOptions & { userId: number; isBackground: boolean }) => {
  if (running >= RUNNING_MAX)
    throw new AppError({ code: ErrorCode.tooManyRequests, message: '已有导入正在进行，请稍后再试' });
  running += 1;
  const job: Job = {
    id: randomUUID(),
    userId: options.userId,
    classId: options.classId,
    fileName: options.fileName,
    state: 'running',
    phase: 'read',
    done: 0,
    total: 0,
    answer: null,
    error: null,
    badRows: null,
    finished: Promise.resolve(),
  };
  jobs.set(job.id, job);
  job.finished = importNews({
    ...options,
    progress: ({ phase, done, total }) => {
      Object.assign(job, { phase, done, total });
    },
  })
    .then(({ answer, badRows }) => {
      Object.assign(job, { state: 'done', answer, badRows, done: job.total });
    })
    .catch((error: unknown) => {
      const known = error instanceof AppError ? error : null;
      const data = (known?.data ?? null) as (Partial<ImportAnswer> & { bad_rows?: BadRows }) | null;
      if (data?.bad_rows) {
        job.badRows = data.bad_rows;
        delete data.bad_rows;
      }
      job.state = 'failed';
      job.error = {
        code: known?.code ?? ErrorCode.server,
        message: known?.message ?? '导入失败，请稍后重试',
        data: data ? { ...data, job: job.id } : { job: job.id },
      };
      if (!known) logger.error({ err: error, job: job.id }, 'import_news failed');
    })
    .finally(() => {
      running -= 1;
      runningJobs.delete(job.finished);
    });
  runningJobs.add(job.finished);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    job.finished,
    new Promise((resolve) => (timer = setTimeout(resolve, isBackground ? 0 : ANSWER_WAIT_MS))),
  ]);
  clearTimeout(timer);
  if (job.state === 'done') return { job: job.id, state: job.state, ...job.answer! };
  if (job.state === 'failed')
    throw new AppError({ code: job.error!.code, message: job.error!.message, data: job.error!.data });
  return statusOf(job);
};

export const importStatus = ({ id, userId }: { id: string; userId: number }) =>
  statusOf(jobOf({ id, userId }));

export const importBadRows = ({ id, userId }: { id: string; userId: number }) => {
  const job = jobOf({ id, userId });
  if (job.state === 'running')
    throw new AppError({ code: ErrorCode.badRequest, message: '导入尚未完成，请完成后再下载错误行' });
  if (!job.badRows || job.badRows.rows.length === 0)
    throw new AppError({ code: ErrorCode.badRequest, message: '该次导入没有错误行' });
  return { fileName: job.fileName, badRows: job.badRows };
};

/** Waits for every running job (tests, shutdown). */
export const settleImports = async () => {
  await Promise.all([...runningJobs]);
};
