import 'server-only';
import { createLocalDriver } from './local-driver';
import { createS3Driver } from './s3-driver';
import { STORAGE_DRIVERS, type StorageDriver, type StorageDriverName } from './types';

const isDriverName = (value: string): value is StorageDriverName =>
  (STORAGE_DRIVERS as readonly string[]).includes(value);

/** STORAGE_DRIVER (local by default), read on every call so a test can switch drivers. */
export const configuredDriverName = (): StorageDriverName => {
  const value = (process.env.STORAGE_DRIVER ?? '').trim().toLowerCase() || 'local';
  if (!isDriverName(value)) throw new Error(`STORAGE_DRIVER=${value} 无效，可选 local 或 s3`);
  return value;
};

/** The driver to write new uploads with, or the one a stored record names (to delete it). */
export const getStorage = ({ driver = configuredDriverName() }: { driver?: string } = {}): StorageDriver => {
  if (!isDriverName(driver)) throw new Error(`未知的存储驱动：${driver}`);
  return driver === 's3' ? createS3Driver() : createLocalDriver();
};
