import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isStorageKey } from './keys';
import type { StorageDriver } from './types';

/** UPLOAD_DIR or ./data/uploads, read on every call so tests and ops can point it elsewhere. */
export const uploadRoot = () =>
  path.resolve(
    /*turbopackIgnore: true*/ process.cwd(),
    process.env.UPLOAD_DIR?.trim() || path.join('data', 'uploads'),
  );

/** The file behind a key, or null for anything that is not one of our keys (no traversal). */
export const localPathFor = ({ key }: { key: string }) =>
  isStorageKey(key) ? path.join(/*turbopackIgnore: true*/ uploadRoot(), ...key.split('/')) : null;

const pathOrThrow = ({ key }: { key: string }) => {
  const target = localPathFor({ key });
  if (!target) throw new Error(`不是有效的存储路径：${key}`);
  return target;
};

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Opens a new file at `file`, making its folders first. A remove() pruning the same folders at
 * that moment (they were empty) can take them away between the two steps: then both are retried.
 */
const openNew = async (file: string) => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await mkdir(path.dirname(file), { recursive: true });
      return await open(file, 'wx');
    } catch (error) {
      if (!isMissing(error) || attempt === 5) throw error;
    }
  }
};

/**
 * Removes the folders above `file` (its `yyyy/mm`, then `yyyy`) that are left empty, up to the
 * upload root: removing files — a health probe's, a refused upload's, a deleted or swept one —
 * leaves no empty folder behind. A folder that holds anything (another upload's file, or its
 * half-written part) is not empty and stays.
 */
const pruneEmptyFolders = async (file: string) => {
  const root = uploadRoot();
  for (let dir = path.dirname(file); dir.startsWith(`${root}${path.sep}`); dir = path.dirname(dir)) {
    try {
      await rmdir(dir);
    } catch {
      return; // not empty, or gone already
    }
  }
};

/** A half-written upload's file (put's `.<name>.<8 hex>.part`) under `yyyy/mm/`. */
export const PARTIAL_PATH = /^\d{4}\/(0[1-9]|1[0-2])\/\.[0-9a-f]{32}\.[a-z0-9]{1,10}\.[0-9a-f]{8}\.part$/;

/**
 * Removes a half-written upload's file left by a process that died while writing it (the orphan
 * sweep does, once it is old): `relativePath` as listed under the upload folder, of that shape only.
 */
export const removePartial = async ({ relativePath }: { relativePath: string }) => {
  if (!PARTIAL_PATH.test(relativePath)) throw new Error(`不是上传中途留下的文件：${relativePath}`);
  const file = path.join(/*turbopackIgnore: true*/ uploadRoot(), ...relativePath.split('/'));
  await rm(file, { force: true });
  await pruneEmptyFolders(file);
};

export const createLocalDriver = (): StorageDriver => ({
  name: 'local',
  put: async ({ key, body }) => {
    const target = pathOrThrow({ key });
    // Written under a dot-name the file route never serves, then renamed: a half-written upload
    // is never visible at its URL, and a refused one is removed whole.
    const partial = path.join(
      path.dirname(target),
      `.${path.basename(target)}.${randomBytes(4).toString('hex')}.part`,
    );
    try {
      const handle = await openNew(partial);
      await pipeline(body, handle.createWriteStream());
      await rename(partial, target);
    } catch (error) {
      body.destroy();
      await rm(partial, { force: true });
      await pruneEmptyFolders(partial);
      throw error;
    }
  },
  remove: async ({ key }) => {
    const target = pathOrThrow({ key });
    await rm(target, { force: true });
    await pruneEmptyFolders(target);
  },
  urlFor: ({ key }) => `${(process.env.UPLOAD_PUBLIC_URL ?? '').trim().replace(/\/+$/, '')}/uploads/${key}`,
});
