import {
  STORAGE_ENV_NAMES,
  startTestStore,
  type StoreDriver,
  type TestStore,
} from '../../helpers/test-store';
import type { TestS3 } from './s3-server';

export type DriverName = StoreDriver;

export type DriverHarness = {
  name: DriverName;
  /** Every stored object (local: every file under UPLOAD_DIR, half-written ones included). */
  listKeys: () => Promise<string[]>;
  read: (key: string) => Promise<Buffer | null>;
  s3?: TestS3;
};

/**
 * Points the storage env at a fresh temp upload dir (local) or a fresh s3rver (s3) for the
 * enclosing describe block, and restores the env afterwards.
 */
export const useStorageDriver = (name: DriverName): DriverHarness => {
  const saved: Record<string, string | undefined> = {};
  let store: (TestStore & { stop: () => Promise<void> }) | undefined;
  const harness: DriverHarness = {
    name,
    listKeys: () => store!.listKeys(),
    read: (key) => store!.read(key),
  };
  beforeAll(async () => {
    for (const envName of STORAGE_ENV_NAMES) {
      saved[envName] = process.env[envName];
      delete process.env[envName];
    }
    store = await startTestStore(name);
    harness.s3 = store.s3;
    Object.assign(process.env, store.env);
  });
  afterAll(async () => {
    await store?.stop();
    for (const envName of STORAGE_ENV_NAMES) {
      if (saved[envName] === undefined) delete process.env[envName];
      else process.env[envName] = saved[envName];
    }
  });
  return harness;
};
