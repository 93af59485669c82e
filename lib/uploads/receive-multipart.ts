import 'server-only';
import busboy from 'busboy';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AppError, ErrorCode } from '@/lib/http/app-error';

export type IncomingFile = { stream: Readable; filename: string; mimeType: string };

type ReceiveOptions<T> = {
  request: Request;
  fileField: string;
  /** Busboy stops passing file bytes beyond this (the caller enforces its own, lower limits). */
  maxFileBytes: number;
  /** Runs for the first file part, with the text fields that came before it. Must read or drain the stream. */
  onFile: (options: { file: IncomingFile; fieldsBefore: Record<string, string> }) => Promise<T>;
};

export const NO_FILE_MESSAGE = '请选择要上传的文件';

// After a refusal the rest of the body is read and discarded (never cancelled: Next throws
// ERR_INVALID_STATE) so the client can read the answer; a client still sending after this long
// gets the answer anyway, and Connection: close ends it.
const DRAIN_MS = 10_000;

const settleWithin = ({ promise, ms }: { promise: Promise<unknown>; ms: number }) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    promise
      .then(
        () => resolve(),
        () => resolve(),
      )
      .finally(() => clearTimeout(timer));
  });

const badBody = (error: unknown) =>
  error instanceof AppError
    ? error
    : new AppError({ code: ErrorCode.badRequest, message: '上传失败，请求内容不完整，请重试' });

/** Streams a multipart request through busboy: text fields are collected, the file goes to `onFile`. */
export const receiveMultipart = async <T>({
  request,
  fileField,
  maxFileBytes,
  onFile,
}: ReceiveOptions<T>) => {
  const contentType = request.headers.get('content-type') ?? '';
  if (!request.body || !/^multipart\/form-data/i.test(contentType)) {
    throw new AppError({ code: ErrorCode.badRequest, message: NO_FILE_MESSAGE });
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // busboy treats a file of exactly `fileSize` bytes as over the limit, hence + 1.
      limits: { files: 1, fields: 20, fieldSize: 64 * 1024, parts: 40, fileSize: maxFileBytes + 1 },
      defParamCharset: 'utf8',
    });
  } catch {
    throw new AppError({ code: ErrorCode.badRequest, message: NO_FILE_MESSAGE });
  }

  const fields: Record<string, string> = {};
  let task: Promise<T> | undefined;
  let failTask: (error: unknown) => void = () => {};
  const taskFailed = new Promise<never>((_, reject) => {
    failTask = reject;
  });
  const parsed = new Promise<void>((resolve, reject) => {
    parser.once('close', resolve);
    parser.once('error', reject);
  });
  parser.on('field', (name, value) => {
    fields[name] = value;
  });
  parser.on('file', (name, stream, info) => {
    // Only the first `file` part with a name counts; browsers send an empty nameless part when no file was chosen.
    if (name !== fileField || task || !info.filename) {
      stream.resume();
      return;
    }
    task = onFile({
      file: { stream, filename: info.filename, mimeType: info.mimeType },
      fieldsBefore: { ...fields },
    });
    task.catch(failTask);
  });
  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  source.once('error', (error) => parser.destroy(error));
  source.pipe(parser);

  try {
    await Promise.race([parsed, taskFailed]);
  } catch (error) {
    await Promise.allSettled([settleWithin({ promise: parsed, ms: DRAIN_MS }), task]);
    // The file's own outcome (a refusal) explains more than the parser's.
    if (task) await task;
    throw badBody(error);
  }
  return { fields, file: task ? await task : undefined };
};
