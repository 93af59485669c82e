import { showToast, TOAST_MS } from '@/lib/client/toast';
import { API_BASE, apiRequest, ApiError, NETWORK_ERROR_CODE, SESSION_END_CODES } from '@/lib/client/api/core';
import { getToken } from '@/lib/client/cookie-store';
import { openReloginDialog } from '@/lib/client/relogin-store';
import type { Envelope } from '@/lib/http/envelope';
import { isStoredName } from '@/lib/storage/keys';
import type { UploadKind } from '@/lib/uploads/kinds';

export const UPLOAD_FAILED_MESSAGE = '上传失败';
const UPLOAD_PATH = '/news_manage/upload_one_file';
// An upload may take up to 600000 ms (10 minutes) before the browser gives up.
const UPLOAD_TIMEOUT_MS = 600_000;

/** Raised when the user cancelled the upload: not an error worth a red toast. */
export class UploadCancelledError extends Error {
  constructor() {
    super('已取消上传');
    this.name = 'UploadCancelledError';
  }
}

export type UploadHandle = { promise: Promise<string>; abort: () => void };

type UploadFileOptions = {
  file: File;
  kind: UploadKind;
  /** 0–100, as the bytes leave the browser. */
  onProgress?: (options: { percent: number }) => void;
};

const readAnswer = ({ xhr }: { xhr: XMLHttpRequest }): Envelope<unknown> => {
  try {
    const body = JSON.parse(xhr.responseText) as Envelope<unknown>;
    if (typeof body?.code === 'number') return body;
  } catch {
    // Not JSON (a proxy's error page): fall through to the generic failure.
  }
  return { code: xhr.status || NETWORK_ERROR_CODE, message: UPLOAD_FAILED_MESSAGE, data: null };
};

/**
 * Uploads one file to upload_one_file with progress and cancel. XMLHttpRequest rather than the
 * API client's fetch: fetch reports no upload progress. `kind` goes first in the form (and in the
 * query) so the server refuses a wrong type or size while the body streams, not after.
 */
export const uploadFile = ({ file, kind, onProgress }: UploadFileOptions): UploadHandle => {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<string>((resolve, reject) => {
    xhr.open('POST', `${API_BASE}${UPLOAD_PATH}?kind=${encodeURIComponent(kind)}`);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('X-Token', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable)
        onProgress?.({ percent: Math.min(100, Math.round((event.loaded / event.total) * 100)) });
    };
    xhr.onload = () => {
      const answer = readAnswer({ xhr });
      if (answer.code === 200 && typeof answer.data === 'string') {
        resolve(answer.data);
        return;
      }
      if (SESSION_END_CODES.has(answer.code)) openReloginDialog();
      reject(
        new ApiError({
          code: answer.code,
          message: answer.message || UPLOAD_FAILED_MESSAGE,
          data: answer.data,
        }),
      );
    };
    xhr.onerror = () => reject(new ApiError({ code: NETWORK_ERROR_CODE, message: UPLOAD_FAILED_MESSAGE }));
    xhr.ontimeout = () =>
      reject(new ApiError({ code: NETWORK_ERROR_CODE, message: `${UPLOAD_FAILED_MESSAGE}：请求超时` }));
    xhr.onabort = () => reject(new UploadCancelledError());
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
};

/** The stored name of an upload URL (its last path segment), when it is one of ours. */
export const storedNameOf = ({ url }: { url: string }) => {
  const name = url.split(/[?#]/)[0].split('/').pop() ?? '';
  return isStoredName(name) ? name : null;
};

/**
 * Asks the server to delete an uploaded file. The caller removes it from the field whatever the
 * answer (on a failure 删除失败 is shown, and the file still leaves the list), so this never throws.
 */
export const requestDeleteUploadedFile = async ({ url }: { url: string }) => {
  const name = storedNameOf({ url });
  // Someone else's URL (typed in, or from another store): nothing of ours to delete.
  if (!name) return;
  try {
    await apiRequest<null>({
      path: '/news_manage/del_oss_file',
      method: 'POST',
      body: { name },
      isQuiet: true,
    });
  } catch (error) {
    showToast('删除失败', { variant: 'error', autoHideDuration: TOAST_MS });
    if (error instanceof ApiError && SESSION_END_CODES.has(error.code)) openReloginDialog();
  }
};
