'use client';

import { useEffect } from 'react';
import { addErrorLog, describeError } from '@/lib/client/error-log-store';

/** Records uncaught errors and rejected promises of the whole page into the error log. */
export function ErrorLogCapture() {
  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      const { message, stack } = describeError({ error: event.error ?? event.message });
      const info = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : '';
      addErrorLog({ message: message || event.message, info, stack });
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      const { message, stack } = describeError({ error: event.reason });
      addErrorLog({ message, info: '未处理的 Promise 拒绝', stack });
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
