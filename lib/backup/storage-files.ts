import 'server-only';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { dispositionFor, mimeForExt } from '@/lib/storage/content-type';
import { configuredDriverName, getStorage } from '@/lib/storage/get-storage';
import { extOfStoredName, isStorageKey } from '@/lib/storage/keys';
import { listStoredObjects } from '@/lib/storage/list-objects';
import { localPathFor } from '@/lib/storage/local-driver';
import { readS3Config } from '@/lib/storage/s3-config';
import { s3ClientFor } from '@/lib/storage/s3-driver';

// Reading and writing every stored upload of the configured store (STORAGE_DRIVER), for backup and
// restore. Only keys of our own shape (`yyyy/mm/<hex>.<ext>`, lib/storage/keys.ts) are files of the
// app: a shared bucket's other objects and the local driver's half-written `.part` files are not.
// The listing is the store's one (lib/storage/list-objects.ts, as the orphan sweep lists).

export type StoredFile = { key: string; size: number };

const s3 = () => {
  const config = readS3Config();
  return { config, client: s3ClientFor({ config }) };
};

/** Every file in the configured store, sorted by key. */
export const listStoredFiles = async (): Promise<StoredFile[]> => {
  const files: StoredFile[] = [];
  for await (const page of listStoredObjects({ driver: configuredDriverName() })) {
    for (const { key, size, isPartial } of page) if (!isPartial) files.push({ key, size });
  }
  return files.sort((a, b) => a.key.localeCompare(b.key));
};

/** A stored file's bytes as a stream. */
export const readStoredFile = async ({ key }: { key: string }): Promise<Readable> => {
  if (configuredDriverName() === 'local') {
    const file = localPathFor({ key });
    if (!file) throw new Error(`不是有效的存储路径：${key}`);
    return fs.createReadStream(/*turbopackIgnore: true*/ file);
  }
  const { config, client } = s3();
  const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
  return object.Body as Readable;
};

/** Stores a restored file under its key, with the headers an upload gets. */
export const writeStoredFile = async ({ key, body }: { key: string; body: Readable }) => {
  if (!isStorageKey(key)) throw new Error(`不是有效的存储路径：${key}`);
  const name = key.slice(key.lastIndexOf('/') + 1);
  const ext = extOfStoredName({ name });
  await getStorage().put({
    key,
    body,
    contentType: mimeForExt({ ext }),
    contentDisposition: dispositionFor({ name, ext }),
  });
};

/** What the configured driver puts in front of a key in the URLs it answers ('/uploads/' locally). */
export const storageUrlBase = () => getStorage().urlFor({ key: '' });
