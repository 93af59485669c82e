import 'server-only';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { getDb } from '@/lib/db/client';

// The row of system_setting that keeps a generated secret (the settings of 系统设置 are key 'system').
const SECRET_ROW = 'session_secret';

/** What data/session-secret (SESSION_SECRET_FILE) holds, from before the secret moved to the database. */
const secretFromFile = () => {
  const file = path.resolve(
    /*turbopackIgnore: true*/ process.cwd(),
    process.env.SESSION_SECRET_FILE || path.join('data', 'session-secret'),
  );
  try {
    const secret = fs.readFileSync(/*turbopackIgnore: true*/ file, 'utf8').trim();
    return secret.length >= 32 ? secret : null;
  } catch {
    return null;
  }
};

const readStored = async () => {
  const db = await getDb();
  const row = await db.systemSetting.findUnique({ where: { key: SECRET_ROW }, select: { value: true } });
  const secret = (row?.value as { secret?: unknown } | undefined)?.secret;
  return typeof secret === 'string' && secret.length >= 32 ? secret : null;
};

const loadSecret = async () => {
  const fromEnv = process.env.SESSION_SECRET?.trim();
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('SESSION_SECRET 至少需要 32 个字符');
    return fromEnv;
  }
  const stored = await readStored();
  if (stored) return stored;
  // The first process to get here stores one; every other (several starting at once) reads it.
  const seed = secretFromFile() ?? randomBytes(32).toString('base64url');
  const db = await getDb();
  await db.$executeRaw`
    INSERT INTO system_setting (key, value, updated_at)
    VALUES (${SECRET_ROW}, ${JSON.stringify({ secret: seed })}::jsonb, now())
    ON CONFLICT (key) DO NOTHING`;
  const secret = await readStored();
  if (!secret) throw new Error('无法保存会话密钥');
  return secret;
};

// On globalThis: instrumentation, the API route bundles and the page bundles each load their own
// copy of this module, and all must seal and unseal with the one secret.
const store = globalThis as typeof globalThis & { __cmsSessionSecret?: Promise<string> };

/**
 * The secret that seals the page-session cookie: SESSION_SECRET (≥ 32 characters) when set;
 * otherwise one generated once and kept in the database (system_setting 'session_secret'), so every
 * instance on the same database seals alike without configuration. A secret an older version
 * generated into data/session-secret (SESSION_SECRET_FILE) is taken over, so signed-in pages stay
 * signed in across the upgrade. Read once per process.
 */
export const sessionSecret = () =>
  (store.__cmsSessionSecret ??= loadSecret().catch((error) => {
    store.__cmsSessionSecret = undefined;
    throw error;
  }));

/** Forgets the process's copy (tests). */
export const forgetSessionSecret = () => {
  store.__cmsSessionSecret = undefined;
};
