import 'server-only';
import fs from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { dispositionFor, mimeForExt } from '@/lib/storage/content-type';
import { configuredDriverName, getStorage } from '@/lib/storage/get-storage';
import { extOfStoredName, isStorageKey } from '@/lib/storage/keys';
import { localPathFor, uploadRoot } from '@/lib/storage/local-driver';
import { readS3Config } from '@/lib/storage/s3-config';
import { s3ClientFor } from '@/lib/storage/s3-driver';

// Reading and writing every stored upload of the configured store (STORAGE_DRIVER), for backup and
// restore. Only keys of our own shape (`yyyy/mm/<hex>.<ext>`, lib/storage/keys.ts) are files of the
// app: a shared bucket's other objects and the local driver's half-written `.part` files are not.

export type StoredFile = { key: string; size: number };

const walkLocal = async (root: string, dir = root): Promise<StoredFile[]> => {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const found: StoredFile[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await walkLocal(root, full)));
    else if (entry.isFile()) {
      const key = path.relative(root, full).split(path.sep).join('/');
      if (isStorageKey(key)) found.push({ key, size: (await stat(full)).size });
    }
  }
  return found;
};

const s3 = () => {
  const config = readS3Config();
  return { config, client: s3ClientFor({ config }) };
};

/** Every file in the configured store, sorted by key. */
export const listStoredFiles = async (): Promise<StoredFile[]> => {
  if (configuredDriverName() === 'local') {
    return (await walkLocal(uploadRoot())).sort((a, b) => a.key.localeCompare(b.key));
  }
  const { config, client } = s3();
  const files: StoredFile[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: config.bucket, ContinuationToken: token }),
    );
    for (const item of page.Contents ?? [])
      if (item.Key && isStorageKey(item.Key)) files.push({ key: item.Key, size: item.Size ?? 0 });
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
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
