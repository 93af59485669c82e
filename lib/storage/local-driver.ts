import 'server-only';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
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
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(body, fs.createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, target);
    } catch (error) {
      body.destroy();
      await rm(partial, { force: true });
      throw error;
    }
  },
  remove: async ({ key }) => {
    await rm(pathOrThrow({ key }), { force: true });
  },
  urlFor: ({ key }) => `${(process.env.UPLOAD_PUBLIC_URL ?? '').trim().replace(/\/+$/, '')}/uploads/${key}`,
});
