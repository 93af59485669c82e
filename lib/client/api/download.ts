import { showToast, TOAST_MS } from '@/lib/client/toast';
import { API_BASE, ApiError, NETWORK_ERROR_CODE, SESSION_END_CODES } from '@/lib/client/api/core';
import { getToken } from '@/lib/client/cookie-store';
import { openReloginDialog } from '@/lib/client/relogin-store';
import type { Envelope } from '@/lib/http/envelope';
import { saveBlob } from '@/lib/client/save-blob';

// An export streams every matching item; a large category takes a while.
const DOWNLOAD_TIMEOUT_MS = 600_000;

type DownloadOptions = {
  /** Path under /api/v1/manage, e.g. '/news_manage/export_news'. */
  path: string;
  query?: Record<string, string | number | null | undefined>;
  /** Used when the answer names no file. */
  fallbackName: string;
};

const buildUrl = ({ path, query }: Pick<DownloadOptions, 'path' | 'query'>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
};

/** The name from Content-Disposition: RFC 5987 filename* (UTF-8, Chinese names) first, then filename. */
export const filenameFromDisposition = ({ header }: { header: string | null }) => {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain ? plain[1].trim() : null;
};

const fail = ({ code, message }: { code: number; message: string }) => {
  const error = new ApiError({ code, message });
  showToast(error.message, { variant: 'error', autoHideDuration: TOAST_MS });
  if (SESSION_END_CODES.has(code)) openReloginDialog();
  return error;
};

/**
 * Downloads a file answer of the manage API with X-Token (a plain link cannot send the header)
 * and saves it under the server's name. A refusal arrives as the JSON envelope and is shown like
 * any API error. Answers the saved file's name.
 */
export const downloadFile = async ({ path, query, fallbackName }: DownloadOptions): Promise<string> => {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('X-Token', token);

  let response: Response;
  let blob: Blob;
  try {
    response = await fetch(buildUrl({ path, query }), {
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
    });
    const isEnvelope = (response.headers.get('Content-Type') ?? '').includes('application/json');
    if (isEnvelope || !response.ok) {
      const body = (await response.json().catch(() => null)) as Envelope<unknown> | null;
      throw fail({
        code: body?.code ?? response.status,
        message: body?.message || `下载失败（HTTP ${response.status}）`,
      });
    }
    blob = await response.blob();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const isTimeout = error instanceof DOMException && error.name === 'TimeoutError';
    throw fail({
      code: NETWORK_ERROR_CODE,
      message: isTimeout ? '下载超时，请稍后重试' : '下载失败，请检查网络后重试',
    });
  }

  const filename =
    filenameFromDisposition({ header: response.headers.get('Content-Disposition') }) ?? fallbackName;
  saveBlob({ blob, filename });
  return filename;
};
