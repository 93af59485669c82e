'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { showSuccessMessage } from '@/lib/client/api/core';
import { ZSystemSettings, type SystemSettings } from '@/lib/settings/settings-schema';
import { fetchSystemSettings, requestSaveSystemSettings } from '@/lib/client/api/settings';

export type SettingKey = keyof SystemSettings;
/** What the inputs hold: numbers as typed text until they are checked. */
export type SettingsDraft = {
  [K in SettingKey]: SystemSettings[K] extends number ? string : SystemSettings[K];
};
type Errors = Partial<Record<SettingKey, string>>;

const toDraft = (settings: SystemSettings): SettingsDraft =>
  Object.fromEntries(
    Object.entries(settings).map(([key, value]) => [key, typeof value === 'number' ? String(value) : value]),
  ) as SettingsDraft;

type LoadState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; saved: SystemSettings };

/** The 系统设置 form: loads the settings, checks them with the server's own schema, saves all at once. */
export const useSystemSetForm = () => {
  const router = useRouter();
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [isSaving, setIsSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    setLoad({ status: 'loading' });
    fetchSystemSettings()
      .then((saved) => {
        if (!isCurrent) return;
        setLoad({ status: 'ready', saved });
        setDraft(toDraft(saved));
      })
      .catch(() => isCurrent && setLoad({ status: 'failed' }));
    return () => {
      isCurrent = false;
    };
  }, [attempt]);

  const change = useCallback(<K extends SettingKey>(key: K, value: SettingsDraft[K]) => {
    setDraft((previous) => (previous ? { ...previous, [key]: value } : previous));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft || isSaving) return;
    // Numbers are typed text: surrounding spaces are the form's, not part of the value.
    const parsed = ZSystemSettings.safeParse(
      Object.fromEntries(
        Object.entries(draft).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
      ),
    );
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as SettingKey] ??= issue.message;
      setErrors(found);
      document.getElementById(`setting-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setIsSaving(true);
    try {
      const { data, message } = await requestSaveSystemSettings({ settings: parsed.data });
      showSuccessMessage({ message });
      setLoad({ status: 'ready', saved: data });
      setDraft(toDraft(data));
      // The shell (title, logo, page size, error log) and the page title come from the server.
      document.title = document.title.replace(/ - [^-]*$/, ` - ${data.title}`);
      router.refresh();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setIsSaving(false);
    }
  };

  const reset = () => {
    if (load.status !== 'ready') return;
    setDraft(toDraft(load.saved));
    setErrors({});
  };

  const isDirty =
    load.status === 'ready' &&
    draft !== null &&
    JSON.stringify(draft) !== JSON.stringify(toDraft(load.saved));

  return {
    load,
    draft,
    errors,
    isSaving,
    isDirty,
    change,
    submit,
    reset,
    retry: () => setAttempt((n) => n + 1),
  };
};
