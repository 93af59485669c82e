import 'server-only';
import { auditChanges } from '@/lib/audit/changes';
import { recordAudit } from '@/lib/audit/record';
import { getDb } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import {
  defaultSystemSettings,
  mergeStoredSettings,
  ZSystemSettings,
  type SystemSettings,
} from './settings-schema';

/** The key of 系统设置's one row in system_setting. */
export const SETTINGS_ROW_KEY = 'system';
const ROW_KEY = SETTINGS_ROW_KEY;

/**
 * The settings as this process last read them, reused for SETTINGS_CACHE_MS (1 s): every API call
 * needs the session lifetimes, and one read a second per process is enough for two processes on
 * one database to agree within a second. A save by this process drops it at once.
 */
const CACHE_MS = 1000;
// On globalThis: the API route bundles and the page bundles each get their own copy of this
// module, and a save through the API must drop the copy the pages read too.
type SettingsCache = { cached: { readAt: number; settings: SystemSettings } | null; generation: number };
const store = globalThis as typeof globalThis & { __cmsSettingsCache?: SettingsCache };
const state = (store.__cmsSettingsCache ??= { cached: null, generation: 0 });

const readRow = async (): Promise<SystemSettings> => {
  const db = await getDb();
  const row = await db.systemSetting.findUnique({ where: { key: ROW_KEY }, select: { value: true } });
  return mergeStoredSettings({ stored: row?.value, defaults: defaultSystemSettings(process.env) });
};

export const readSystemSettings = async (): Promise<SystemSettings> => {
  const { cached } = state;
  if (cached && Date.now() - cached.readAt < CACHE_MS) return cached.settings;
  const readGeneration = state.generation;
  const settings = await readRow();
  // A read that was in flight across a save must not put the old values back.
  if (readGeneration === state.generation) state.cached = { readAt: Date.now(), settings };
  return settings;
};

export const forgetSystemSettings = () => {
  state.generation += 1;
  state.cached = null;
};

/** Validates every value (nothing is saved when any is wrong) and stores the whole set. */
export const saveSystemSettings = async (input: unknown): Promise<SystemSettings> => {
  const settings = ZSystemSettings.parse(input);
  const db = await getDb();
  const value = settings as unknown as Prisma.InputJsonObject;
  await db.$transaction(async (tx) => {
    // The row as it was, held until commit: the entry's before → after is exactly this save's.
    const [row] = await tx.$queryRaw<{ value: unknown }[]>`
      SELECT value FROM system_setting WHERE key = ${ROW_KEY} FOR UPDATE`;
    const before = mergeStoredSettings({ stored: row?.value, defaults: defaultSystemSettings(process.env) });
    await tx.systemSetting.upsert({
      where: { key: ROW_KEY },
      create: { key: ROW_KEY, value },
      update: { value },
    });
    await recordAudit(tx, {
      action: 'update',
      targetType: 'setting',
      detail: { name: '系统设置', changes: auditChanges(before, settings) },
    });
  });
  forgetSystemSettings();
  return settings;
};
