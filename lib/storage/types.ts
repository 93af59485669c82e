import type { Readable } from 'node:stream';

export const STORAGE_DRIVERS = ['local', 's3'] as const;
export type StorageDriverName = (typeof STORAGE_DRIVERS)[number];

export type PutObjectOptions = {
  key: string;
  body: Readable;
  contentType: string;
  contentDisposition: string;
};

/** Where uploaded files live. Keys come from `newStorageKey` only, never from a client. */
export type StorageDriver = {
  name: StorageDriverName;
  /** Streams `body` to `key`; on failure nothing is left under `key`. */
  put: (options: PutObjectOptions) => Promise<void>;
  /** Removes `key`; a missing object is not an error. */
  remove: (options: { key: string }) => Promise<void>;
  /** The URL the API answers for `key`. */
  urlFor: (options: { key: string }) => string;
};
