import { BoundedMap } from '@/lib/cache/bounded-map';
import { fetchOutOptions, type OutOption } from '@/lib/client/api/out-options';
import { isOwnOutOptions, outOptionsPath } from '@/lib/fields/out-options-url';

export { outOptionsPath };

// Every cell of a list column asks for the same url: one request serves them all for a minute.
// Cache: by url, 200 urls (least recently used evicted), each for 60 s; a failed request is
// dropped at once; `isFresh` asks again.
const cache = new BoundedMap<string, Promise<OutOption[]>>({ max: 200, ttlMs: 60_000 });

/**
 * Our own relation API (news_manage/get_out_options) searches titles and finds labels by id on the
 * server, so a relation to a category of any size works; any other url is one fixed list.
 */
export const isServerSearched = ({ url }: { url: string }) => isOwnOutOptions({ url });

/**
 * The url a form or list of category `classId` asks for field `fieldKey`'s options: our own
 * relation API gets `for_class_id` and `field` (the server then lets an editor limited to that
 * category read the category the field points to); any other url is left as it is.
 */
export const scopedOutUrl = ({
  url,
  classId,
  fieldKey,
}: {
  url: string;
  classId: number | null;
  fieldKey: string;
}) => {
  if (classId === null || !url || !isOwnOutOptions({ url })) return url;
  const path = outOptionsPath({ url });
  const at = path.indexOf('?');
  const params = new URLSearchParams(at < 0 ? '' : path.slice(at + 1));
  const base = at < 0 ? path : path.slice(0, at);
  params.set('for_class_id', String(classId));
  params.set('field', fieldKey);
  return `${base}?${params.toString()}`;
};

const withParam = ({ url, key, value }: { url: string; key: string; value: string }) => {
  const path = outOptionsPath({ url });
  return `${path}${path.includes('?') ? '&' : '?'}${key}=${encodeURIComponent(value)}`;
};

/** The options behind an out_auto field's url: data must be [{label, value}]. */
export const loadOutOptions = ({
  url,
  isFresh = false,
}: {
  url: string;
  isFresh?: boolean;
}): Promise<OutOption[]> => {
  const cached = isFresh ? undefined : cache.get(url);
  if (cached) return cached;
  const promise = fetchOutOptions({ path: outOptionsPath({ url }) });
  cache.set(url, promise);
  // A failure is not remembered: the next widget asks again.
  promise.catch(() => cache.delete(url));
  return promise;
};

/** Items of the related category whose title contains `keyword` (server-searched urls only). */
export const searchOutOptions = ({ url, keyword }: { url: string; keyword: string }) =>
  fetchOutOptions({ path: withParam({ url, key: 'keyword', value: keyword }) });

// Labels found by id, per url; the values asked for within one tick go out as one request.
// Cache: 50 urls × 5000 values (least recently used evicted), for the page's life; a failed
// request drops its values. `queued` is no cache: it holds one tick's requests until flush.
const MAX_IDS = 100;
const labels = new BoundedMap<string, BoundedMap<string, Promise<string | null>>>({ max: 50 });
const queued = new Map<string, Map<string, (label: string | null) => void>>();
const labelsOf = (url: string) => {
  const known = labels.get(url) ?? new BoundedMap<string, Promise<string | null>>({ max: 5000 });
  labels.set(url, known);
  return known;
};

const flush = (url: string) => {
  const waiting = queued.get(url);
  queued.delete(url);
  if (!waiting) return;
  const entries = [...waiting];
  for (let start = 0; start < entries.length; start += MAX_IDS) {
    const batch = entries.slice(start, start + MAX_IDS);
    fetchOutOptions({ path: withParam({ url, key: 'ids', value: batch.map(([value]) => value).join(',') }) })
      .then((options) => {
        const found = new Map(options.map((option) => [String(option.value), option.label]));
        for (const [value, resolve] of batch) resolve(found.get(value) ?? null);
      })
      .catch(() => {
        // Not remembered: a later cell asks again; this one shows the stored value.
        for (const [value, resolve] of batch) {
          labels.get(url)?.delete(value);
          resolve(null);
        }
      });
  }
};

/**
 * The label of a stored value of a server-searched relation (null: no such item). The cells of a
 * list page ask together: one request for all the values they hold.
 */
export const resolveOutLabel = ({ url, value }: { url: string; value: string }): Promise<string | null> => {
  if (!/^\d{1,10}$/.test(value)) return Promise.resolve(null);
  const known = labelsOf(url);
  const existing = known.get(value);
  if (existing) return existing;
  const promise = new Promise<string | null>((resolve) => {
    const waiting = queued.get(url) ?? new Map<string, (label: string | null) => void>();
    if (!queued.has(url)) {
      queued.set(url, waiting);
      setTimeout(() => flush(url), 0);
    }
    waiting.set(value, resolve);
  });
  known.set(value, promise);
  return promise;
};
