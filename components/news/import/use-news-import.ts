'use client';

import { useState } from 'react';
import {
  fetchImportStatus,
  uploadImportNews,
  type ImportAnswer,
  type ImportStatus,
} from '@/lib/client/api/news-import';
import { showToast, TOAST_MS } from '@/lib/client/toast';
import type { OnError } from './ImportMappingStep';

// The state of the 导入 dialog (NewsImportDialog.tsx) and its calls: the step it is at, the file and
// the choices made, the last 预检's answer, the running import's progress and its result.

const POLL_MS = 400;

export type ImportStage = 'file' | 'mapping' | 'check' | 'running' | 'done';

export function useNewsImport({
  classId,
  onImported,
  onRunningChange,
}: {
  classId: number;
  onImported: () => void;
  /** The import is writing: the dialog must not close under it. */
  onRunningChange: (isRunning: boolean) => void;
}) {
  const [stage, setStage] = useState<ImportStage>('file');
  const [file, setFile] = useState<File | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [key, setKey] = useState('');
  const [onError, setOnError] = useState<OnError>('all');
  const [allowRepeat, setAllowRepeat] = useState(false);
  const [sensitiveConfirmed, setSensitiveConfirmed] = useState(false);
  const [status, setStatus] = useState<ImportStatus | null>(null);
  const [result, setResult] = useState<ImportAnswer | null>(null);
  const [errorJob, setErrorJob] = useState<string | null>(null);

  /** A dry run of the file as it stands (the mapping once chosen): every problem, nothing written. */
  const check = async ({ withMapping }: { withMapping: boolean }) => {
    if (!file) return null;
    setIsBusy(true);
    try {
      const { data } = await uploadImportNews({
        file,
        classId,
        mode: 'dry_run',
        onError,
        key,
        mapping: withMapping ? mapping : null,
        allowRepeat,
        sensitiveConfirmed,
        isBackground: false,
      });
      const done = data.state === 'done' ? (data as ImportAnswer) : await waitFor((data as ImportStatus).job);
      if (!done) return null;
      setAnswer(done);
      setErrorJob(done.job);
      return done;
    } catch {
      // The API client has said why (not an .xlsx, a repeated header …); nothing was written.
      return null;
    } finally {
      setIsBusy(false);
    }
  };

  /** Polls a job until it ends: its answer, or null when it failed (said in a toast). */
  const waitFor = async (job: string): Promise<ImportAnswer | null> => {
    for (;;) {
      const now = await fetchImportStatus({ job });
      setStatus(now);
      // The job's result is import_news's answer; its id is the job's.
      if (now.state === 'done') return now.result && { ...now.result, job };
      if (now.state === 'failed') {
        showToast(now.error?.message ?? '导入失败', { variant: 'error', autoHideDuration: TOAST_MS });
        return null;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };

  const toMapping = async () => {
    const done = await check({ withMapping: false });
    if (!done) return;
    setMapping(done.mapping);
    if (done.key) setKey(done.key);
    setStage('mapping');
  };

  const toCheck = async () => {
    if (await check({ withMapping: true })) setStage('check');
  };

  const commit = async () => {
    if (!file) return;
    setStage('running');
    setStatus(null);
    onRunningChange(true);
    try {
      const { data } = await uploadImportNews({
        file,
        classId,
        mode: 'commit',
        onError,
        key,
        mapping,
        allowRepeat,
        sensitiveConfirmed,
        isBackground: true,
      });
      const done = data.state === 'done' ? (data as ImportAnswer) : await waitFor((data as ImportStatus).job);
      if (!done) {
        setStage('check');
        return;
      }
      setResult(done);
      setErrorJob(done.job);
      setStage('done');
      if (done.created + done.updated > 0) onImported();
    } catch {
      setStage('check');
    } finally {
      onRunningChange(false);
    }
  };

  return {
    stage,
    setStage,
    file,
    setFile,
    isBusy,
    answer,
    mapping,
    setMapping,
    key,
    setKey,
    onError,
    setOnError,
    allowRepeat,
    setAllowRepeat,
    sensitiveConfirmed,
    setSensitiveConfirmed,
    status,
    result,
    errorJob,
    toMapping,
    toCheck,
    commit,
  };
}
