import { POST as uploadRoute } from '@/app/api/v1/manage/news_manage/upload_one_file/route';
import type { ApiResult } from '../../helpers/api';
import { multipartBody, type FilePart } from './multipart';

type UploadOptions = {
  token?: string;
  file?: FilePart;
  kind?: string;
  /** Where the client puts `kind`: a field before the file (the documented way), after it, or the query. */
  kindIn?: 'field-first' | 'field-after' | 'query';
};

/** Posts a streamed multipart body to the exported upload handler, as Next would. */
export const upload = async ({
  token,
  file,
  kind,
  kindIn = 'field-first',
}: UploadOptions): Promise<ApiResult<string | null>> => {
  const url = new URL('http://127.0.0.1:3000/api/v1/manage/news_manage/upload_one_file');
  if (kind !== undefined && kindIn === 'query') url.searchParams.set('kind', kind);
  const fields: Record<string, string> = kind !== undefined && kindIn !== 'query' ? { kind } : {};
  const { body, contentType } = multipartBody({ fields, file, isFileFirst: kindIn === 'field-after' });
  const headers: Record<string, string> = {
    'content-type': contentType,
    'x-forwarded-for': '127.0.0.1',
    'user-agent': 'jest',
  };
  if (token) headers['x-token'] = token;
  const response = await uploadRoute(
    new Request(url, { method: 'POST', body, headers, duplex: 'half' } as RequestInit),
  );
  return { status: response.status, body: await response.json(), headers: response.headers };
};

/** The storage key of an answered URL: local `/uploads/<key>`, s3 `<public url>/<key>`. */
export const keyOfUrl = (url: string) => url.split('/').slice(-3).join('/');
