import { apiGet } from '@/lib/api-client';

export type OutOption = { label: string; value: string | number };

// Every cell of a list column asks for the same url: one request serves them all for a minute.
const CACHE_MS = 60_000;
const cache = new Map<string, { at: number; promise: Promise<OutOption[]> }>();

/** field.url is a manage API path ('news_manage/x?…' or '/api/v1/manage/news_manage/x?…'). */
export const outOptionsPath = ({ url }: { url: string }) => `/${url.trim().replace(/^\/?(api\/v1\/manage\/)?/, '')}`;

const isOption = (entry: unknown): entry is OutOption =>
  entry !== null && typeof entry === 'object' && typeof (entry as OutOption).label === 'string' && ['string', 'number'].includes(typeof (entry as OutOption).value);

/** The options behind an out_auto field's url: data must be [{label, value}]. */
export const loadOutOptions = ({ url, isFresh = false }: { url: string; isFresh?: boolean }): Promise<OutOption[]> => {
  const cached = cache.get(url);
  if (cached && !isFresh && Date.now() - cached.at < CACHE_MS) return cached.promise;
  const promise = apiGet<unknown>({ path: outOptionsPath({ url }) }).then((data) => {
    if (!Array.isArray(data)) throw new Error('选项数据格式不正确');
    return data.filter(isOption);
  });
  cache.set(url, { at: Date.now(), promise });
  // A failure is not remembered: the next widget asks again.
  promise.catch(() => cache.delete(url));
  return promise;
};
