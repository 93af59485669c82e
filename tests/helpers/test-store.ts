import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTestS3, type TestS3 } from '../storage/helpers/s3-server';

// A store for uploaded files as a test sees it: the storage settings that select it (as the app
// and the backup commands read them) and a look at what it holds, whichever driver it is.

export type StoreDriver = 'local' | 's3';

/** Every storage setting the app reads: what a test saves before pointing them elsewhere. */
export const STORAGE_ENV_NAMES = [
  'STORAGE_DRIVER',
  'UPLOAD_DIR',
  'UPLOAD_PUBLIC_URL',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PUBLIC_URL',
  'S3_FORCE_PATH_STYLE',
];

export type TestStore = {
  driver: StoreDriver;
  /** The storage settings that select this store. */
  env: Record<string, string>;
  /** Every stored object (local: every file under the folder, half-written ones included). */
  listKeys: () => Promise<string[]>;
  /** An object's bytes, or null when it does not exist. */
  read: (key: string) => Promise<Buffer | null>;
  s3?: TestS3;
};

const walk = async (root: string, dir = root): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? walk(root, path.join(dir, entry.name))
        : [path.relative(root, path.join(dir, entry.name))],
    ),
  );
  return nested.flat().map((key) => key.split(path.sep).join('/'));
};

/** The local driver on `uploadDir` (which need not exist yet). */
export const localStore = (uploadDir: string): TestStore => ({
  driver: 'local',
  env: { STORAGE_DRIVER: 'local', UPLOAD_DIR: uploadDir },
  listKeys: () => walk(uploadDir),
  read: (key) => readFile(path.join(uploadDir, key)).catch(() => null),
});

/** The S3 driver on a test s3rver's bucket. */
export const s3Store = (s3: TestS3): TestStore => ({
  driver: 's3',
  env: { STORAGE_DRIVER: 's3', ...s3.env },
  listKeys: () => s3.listKeys(),
  read: async (key) => (await s3.getObject(key))?.bytes ?? null,
  s3,
});

/**
 * A fresh store of its own: a temp upload folder, and for s3 a fresh s3rver too (UPLOAD_DIR still
 * names the temp folder, so nothing can land in ./data/uploads). `stop()` removes it all.
 */
export const startTestStore = async (
  driver: StoreDriver,
): Promise<TestStore & { stop: () => Promise<void> }> => {
  const uploadDir = await mkdtemp(path.join(os.tmpdir(), 'cms-uploads-'));
  const s3 = driver === 's3' ? await startTestS3() : undefined;
  const store = s3 ? s3Store(s3) : localStore(uploadDir);
  return {
    ...store,
    env: { UPLOAD_DIR: uploadDir, ...store.env },
    stop: async () => {
      await s3?.stop();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
};
