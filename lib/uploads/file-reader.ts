import type { Readable } from 'node:stream';
import { AppError, ErrorCode } from '@/lib/http/app-error';

export type FileReader = {
  /** The next chunk, or null at the end. */
  next: () => Promise<Buffer | null>;
  /** Reads chunks until at least `bytes` are in hand (or the file ends). */
  readHead: (options: { bytes: number }) => Promise<Buffer>;
  /** Discards the rest, so busboy can go on parsing and the request body is read to its end. */
  drain: () => Promise<void>;
};

const interrupted = () =>
  new AppError({ code: ErrorCode.badRequest, message: '上传失败，文件内容不完整，请重试' });

/**
 * Pulls a busboy file stream chunk by chunk. The stream is never destroyed: a destroyed file
 * stream stops busboy for good (it waits for a read that never comes), and cancelling the
 * request body makes Next throw; refusals drain instead.
 */
export const createFileReader = ({ stream }: { stream: Readable }): FileReader => {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let isDone = false;
  const next = async () => {
    if (isDone) return null;
    try {
      const result = await iterator.next();
      if (result.done) isDone = true;
      return result.done ? null : result.value;
    } catch {
      isDone = true;
      throw interrupted();
    }
  };
  return {
    next,
    readHead: async ({ bytes }) => {
      const chunks: Buffer[] = [];
      let length = 0;
      while (length < bytes) {
        const chunk = await next();
        if (!chunk) break;
        chunks.push(chunk);
        length += chunk.length;
      }
      return Buffer.concat(chunks);
    },
    drain: async () => {
      try {
        while (await next());
      } catch {
        // A broken body ends the drain; busboy reports it on its own.
      }
    },
  };
};
