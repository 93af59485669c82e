import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTestS3, type TestS3 } from './s3-server';

export type DriverName = 'local' | 's3';

export type DriverHarness = {
  name: DriverName;
  /** Every stored object (local: every file under UPLOAD_DIR, half-written ones included). */
  listKeys: () => Promise<string[]>;
  read: (key: string) => Promise<Buffer | null>;
  s3?: TestS3;
};

const ENV_NAMES = [
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

/**
 * Points the storage env at a fresh temp upload dir (local) or a fresh s3rver (s3) for the
 * enclosing describe block, and restores the env afterwards.
 */
export const useStorageDriver = (name: DriverName): DriverHarness => {
  const saved: Record<string, string | undefined> = {};
  let uploadDir = '';
  const harness: DriverHarness = {
    name,
    listKeys: async () => (harness.s3 ? harness.s3.listKeys() : walk(uploadDir)),
    read: async (key) => {
      if (harness.s3) return (await harness.s3.getObject(key))?.bytes ?? null;
      return readFile(path.join(uploadDir, key)).catch(() => null);
    },
  };
  beforeAll(async () => {
    for (const envName of ENV_NAMES) {
      saved[envName] = process.env[envName];
      delete process.env[envName];
    }
    uploadDir = await mkdtemp(path.join(os.tmpdir(), 'cms-uploads-'));
    process.env.UPLOAD_DIR = uploadDir;
    process.env.STORAGE_DRIVER = name;
    if (name === 's3') {
      harness.s3 = await startTestS3();
      Object.assign(process.env, harness.s3.env);
    }
  });
  afterAll(async () => {
    await harness.s3?.stop();
    await rm(uploadDir, { recursive: true, force: true });
    for (const envName of ENV_NAMES) {
      if (saved[envName] === undefined) delete process.env[envName];
      else process.env[envName] = saved[envName];
    }
  });
  return harness;
};
