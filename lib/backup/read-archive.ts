import 'server-only';
import fs from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';

export type EntryHandler = (entry: { name: string; size: number; stream: Readable }) => Promise<void>;

const isGzip = async (file: string) => {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
};

/**
 * Reads a backup archive (gzip-compressed or plain tar) entry by entry, in order, handing each
 * file entry's stream to `onEntry`; whatever the handler leaves unread is skipped.
 */
export const forEachEntry = async ({ file, onEntry }: { file: string; onEntry: EntryHandler }) => {
  const extract = tar.extract();
  extract.on('entry', (header, stream: Readable, next) => {
    // tar-stream's entry streams are readable-stream ones, which node:stream's finished() does
    // not see end when they ended before it was called: track the end here.
    const ended = new Promise<void>((resolve, reject) => {
      stream.once('end', resolve);
      stream.once('error', reject);
    });
    const handled =
      header.type === 'file' || header.type === undefined
        ? onEntry({ name: header.name, size: header.size ?? 0, stream })
        : Promise.resolve();
    handled
      .then(async () => {
        stream.resume();
        await ended;
        next();
      })
      .catch((error: unknown) => extract.destroy(error as Error));
  });
  const source = fs.createReadStream(file);
  try {
    if (await isGzip(file)) await pipeline(source, createGunzip(), extract);
    else await pipeline(source, extract);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (
      code === 'Z_BUF_ERROR' ||
      code === 'Z_DATA_ERROR' ||
      /Unexpected end of data|Invalid tar header/i.test(String(error))
    )
      throw new Error(`备份文件不完整或已损坏：${(error as Error).message}`);
    throw error;
  }
};
