import 'server-only';
import { Readable } from 'node:stream';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { assertCleanText } from '@/lib/http/input-guard';
import { dispositionFor } from '@/lib/storage/content-type';
import { newStorageKey } from '@/lib/storage/keys';
import type { StorageDriver } from '@/lib/storage/types';
import { storageFailure } from '@/lib/storage/unavailable';
import { assertKindPermitted, assertUploadAllowed } from './check-upload';
import { createFileReader, type FileReader } from './file-reader';
import { kindRule, MAX_UPLOAD_BYTES, tooLargeMessage, ZUploadKind, type UploadKind } from './kinds';
import type { IncomingFile } from './receive-multipart';
import { resolveStoredType, type StoredType } from './resolve-stored-type';

// Enough for file-type to see inside zip-based Office files; the rest is never held in memory.
const HEAD_BYTES = 64 * 1024;

export type StoredUpload = {
  key: string;
  name: string;
  type: StoredType;
  size: number;
  originalName: string;
};

// `failure` keeps the body's own error (a refusal, a broken request): the storage SDK may wrap it.
type Counter = { size: number; failure?: unknown };

async function* limitedBody({
  reader,
  head,
  maxBytes,
  counter,
}: {
  reader: FileReader;
  head: Buffer;
  maxBytes: number;
  counter: Counter;
}) {
  // Only the body's own failures are kept: an error of the store (a full disk) reaches this
  // generator too, thrown in at its `yield` when the stream is destroyed, and must stay the store's.
  const failed = (error: unknown) => {
    counter.failure = error;
    return error;
  };
  let chunk: Buffer | null = head;
  while (chunk) {
    counter.size += chunk.length;
    // Thrown before the chunk is written: storage never holds more than the limit.
    if (counter.size > maxBytes)
      throw failed(new AppError({ code: ErrorCode.tooLarge, message: tooLargeMessage({ maxBytes }) }));
    yield chunk;
    try {
      chunk = await reader.next();
    } catch (error) {
      throw failed(error);
    }
  }
}

/**
 * Sniffs the head of an incoming file, refuses it early when the kind is known, and streams it to
 * storage under a new server-made key. `kindName` is undefined when the client sent the kind after
 * the file: the caller checks it once the body has been read. `roles` are the caller's: a kind
 * none of them uploads is refused (403) before a byte is stored.
 */
export const storeIncomingFile = async ({
  file,
  kindName,
  roles,
  storage,
}: {
  file: IncomingFile;
  kindName?: string;
  roles: readonly string[];
  storage: StorageDriver;
}) => {
  const reader = createFileReader({ stream: file.stream });
  try {
    // The edge rule of every other input (input-guard.ts): the name is stored as original_name.
    assertCleanText({ text: file.filename, what: '文件名' });
    const kind: UploadKind | undefined = kindName === undefined ? undefined : ZUploadKind.parse(kindName);
    if (kind) assertKindPermitted({ kind, roles });
    const head = await reader.readHead({ bytes: HEAD_BYTES });
    if (head.length === 0) throw new AppError({ code: ErrorCode.badRequest, message: '上传的文件内容为空' });
    const type = await resolveStoredType({ head, filename: file.filename });
    if (kind) assertUploadAllowed({ kind, type });

    const maxBytes = kind ? kindRule({ kind }).maxBytes : MAX_UPLOAD_BYTES;
    const { key, name } = newStorageKey({ ext: type.ext });
    const counter: Counter = { size: 0 };
    try {
      await storage.put({
        key,
        body: Readable.from(limitedBody({ reader, head, maxBytes, counter }), { objectMode: false }),
        contentType: type.mime,
        contentDisposition: dispositionFor({ name, ext: type.ext }),
      });
    } catch (error) {
      // The body's own refusal first; then a store that is down (503) or full (507), in words.
      throw counter.failure ?? storageFailure(error) ?? error;
    }
    return { key, name, type, size: counter.size, originalName: file.filename } satisfies StoredUpload;
  } finally {
    // Refused or failed: discard the rest so the parser can finish (a no-op after a full read).
    void reader.drain();
  }
};
