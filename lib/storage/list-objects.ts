import 'server-only';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { isStorageKey } from './keys';
import { PARTIAL_PATH, uploadRoot } from './local-driver';
import { readS3Config } from './s3-config';
import { s3ClientFor } from './s3-driver';
import type { StorageDriverName } from './types';

/** An object of the app's in a store: a file under its key, or (local) a half-written part. */
export type StoredObject = {
  /** The storage key (`yyyy/mm/<name>`), or for a part its path under the upload folder. */
  key: string;
  size: number;
  modifiedAt: Date;
  /** The local driver's `.part` file of an upload that never finished (its writer died). */
  isPartial: boolean;
};

const PAGE = 500;
const YEAR = /^\d{4}$/;
const MONTH = /^(0[1-9]|1[0-2])$/;

const namesIn = async (dir: string, pattern: RegExp) =>
  (await readdir(/*turbopackIgnore: true*/ dir, { withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isDirectory() && pattern.test(entry.name))
    .map((entry) => entry.name)
    .sort();

async function* localPages(): AsyncGenerator<StoredObject[]> {
  const root = uploadRoot();
  let page: StoredObject[] = [];
  for (const year of await namesIn(root, YEAR)) {
    for (const month of await namesIn(path.join(root, year), MONTH)) {
      const dir = path.join(root, year, month);
      const files = await readdir(/*turbopackIgnore: true*/ dir, { withFileTypes: true }).catch(() => []);
      for (const file of files) {
        if (!file.isFile()) continue;
        const key = `${year}/${month}/${file.name}`;
        const isPartial = PARTIAL_PATH.test(key);
        if (!isPartial && !isStorageKey(key)) continue;
        const info = await stat(/*turbopackIgnore: true*/ path.join(dir, file.name)).catch(() => null);
        if (!info) continue; // removed meanwhile
        page.push({ key, size: info.size, modifiedAt: info.mtime, isPartial });
        if (page.length === PAGE) {
          yield page;
          page = [];
        }
      }
    }
  }
  if (page.length) yield page;
}

async function* s3Pages(): AsyncGenerator<StoredObject[]> {
  const config = readS3Config();
  const client = s3ClientFor({ config });
  let token: string | undefined;
  do {
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: config.bucket, ContinuationToken: token, MaxKeys: PAGE }),
    );
    const page: StoredObject[] = [];
    for (const item of listed.Contents ?? []) {
      // A shared bucket's other objects are not the app's.
      if (!item.Key || !isStorageKey(item.Key)) continue;
      page.push({
        key: item.Key,
        size: item.Size ?? 0,
        modifiedAt: item.LastModified ?? new Date(),
        isPartial: false,
      });
    }
    if (page.length) yield page;
    token = listed.IsTruncated ? listed.NextContinuationToken : undefined;
  } while (token);
}

/**
 * Every object of the app's in the store `driver`, a page (up to 500) at a time, with when it was
 * last written. Keys of the app's own shape only (lib/storage/keys.ts); locally the half-written
 * parts of uploads that never finished too, flagged.
 */
export const listStoredObjects = ({ driver }: { driver: StorageDriverName }) =>
  driver === 'local' ? localPages() : s3Pages();
