import { AppError } from '@/lib/http/app-error';

// What a failed storage call means to the caller: the store could not be reached or answered with
// its own failure (S3 down, a network cut) → 503, retry later; the disk is full → 507, the file was
// not saved. Anything else stays an unexpected error (500, logged).

export const STORAGE_UNAVAILABLE = '文件存储暂时不可用，请稍后重试';
export const STORAGE_FULL = '存储空间不足，文件未保存，请联系管理员';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);
// The AWS SDK's names for a call that got no answer in time or could not be sent.
const SDK_NETWORK_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'NetworkingError',
  'ServiceUnavailable',
  'SlowDown',
]);

type Failure = {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  $metadata?: { httpStatusCode?: number };
};

// The same codes in words: the SDK's retry layer may wrap a socket error into a new Error whose
// message is all that is left of it ("AWS SDK error wrapper for Error: connect ECONNREFUSED …").
const NETWORK_WORDS =
  /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE|EAI_AGAIN)\b|socket hang up/;

const layersOf = (error: unknown) => {
  const layers: Failure[] = [];
  const queue: unknown[] = [error];
  while (queue.length > 0 && layers.length < 8) {
    const next = queue.shift();
    if (!next || typeof next !== 'object') continue;
    const failure = next as Failure;
    layers.push(failure);
    queue.push(failure.cause);
    // Node's AggregateError (a connect tried on several addresses) holds the socket errors.
    if (Array.isArray(failure.errors)) queue.push(...failure.errors);
  }
  return layers;
};

/** The answer for a storage failure the user can act on, or null (an unexpected error). */
export const storageFailure = (error: unknown): AppError | null => {
  const layers = layersOf(error);
  if (layers.some((one) => typeof one.code === 'string' && FULL_CODES.has(one.code)))
    return new AppError({ code: 507, status: 507, message: STORAGE_FULL });
  const isUnreachable = layers.some(
    (one) =>
      (typeof one.code === 'string' && NETWORK_CODES.has(one.code)) ||
      (typeof one.name === 'string' && SDK_NETWORK_NAMES.has(one.name)) ||
      (typeof one.message === 'string' && NETWORK_WORDS.test(one.message)) ||
      (one.$metadata?.httpStatusCode ?? 0) >= 500,
  );
  return isUnreachable ? new AppError({ code: 503, status: 503, message: STORAGE_UNAVAILABLE }) : null;
};
