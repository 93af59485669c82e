'use client';

import { useCallback, useRef, useState } from 'react';
import type { FieldErrors } from '@/components/fields/form/validate-record';
import { ApiError, showSuccessMessage } from '@/lib/client/api/core';
import { requestCheckSensitive } from '@/lib/client/api/sensitive';
import { showToast } from '@/lib/client/toast';
import {
  SENSITIVE_BLOCKED_CODE,
  SENSITIVE_WARN_CODE,
  type SensitiveHit,
  type SensitiveSaveAnswer,
} from '@/lib/sensitive/levels';
import { fieldMessages, replacedSummary } from './hit-text';
import { selectHit } from './select-hit';

/** What the panel under a form shows: a refused save's hits, or what 检测 found. */
export type SensitiveReport = {
  kind: 'blocked' | 'warn' | 'check';
  /** The server's message of a refusal ('' for 检测). */
  message: string;
  hits: SensitiveHit[];
};

const hitsOf = (data: unknown): SensitiveHit[] => {
  const hits = (data as { hits?: unknown } | null)?.hits;
  return Array.isArray(hits) ? (hits as SensitiveHit[]) : [];
};

/** A save refused for its 敏感词 (40010 / 40011), as a report; null for any other failure. */
export const refusalOf = (error: unknown): SensitiveReport | null => {
  if (!(error instanceof ApiError)) return null;
  if (error.code !== SENSITIVE_BLOCKED_CODE && error.code !== SENSITIVE_WARN_CODE) return null;
  return {
    kind: error.code === SENSITIVE_BLOCKED_CODE ? 'blocked' : 'warn',
    message: error.message,
    hits: hitsOf(error.data),
  };
};

const REPLACED_TOAST_MS = 9000;

type FormHandle = {
  rootRef: { current: HTMLElement | null };
  showErrors: (errors: FieldErrors) => void;
};

/**
 * The 敏感词 side of a form's save (the 内容 dialog, the single page, a process record): `send`
 * runs the save and turns a 40010 / 40011 refusal into the report shown under the form (and a
 * message under each field hit); 确认保存 sends the same values again with `sensitive_confirmed: 1`
 * — only the values that were refused, so words added since are checked afresh. `announceSaved`
 * says which words a save replaced; `check` runs 检测.
 */
export const useSensitiveSave = ({ form }: { form: FormHandle }) => {
  const [report, setReport] = useState<SensitiveReport | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  // The values the last warn refusal was about (JSON): 确认保存 confirms those, no others.
  const refusedRef = useRef<string | null>(null);
  const { rootRef, showErrors } = form;

  // Each report is brought into view and focused once it is drawn (SensitiveReportPanel).
  const show = useCallback((next: SensitiveReport) => setReport(next), []);

  const clear = useCallback(() => {
    setReport(null);
    refusedRef.current = null;
  }, []);

  const send = async <B extends object, T>({
    body,
    isConfirmed = false,
    request,
  }: {
    body: B;
    isConfirmed?: boolean;
    request: (payload: B & { sensitive_confirmed?: 1 }) => Promise<T>;
  }): Promise<T | null> => {
    const key = JSON.stringify(body);
    const isSameRefused = isConfirmed && refusedRef.current === key;
    try {
      const answer = await request(isSameRefused ? { ...body, sensitive_confirmed: 1 } : body);
      clear();
      return answer;
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      refusedRef.current = refusal.kind === 'warn' ? key : null;
      showErrors(fieldMessages(refusal.hits));
      show(refusal);
      return null;
    }
  };

  /** The save's success message, with the words it replaced when there were some. */
  const announceSaved = ({ message, data }: { message: string; data: SensitiveSaveAnswer }) => {
    const replaced = data?.sensitive_replaced ?? [];
    if (replaced.length === 0) {
      showSuccessMessage({ message });
      return;
    }
    showToast(`${message || '保存成功'}；已替换 ${replaced.length} 处敏感词：${replacedSummary(replaced)}`, {
      variant: 'success',
      autoHideDuration: REPLACED_TOAST_MS,
    });
  };

  const check = async (body: Record<string, unknown> & { class_id: number }) => {
    if (isChecking) return;
    setIsChecking(true);
    try {
      const { data } = await requestCheckSensitive({ body });
      show({ kind: 'check', message: '', hits: data.hits });
    } catch {
      // Shown by the API client.
    } finally {
      setIsChecking(false);
    }
  };

  const focusHit = (hit: SensitiveHit) => selectHit({ root: rootRef.current, hit });

  return { report, isChecking, send, announceSaved, check, clear, focusHit };
};

export type SensitiveSaveState = ReturnType<typeof useSensitiveSave>;
