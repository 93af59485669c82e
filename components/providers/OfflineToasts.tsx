'use client';

import Alert from '@mui/material/Alert';
import { useEffect, useState } from 'react';
import { attachToastHost, type Toast, TOAST_MS } from '@/lib/client/toast';

const SEVERITIES = new Set(['error', 'warning', 'info', 'success']);

/** The last toast as a plain alert, for when notistack's chunk could not be loaded. */
export function OfflineToasts() {
  const [toast, setToast] = useState<Toast | null>(null);
  useEffect(() => {
    attachToastHost(setToast);
    return () => attachToastHost(null);
  }, []);
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);
  if (!toast) return null;
  const variant = toast.options?.variant ?? 'info';
  return (
    <Alert
      severity={SEVERITIES.has(variant) ? (variant as 'error') : 'info'}
      onClose={() => setToast(null)}
      sx={{ position: 'fixed', top: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 1500 }}
    >
      {toast.message}
    </Alert>
  );
}
